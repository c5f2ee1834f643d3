import type { Queryable, Reader, Tx } from '../../platform/db.js';
import type { CleanAddress } from '../checkout/checkout.service.js';
import { ADDRESS_COLUMNS, ADDRESS_NAMES, ADDRESS_UPSERT, ADDRESS_WRITE, CART_COLUMNS, ITEM_COLUMNS } from './cart.store.columns.js';

export * from './cart.store.coupons.js';
export * from './cart.store.read.js';

export interface CartRow {
  id: string;
  masked_id: string;
  store_code: string;
  customer_uuid: string | null;
  status: 'active' | 'ordered' | 'merged';
  email: string | null;
  shipping_carrier_code: string | null;
  shipping_method_code: string | null;
  payment_method_code: string | null;
  /** The checkout agreements ticked for this cart (setPaymentMethodOnCart agreement_ids). */
  agreement_ids: number[];
  /** A shopper's cart, or the cart a subscription renewal is placed from (made and ordered in one transaction). */
  purpose: 'shop' | 'renewal' | 'conversion';
}

export interface BundleSelectionRef { option_id: number; selection_id: number; quantity: number }

export interface CartItemRow {
  id: string;
  cart_id: string;
  product_id: number;
  parent_product_id: number | null;
  sku: string;
  quantity: number;
  is_gift: boolean;
  parent_gift_sku: string | null;
  bundle_selections: BundleSelectionRef[];
  /** A subscription line's delivery frequency in weeks as the shopper chose it; null: the plan's default (docs/decisions/0059). */
  subscription_frequency_weeks: number | null;
}

/** A checked address (checkout's CleanAddress) as the cart keeps it, with where it came from. */
export interface CartAddressRow extends CleanAddress {
  kind: 'shipping' | 'billing';
  customer_address_id: number | null;
  save_in_address_book: boolean;
  pickup_location_code: string | null;
}


/** One INSERT, atomic on its own: on the database (a new guest cart) or in the caller's transaction. */
export async function insertCart(
  q: Queryable, c: { masked_id: string; store_code: string; customer_uuid: string | null; guest_key_hash?: Buffer | null; purpose?: CartRow['purpose'] },
): Promise<CartRow> {
  const { rows } = await q.query<CartRow>(
    `INSERT INTO cart_cart (masked_id, store_code, customer_uuid, guest_key_hash, purpose) VALUES ($1, $2, $3, $4, $5) RETURNING ${CART_COLUMNS}`,
    [c.masked_id, c.store_code, c.customer_uuid, c.guest_key_hash ?? null, c.purpose ?? 'shop'],
  );
  return rows[0]!;
}

/** The customer's active cart in a store view, created when missing; concurrent callers meet on the unique index. */
export async function ensureCustomerCart(tx: Tx, uuid: string, store: string, maskedId: string): Promise<CartRow> {
  await tx.query(
    `INSERT INTO cart_cart (masked_id, store_code, customer_uuid) VALUES ($1, $2, $3)
     ON CONFLICT (customer_uuid, store_code) WHERE status = 'active' AND customer_uuid IS NOT NULL AND purpose = 'shop' DO NOTHING`,
    [maskedId, store, uuid],
  );
  const { rows } = await tx.query<CartRow>(
    `SELECT ${CART_COLUMNS} FROM cart_cart WHERE customer_uuid = $1 AND store_code = $2 AND status = 'active' AND purpose = 'shop'`,
    [uuid, store],
  );
  return rows[0]!;
}

/** A cart row with what deciding access needs: the guest credential's digest and whether it holds personal data. */
/** Binds a guest cart made before guest credentials existed to one; a cart already bound keeps its own. */
export async function bindGuestKey(tx: Tx, cartId: string, keyHash: Buffer): Promise<boolean> {
  const r = await tx.query('UPDATE cart_cart SET guest_key_hash = $2 WHERE id = $1 AND guest_key_hash IS NULL AND customer_uuid IS NULL', [cartId, keyHash]);
  return r.rowCount === 1;
}

/**
 * Writes the cart's own fields (and touches it), deferred: the write goes out with the transaction's
 * next statement or its COMMIT (Tx.defer), since no caller needs its answer.
 */
