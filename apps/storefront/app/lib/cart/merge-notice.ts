import type { MergeDrop } from '../api/cart.api';

/**
 * What the last cart merge (at sign-in) dropped, kept in sessionStorage until the shopper has read it
 * on the cart page: the merge happens on whichever page first sees the session.
 */
const key = (store: string) => `ember.cartMerge.${store}`;

export function saveMergeNotice(store: string, dropped: MergeDrop[]): void {
  try {
    window.sessionStorage.setItem(key(store), JSON.stringify(dropped));
  } catch {
    // Without storage the notice is lost; the cart itself is right.
  }
}

export function readMergeNotice(store: string): MergeDrop[] {
  try {
    const raw = window.sessionStorage.getItem(key(store));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as MergeDrop[]).filter((d) => d && typeof d.code === 'string' && typeof d.reason === 'string') : [];
  } catch {
    return [];
  }
}

export function clearMergeNotice(store: string): void {
  try {
    window.sessionStorage.removeItem(key(store));
  } catch {
    // Nothing to clear.
  }
}
