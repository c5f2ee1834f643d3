import { safeReturnTo } from '../account/return-to';

/**
 * Where the customer goes once their age is verified (the cart, when checkout sent them). Kept in
 * sessionStorage because the provider's workflow is a full page away and back.
 */
const key = (store: string) => `ember.ageVerification.returnTo.${store}`;

export function rememberAgeReturn(store: string, path: string): void {
  const safe = safeReturnTo(path);
  if (safe) window.sessionStorage.setItem(key(store), safe);
}

export function readAgeReturn(store: string): string | null {
  if (typeof window === 'undefined') return null;
  return safeReturnTo(window.sessionStorage.getItem(key(store)));
}

export function forgetAgeReturn(store: string): void {
  window.sessionStorage.removeItem(key(store));
}

/** The verification the provider names when it sends the customer back (`#/age-verification?verification=…`). */
export function verificationFromHash(hash: string): string | null {
  const query = hash.split('?')[1];
  const id = query ? new URLSearchParams(query).get('verification') : null;
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}
