import { useQuery, type QueryClient } from '../api/query';
import { useCallback } from 'react';
import { useSession, type SessionState } from '../account/session';
import {
  cartClient, createEmptyCart, fetchCart, fetchCustomerCart, isCartGone, mergeCarts, type Cart,
} from '../api/cart.api';
import { getBrowserQueryClient } from '../api/query-client';
import { saveMergeNotice } from './merge-notice';

/**
 * Where the cart lives. A visitor's cart is a guest cart whose masked id the browser keeps in
 * localStorage, one per store view (a cart has one currency and one set of prices). A signed-in
 * customer's cart is `customerCart`, kept by the server; the first time the browser sees the
 * session, a guest cart it still holds is merged into it and forgotten.
 */
const GUEST_CART_PREFIX = 'ember.cart.';

export function guestCartStorageKey(store: string): string {
  return `${GUEST_CART_PREFIX}${store}`;
}

export function readGuestCartId(store: string): string | null {
  try {
    return window.localStorage.getItem(guestCartStorageKey(store));
  } catch {
    return null;
  }
}

export function writeGuestCartId(store: string, cartId: string | null): void {
  try {
    if (cartId) window.localStorage.setItem(guestCartStorageKey(store), cartId);
    else window.localStorage.removeItem(guestCartStorageKey(store));
  } catch {
    // Storage refused (private mode, quota): the cart lives for this page only.
  }
}

/** Whose cart: the signed-in customer's uuid, or the visitor's. */
function ownerOf(session: SessionState): string {
  return session.status === 'signed-in' ? session.user.uuid : 'guest';
}

export const cartQueryKey = (store: string, owner: string) => ['cart', store, owner] as const;

/**
 * The cart to show: the customer's (with any guest cart merged in), the visitor's saved guest
 * cart, or none yet (a visitor's cart is created by the first "Add to cart", not by looking).
 */
export async function loadCart(store: string, owner: string): Promise<Cart | null> {
  const client = cartClient(store);
  const guestId = readGuestCartId(store);
  if (owner !== 'guest') {
    const customerCart = await fetchCustomerCart(client);
    if (!guestId || guestId === customerCart.id) return customerCart;
    try {
      const merged = await mergeCarts(client, guestId, customerCart.id);
      writeGuestCartId(store, null);
      // The cart page says which coupons (or campaign) the merge could not keep, and why.
      if (merged.dropped.length) saveMergeNotice(store, merged.dropped);
      return merged.cart;
    } catch (error) {
      // A guest cart that has gone (ordered, expired, merged in another tab) has nothing to add.
      if (!isCartGone(error)) throw error;
      writeGuestCartId(store, null);
      return customerCart;
    }
  }
  if (!guestId) return null;
  try {
    return await fetchCart(client, guestId);
  } catch (error) {
    if (!isCartGone(error)) throw error;
    writeGuestCartId(store, null);
    return null;
  }
}

export interface CartState {
  /** Undefined until the browser knows the session and has read the cart. */
  cart: Cart | null | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/** The current cart through the query cache; client only (the server renders every page cartless). */
export function useCart(store: string): CartState {
  const session = useSession();
  const owner = ownerOf(session);
  const query = useQuery({
    queryKey: cartQueryKey(store, owner),
    queryFn: () => loadCart(store, owner),
    enabled: typeof window !== 'undefined' && session.status !== 'pending',
    staleTime: 30_000,
  });
  return {
    cart: query.data,
    isLoading: session.status === 'pending' || query.isPending,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}

/**
 * The id to write to, creating the cart when there is none: `customerCart` for a customer (the
 * server creates it), a new guest cart saved in localStorage for a visitor.
 */
async function ensureCartId(store: string, owner: string, queryClient: QueryClient): Promise<string> {
  const known = queryClient.getQueryData<Cart | null>(cartQueryKey(store, owner));
  if (known) return known.id;
  const client = cartClient(store);
  if (owner !== 'guest') {
    const cart = await fetchCustomerCart(client);
    queryClient.setQueryData(cartQueryKey(store, owner), cart);
    return cart.id;
  }
  // The cart may not be read yet (a click right after the page opened): the saved id still holds.
  const saved = readGuestCartId(store);
  if (saved) return saved;
  const cartId = await createEmptyCart(client);
  writeGuestCartId(store, cartId);
  return cartId;
}

/**
 * Runs a cart call against the current cart and keeps the answer as the cart. A cart that has
 * gone (ordered in another tab, expired) is forgotten and the call is tried once on a fresh one.
 */
export function useCartUpdate(store: string) {
  const session = useSession();
  const owner = ownerOf(session);
  return useCallback(
    async <T extends { cart: Cart } | Cart>(call: (cartId: string) => Promise<T>): Promise<T> => {
      const queryClient = getBrowserQueryClient();
      const key = cartQueryKey(store, owner);
      const run = async () => {
        // A read still in flight would land after this answer and show the cart as it was.
        await queryClient.cancelQueries({ queryKey: key });
        const result = await call(await ensureCartId(store, owner, queryClient));
        queryClient.setQueryData(key, 'cart' in result ? (result as { cart: Cart }).cart : result);
        return result;
      };
      try {
        return await run();
      } catch (error) {
        if (!isCartGone(error)) throw error;
        if (owner === 'guest') writeGuestCartId(store, null);
        queryClient.setQueryData(key, null);
        return run();
      }
    },
    [store, owner],
  );
}

/** Keeps a cart a failed call still answered with, so the page shows the cart as it is. */
export function useStoreCart(store: string) {
  const session = useSession();
  const owner = ownerOf(session);
  return useCallback((cart: Cart | null) => getBrowserQueryClient().setQueryData(cartQueryKey(store, owner), cart), [store, owner]);
}

/**
 * After an order: the cart is closed on the server. A visitor's id is forgotten; a customer's
 * next `customerCart` is a new, empty one.
 */
export function forgetCart(store: string): void {
  writeGuestCartId(store, null);
  const queryClient = getBrowserQueryClient();
  queryClient.removeQueries({ queryKey: ['cart', store] });
}

/** Quantity of items in the cart (the header's count). */
export function cartCount(cart: Cart | null | undefined): number {
  return cart ? Math.round(cart.total_quantity) : 0;
}