export function updateCart(
  tx: Tx, id: string,
  patch: Partial<Pick<CartRow, 'email' | 'shipping_carrier_code' | 'shipping_method_code' | 'payment_method_code' | 'agreement_ids' | 'status'>>,
): void {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [id];
  for (const [k, v] of Object.entries(patch)) {
    params.push(v);
    sets.push(`${k} = $${params.length}`);
  }
  if (patch.status === 'ordered') sets.push('ordered_at = now()');
  tx.defer(`UPDATE cart_cart SET ${sets.join(', ')} WHERE id = $1`, params);
}

/**
 * Deletes up to `limit` guest carts untouched for `days` days and never ordered (active or merged),
 * oldest first; their lines, addresses and coupons go with them. Rows another transaction holds are
 * skipped, so two instances never wait on each other. Answers how many were deleted.
 */
export async function deleteUntouchedGuestCarts(tx: Tx, days: number, limit: number): Promise<number> {
  const r = await tx.query(
    `DELETE FROM cart_cart WHERE id IN (
       SELECT id FROM cart_cart
        WHERE customer_uuid IS NULL AND status <> 'ordered' AND updated_at < now() - make_interval(days => $1)
        ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    [days, limit],
  );
  return r.rowCount;
}

export async function listItems(q: Reader, cartId: string): Promise<CartItemRow[]> {
  const { rows } = await q.query<CartItemRow>(
    `SELECT ${ITEM_COLUMNS} FROM cart_item c WHERE c.cart_id = $1 ORDER BY c.id`,
    [cartId],
  );
  return rows;
}

/**
 * Adds a line (a trigger touches the cart's row, migration 0032) and answers its id. With an id taken
 * from the lines' sequence beforehand (CartState.lineIds), the insert is deferred (Tx.defer): it goes
 * with the transaction's next statement or its COMMIT instead of a round trip of its own.
 */
export async function insertItem(
  tx: Tx, cartId: string, i: Omit<CartItemRow, 'id' | 'cart_id' | 'subscription_frequency_weeks'> & { subscription_frequency_weeks?: number | null }, id?: string,
): Promise<string> {
  const sql = `INSERT INTO cart_item (id, cart_id, product_id, parent_product_id, sku, quantity, is_gift, parent_gift_sku, bundle_selections, subscription_frequency_weeks)
     VALUES (COALESCE($9::bigint, nextval('cart_item_id_seq')), $1, $2, $3, $4, $5, $6, $7, $8::jsonb, $10) RETURNING id::text AS id`;
  const values = [
    cartId, i.product_id, i.parent_product_id, i.sku, i.quantity, i.is_gift, i.parent_gift_sku, JSON.stringify(i.bundle_selections), id ?? null,
    i.subscription_frequency_weeks ?? null,
  ];
  if (id !== undefined) {
    tx.defer(sql, values);
    return id;
  }
  const { rows } = await tx.query<{ id: string }>(sql, values);
  return rows[0]!.id;
}

/** Sets a line's quantity (deferred: nothing reads the write's answer). */
export function setItemQuantity(tx: Tx, cartId: string, itemId: string, quantity: number): void {
  tx.defer(`UPDATE cart_item SET quantity = $3 WHERE cart_id = $1 AND id = $2`, [cartId, itemId, quantity]);
}

/** Sets a subscription line's delivery frequency (deferred, as setItemQuantity). */
export function setItemFrequency(tx: Tx, cartId: string, itemId: string, weeks: number | null): void {
  tx.defer(`UPDATE cart_item SET subscription_frequency_weeks = $3 WHERE cart_id = $1 AND id = $2`, [cartId, itemId, weeks]);
}

/** The cart's address of a kind, if set. */
export async function findAddress(q: Reader, cartId: string, kind: CartAddressRow['kind']): Promise<CartAddressRow | null> {
  const { rows } = await q.query<CartAddressRow>(`SELECT ${ADDRESS_COLUMNS} FROM cart_address WHERE cart_id = $1 AND kind = $2`, [cartId, kind]);
  return rows[0] ?? null;
}

export async function deleteItems(tx: Tx, cartId: string, itemIds: string[]): Promise<void> {
  if (itemIds.length) await tx.query('DELETE FROM cart_item WHERE cart_id = $1 AND id = ANY($2::bigint[])', [cartId, itemIds]);
}

/** Sets the cart's address of a kind, deferred like updateCart (the row is checked before it is written). */
const UPSERT_ADDRESS = `INSERT INTO cart_address (cart_id, ${ADDRESS_NAMES})
  VALUES ($1, ${ADDRESS_WRITE.map(([n, t], i) => `$${i + 2}${n === 'extra' ? `::${t}` : ''}`).join(', ')})
  ${ADDRESS_UPSERT}`;

export function upsertAddress(tx: Tx, cartId: string, a: CartAddressRow): void {
  tx.defer(
    UPSERT_ADDRESS,
    [cartId, ...ADDRESS_WRITE.map(([n]) => (n === 'extra' ? JSON.stringify(a.extra) : a[n]))],
  );
}

/** Moves the lines of one cart into another (mergeCarts); the caller merges duplicates afterwards. */
export async function moveItems(tx: Tx, fromCartId: string, toCartId: string): Promise<void> {
  await tx.query('UPDATE cart_item SET cart_id = $2 WHERE cart_id = $1', [fromCartId, toCartId]);
}

export type PromotionType = 'conditional_purchase' | 'free_gift_fixed' | 'free_gift_flexible';
export interface PromotionTexts { title?: string; description?: string; hint?: string; label?: string }

export interface PromotionRow {
  id: number;
  code: string;
  store_code: string;
  type: PromotionType;
  trigger_skus: string[];
  min_qty: number;
  min_subtotal_minor: number;
  skus: string[];
  allowed_qty: number | null;
  texts: Record<string, PromotionTexts>;
}


export async function insertPromotion(
  tx: Tx,
  p: Omit<PromotionRow, 'id' | 'min_qty' | 'min_subtotal_minor' | 'texts'> & Partial<Pick<PromotionRow, 'min_qty' | 'min_subtotal_minor' | 'texts'>> & { is_active?: boolean; to_at?: Date | null },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO cart_promotion (code, store_code, type, trigger_skus, min_qty, min_subtotal_minor, skus, allowed_qty, texts, is_active, to_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11) RETURNING id`,
    [p.code, p.store_code, p.type, p.trigger_skus, p.min_qty ?? 0, p.min_subtotal_minor ?? 0, p.skus, p.allowed_qty,
      JSON.stringify(p.texts ?? {}), p.is_active ?? true, p.to_at ?? null],
  );
  return rows[0]!.id;
}

