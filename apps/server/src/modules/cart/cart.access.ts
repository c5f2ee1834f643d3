import { randomBytes, timingSafeEqual } from 'node:crypto';
import { phrase } from '../../platform/messages.js';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { requireTx, type Transactions } from '../../platform/transaction.js';
import { AppError } from '../../platform/errors.js';
import type { StoreView } from '../store/store.service.js';
import type { UnpaidLimits } from '../../workflows/unpaid-holds.js';
import * as store from './cart.store.js';
import type { CartAccessRow, CartRow, CartState, StoreWideState } from './cart.store.js';

const MASKED_ID = /^[A-Za-z0-9_-]{32}$/;

/** A new masked cart id: 192 random bits, base64url (32 characters, Magento's length). */
export function newMaskedId(): string {
  return randomBytes(24).toString('base64url');
}

/** Who is asking: the store view of the request and the signed-in customer, if any. */
export interface Caller {
  store: StoreView;
  customerUuid: string | null;
  /**
   * The digest of the request's guest cart credential (the httpOnly cookie set when a guest cart is
   * created), null without one; a guest cart holding personal data answers only to it (decision 0033).
   */
  guestKey?: Buffer | null;
  /** The connection placing an order and its limits of orders waiting for payment (placeOrder). */
  client?: { ip: string | null; unpaidLimits: UnpaidLimits };
}

function sameKey(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Binding a guest credential writes: only a locking access, in the caller's transaction, does it. */
function bindGuestKey(q: Reader, cartId: string, keyHash: Buffer): Promise<boolean> {
  requireTx(q);
  return store.bindGuestKey(q, cartId, keyHash);
}

/**
 * The cart a caller may use. A plain read takes the database or a transaction; a locking one
 * (`lock`) needs the caller's transaction. A customer's cart answers only to its owner's token; an unknown id,
 * another customer's cart or another store view's cart is CART_NOT_FOUND; a cart already ordered
 * or merged is CART_NOT_ACTIVE.
 */
export async function access(
  q: Reader, caller: Caller, maskedId: string, opts: { lock: boolean; allowInactive?: boolean; claim?: boolean },
): Promise<CartRow> {
  const found = MASKED_ID.test(maskedId ?? '') ? await store.findCart(q, maskedId, opts.lock) : null;
  return admit(q, caller, maskedId, found, opts);
}

/**
 * A locking access that also reads the cart's state in the same statement (store.lockCartWithState):
 * for a mutation that prices the cart, one round trip fewer than locking and then reading.
 */
export async function accessWithState(
  tx: Tx, caller: Caller, maskedId: string, opts: { allowInactive?: boolean; claim?: boolean; askedSkus?: string[]; wide?: StoreWideState } = {},
): Promise<{ cart: CartRow; state: CartState }> {
  const found = MASKED_ID.test(maskedId ?? '') ? await store.lockCartWithState(tx, maskedId, caller.store.code, opts.askedSkus, opts.wide) : null;
  const cart = await admit(tx, caller, maskedId, found?.access ?? null, { ...opts, lock: true });
  return { cart, state: found!.state };
}

/**
 * A guest's checkout field in one statement (store.writeGuestWithState), for a guest caller holding
 * a credential: the cart and its state as written, or null when the locking path must answer (a
 * signed-in caller, no credential, an id of the wrong shape, or nothing written: another caller's
 * cart, an inactive one, one changed meanwhile, one not yet bound to a credential).
 */
export async function writeGuest(
  q: Queryable, caller: Caller, maskedId: string, wide: StoreWideState, write: store.GuestWrite,
): Promise<{ cart: CartRow; state: CartState; written: store.StatePatch } | null> {
  if (!isCredentialedGuest(caller) || !MASKED_ID.test(maskedId ?? '')) return null;
  const found = await store.writeGuestWithState(q, maskedId, caller.store.code, caller.guestKey, wide, write);
  if (!found) return null;
  const { guest_key_hash: _keyHash, personal: _personal, ...cart } = found.access;
  return { cart, state: found.state, written: found.written };
}

/** A guest whose browser holds a cart credential: the only caller a one-statement write can serve. */
export function isCredentialedGuest(caller: Caller): caller is Caller & { guestKey: Buffer } {
  return !caller.customerUuid && Boolean(caller.guestKey);
}

/** The rules of `access` on a found (or missing) cart row. */
async function admit(
  q: Reader, caller: Caller, maskedId: string, found: CartAccessRow | null, opts: { lock: boolean; allowInactive?: boolean; claim?: boolean },
): Promise<CartRow> {
  const notFound = () => new AppError('CART_NOT_FOUND', `Could not find a cart with ID "${String(maskedId).slice(0, 40)}"`);
  // A merged cart is gone: its id grants nothing any more (decision 0033).
  if (!found || found.store_code !== caller.store.code || found.status === 'merged' || (found.customer_uuid !== null && found.customer_uuid !== caller.customerUuid)) {
    throw notFound();
  }
  const { guest_key_hash: keyHash, personal, ...cart } = found;
  if (cart.customer_uuid === null && (personal || opts.claim)) {
    // A guest cart with personal data, or about to take some or to be merged, answers only to the
    // browser that created it; anyone else is told what a random id is told.
    if (!caller.guestKey) throw notFound();
    if (keyHash ? !sameKey(keyHash, caller.guestKey) : personal || !(opts.lock && (await bindGuestKey(q, cart.id, caller.guestKey)))) throw notFound();
  }
  if (cart.status !== 'active' && !opts.allowInactive) throw new AppError('CART_NOT_ACTIVE', phrase('cart.notActive'));
  return cart;
}

/**
 * A new guest cart, bound to the digest of the creating browser's guest credential when there is one.
 * One INSERT, atomic on its own: it runs on the database (createEmptyCart opens no transaction for
 * it) or in the caller's transaction.
 */
export function createGuestCart(q: Queryable, storeView: StoreView, guestKey: Buffer | null = null): Promise<CartRow> {
  return store.insertCart(q, { masked_id: newMaskedId(), store_code: storeView.code, customer_uuid: null, guest_key_hash: guestKey });
}

export function customerCart(tx: Tx, storeView: StoreView, uuid: string): Promise<CartRow> {
  return store.ensureCustomerCart(tx, uuid, storeView.code, newMaskedId());
}

/**
 * Deletes guest carts nobody came back to for `days` days, in batches of `batch` (one short
 * transaction each, so no long one), until none is left; answers how many went.
 */
export async function deleteUntouchedGuestCarts(transactions: Transactions, days: number, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await transactions((tx) => store.deleteUntouchedGuestCarts(tx, days, batch));
    total += n;
    if (n < batch) return total;
  }
}