/** The customer's carts with their lines and addresses, for a data-subject export. */
export async function cartsForExport(q: Reader, customerUuid: string) {
  const { rows } = await q.query<Record<string, unknown>>(
    `SELECT c.store_code, c.status, c.email, c.created_at, c.updated_at, c.ordered_at,
            COALESCE((SELECT json_agg(json_build_object('sku', i.sku, 'quantity', i.quantity, 'subscription_frequency_weeks', i.subscription_frequency_weeks) ORDER BY i.id)
                        FROM cart_item i WHERE i.cart_id = c.id), '[]') AS items,
            COALESCE((SELECT json_agg(json_build_object('kind', a.kind, 'firstname', a.firstname, 'lastname', a.lastname, 'company', a.company,
                        'street', a.street, 'city', a.city, 'postcode', a.postcode, 'country_code', a.country_code, 'region', a.region,
                        'telephone', a.telephone) ORDER BY a.kind) FROM cart_address a WHERE a.cart_id = c.id), '[]') AS addresses
       FROM cart_cart c WHERE c.customer_uuid = $1::uuid ORDER BY c.id`,
    [customerUuid],
  );
  return rows;
}

/** Deletes the customer's carts (lines, addresses and coupons go with them); placed orders keep their own copies. */
export async function deleteCustomerCarts(tx: Tx, customerUuid: string): Promise<number> {
  return (await tx.query('DELETE FROM cart_cart WHERE customer_uuid = $1::uuid', [customerUuid])).rowCount;
}
