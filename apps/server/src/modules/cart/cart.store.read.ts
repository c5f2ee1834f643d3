import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { SALE_FACTS_COLUMNS, type SaleFactsRow } from '../catalog/catalog.store.js';
import { ADDRESS_COLUMNS, ADDRESS_NAMES, ADDRESS_UPSERT, ADDRESS_WRITE, CART_COLUMNS, ITEM_COLUMNS, PROMOTION_COLUMNS, RUNNING_PROMOTION } from './cart.store.columns.js';
import { RULE_COLUMNS, type CartRuleRow } from './cart.store.coupons.js';
import type { CartAddressRow, CartItemRow, CartRow, PromotionRow } from './cart.store.js';

/** The reads a cart is accessed and priced by: the row a caller is admitted on, and its state. */

export interface CartAccessRow extends CartRow {
  guest_key_hash: Buffer | null;
  /** An e-mail or an address (names, street, phone) is on the cart. */
  personal: boolean;
}

/**
 * Whether a cart (`cart`: its alias) holds personal data, an e-mail or an address: such a guest cart
 * answers only to its own browser (cart.access.ts). One expression for both ways a cart is read.
 */
const PERSONAL = (cart: string) => `(${cart}.email IS NOT NULL OR EXISTS (SELECT 1 FROM cart_address a WHERE a.cart_id = ${cart}.id)) AS personal`;

export async function findCart(q: Reader, maskedId: string, lock: boolean): Promise<CartAccessRow | null> {
  const { rows } = await q.query<CartAccessRow>(
    `SELECT ${CART_COLUMNS}, guest_key_hash,
            ${PERSONAL('cart_cart')}
       FROM cart_cart WHERE masked_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [maskedId],
  );
  return rows[0] ? accessRow(rows[0]) : null;
}

/** PGlite and node-postgres both answer bytea as bytes; normalised to a Buffer. */
function accessRow(row: CartAccessRow): CartAccessRow {
  return { ...row, guest_key_hash: row.guest_key_hash ? Buffer.from(row.guest_key_hash) : null };
}

/** Everything a priced cart is built from, as of now in the caller's transaction. */
export interface CartState {
  cart: CartRow | null;
  items: CartItemRow[];
  addresses: CartAddressRow[];
  rules: CartRuleRow[];
  tax: { title: string; rate_bp: number };
  promotions: PromotionRow[];
  /**
   * Fresh sale facts (the catalogue's `catalog_sale_facts`) of the lines' products and parents, the
   * running promotions' gifts and the extra skus asked for: a product sold in the store view is here.
   */
  facts: SaleFactsRow[];
  /**
   * Ids taken from the lines' sequence for lines about to be added (one per sku asked for), so a new
   * line is written with the transaction's next statement or its COMMIT instead of waiting for its id.
   */
  lineIds?: string[];
}



/**
 * What a cart's state shares with every cart of its store view: the tax rate, the promotions (with
 * their dates, so the running ones are picked at each use) and the sale facts of their gifts. The
 * cart keeps it per store view (PricingLoader.storeWide) for the checkout fields, which change no line.
 */
export interface StoreWideState {
  tax: { title: string; rate_bp: number };
  promotions: (PromotionRow & { from_at: string | null; to_at: string | null })[];
  giftFacts: SaleFactsRow[];
}

/** A store view without a tax rate charges none. */
const NO_TAX = { title: 'Tax', rate_bp: 0 };

/** The store view's tax rate, as JSON; `store` is the SQL that names the store code. */
const TAX_OF = (store: string) => `(SELECT row_to_json(t) FROM (SELECT title, rate_bp FROM cart_tax_rate WHERE store_code = ${store}) t)`;

/** The promotions matching `where`, with `columns`, as a JSON array. */
const PROMOTIONS_OF = (columns: string, where: string) =>
  `COALESCE((SELECT json_agg(p ORDER BY p.id) FROM (SELECT ${columns} FROM cart_promotion WHERE ${where}) p), '[]'::json)`;

/** The skus the gift promotions matching `where` offer. */
const GIFT_SKUS_OF = (where: string) => `SELECT unnest(skus) FROM cart_promotion WHERE ${where} AND type IN ('free_gift_fixed', 'free_gift_flexible')`;

/** The sale facts in store view `store` of the products meeting `condition`, as a JSON array. */
const SALE_FACTS_OF = (store: string, condition: string) =>
  `COALESCE((SELECT json_agg(f) FROM (SELECT ${SALE_FACTS_COLUMNS} FROM catalog_sale_facts WHERE store_code = ${store} AND (${condition})) f), '[]'::json)`;

/** The store view's ($1) tax rate, active promotions and their gifts' sale facts, in one statement. */
export async function loadStoreWideState(q: Reader, storeCode: string): Promise<StoreWideState> {
  const active = 'store_code = $1 AND is_active';
  const { rows } = await q.query<{ tax: StoreWideState['tax'] | null; promotions: StoreWideState['promotions']; gift_facts: SaleFactsRow[] }>(
    `SELECT ${TAX_OF('$1')} AS tax,
       ${PROMOTIONS_OF(`${PROMOTION_COLUMNS}, from_at, to_at`, active)} AS promotions,
       ${SALE_FACTS_OF('$1', `sku IN (${GIFT_SKUS_OF(active)})`)} AS gift_facts`,
    [storeCode],
  );
  const r = rows[0]!;
  return { tax: r.tax ?? NO_TAX, promotions: r.promotions, giftFacts: r.gift_facts };
}

/** The promotions of `wide` running at `now`, as the cart's state holds them. */
function runningAt(wide: StoreWideState, now: number): PromotionRow[] {
  return wide.promotions
    .filter((p) => (p.from_at === null || Date.parse(p.from_at) <= now) && (p.to_at === null || Date.parse(p.to_at) > now))
    .map(({ from_at: _from, to_at: _to, ...p }) => p);
}

/**
 * The select list of a cart's state: its lines, addresses and coupons, and the sale facts of its
 * lines' products and of the skus in $3 (`cartId` is the SQL that names the cart's id). Without
 * `wide` it also reads the store view's ($2) tax rate, running promotions and their gifts' facts;
 * with it, they come from there.
 */
function stateColumns(cartId: string, wide: boolean): string {
  const own = `COALESCE((SELECT json_agg(i ORDER BY i.id::bigint) FROM (SELECT ${ITEM_COLUMNS} FROM cart_item WHERE cart_id = ${cartId}) i), '[]'::json) AS items,
       COALESCE((SELECT json_agg(a) FROM (SELECT ${ADDRESS_COLUMNS} FROM cart_address WHERE cart_id = ${cartId}) a), '[]'::json) AS addresses,
       COALESCE((SELECT json_agg(r ORDER BY r.position, r.id) FROM (
          SELECT ${RULE_COLUMNS.split(', ').map((c) => `r.${c.trim()}`).join(', ')}, cc.position
            FROM cart_coupon cc JOIN cart_rule r ON r.id = cc.rule_id WHERE cc.cart_id = ${cartId}) r), '[]'::json) AS rules`;
  const lineProducts = `id IN (SELECT product_id FROM cart_item WHERE cart_id = ${cartId}
                    UNION ALL SELECT parent_product_id FROM cart_item WHERE cart_id = ${cartId} AND parent_product_id IS NOT NULL)`;
  const askedSkus = 'sku = ANY($3::text[])';
  if (wide) return `${own}, ${SALE_FACTS_OF('$2', `${lineProducts} OR ${askedSkus}`)} AS facts`;
  return `${own}, ${TAX_OF('$2')} AS tax, ${PROMOTIONS_OF(PROMOTION_COLUMNS, RUNNING_PROMOTION)} AS promotions,
       ${SALE_FACTS_OF('$2', `${lineProducts} OR sku IN (${GIFT_SKUS_OF(RUNNING_PROMOTION)}) OR ${askedSkus}`)} AS facts`;
}

type StateRow = {
  items: CartItemRow[]; addresses: CartAddressRow[];
  rules: (Omit<CartRuleRow, 'from_at' | 'to_at'> & { from_at: string | null; to_at: string | null; position?: number })[];
  tax: { title: string; rate_bp: number } | null; promotions: PromotionRow[]; facts: SaleFactsRow[];
};

function stateOf(cart: CartRow | null, r: StateRow, wide?: StoreWideState): CartState {
  let { tax, promotions, facts } = r;
  if (wide) {
    tax = wide.tax;
    promotions = runningAt(wide, Date.now());
    // The facts read with the cart are its own lines' (fresh); the gifts' come from the store view's.
    const read = new Set(facts.map((f) => f.id));
    facts = [...facts, ...wide.giftFacts.filter((f) => !read.has(f.id))];
  }
  return {
    cart,
    items: r.items,
    addresses: r.addresses,
    rules: r.rules.map(({ position: _position, ...rule }) => ({
      ...rule, from_at: rule.from_at ? new Date(rule.from_at) : null, to_at: rule.to_at ? new Date(rule.to_at) : null,
    })),
    tax: tax ?? NO_TAX,
    promotions,
    facts,
  };
}

/**
 * The cart row and everything of its state (stateColumns) in one statement: a cart is priced on
 * every call, so this is the cart's hot path. With `wide`, the store view's share comes from it.
 */
export async function loadCartState(q: Reader, cartId: string, storeCode: string, extraSkus: string[] = [], wide?: StoreWideState): Promise<CartState> {
  const { rows } = await q.query<StateRow & { cart: CartRow | null }>(
    `SELECT (SELECT row_to_json(c) FROM (SELECT ${CART_COLUMNS} FROM cart_cart WHERE id = $1) c) AS cart,
       ${stateColumns('$1', Boolean(wide))}`,
    [cartId, storeCode, extraSkus],
  );
  const r = rows[0]!;
  return stateOf(r.cart, r, wide);
}

/** The access row and the bare cart row of a statement that read the cart with its state (stateColumns). */
function accessOfStateRow(r: StateRow & CartAccessRow): { access: CartAccessRow; cart: CartRow } {
  const { items: _i, addresses: _a, rules: _r, tax: _t, promotions: _p, facts: _f, ...row } = r;
  const access = accessRow(row);
  const { guest_key_hash: _k, personal: _personal, ...cart } = access;
  return { access, cart };
}

/**
 * Locks the cart of a masked id and reads it with its state (stateColumns), in one statement; null
 * when there is no such cart. A statement reads the contents as of its start, while the lock waits
 * for a transaction holding the cart and then takes the row's newest version: when that version is
 * not the one the statement started with, a transaction that committed meanwhile changed the cart
 * (every change to its contents writes the row, migration 0032), and the row and state are read
 * again, under the lock now held, in two more statements (docs/decisions/0041). With `wide`, the
 * store view's share of the state comes from it instead of the statement.
 */
export async function lockCartWithState(
  tx: Tx, maskedId: string, storeCode: string, extraSkus: string[] = [], wide?: StoreWideState,
): Promise<{ access: CartAccessRow; state: CartState } | null> {
  const { rows } = await tx.query<StateRow & CartAccessRow & { fresh: boolean; line_ids: string[] }>(
    `SELECT ${CART_COLUMNS}, guest_key_hash,
            ${PERSONAL('c')},
            (c.xmin = (SELECT s.xmin FROM cart_cart s WHERE s.id = c.id)) AS fresh,
            ARRAY(SELECT nextval('cart_item_id_seq')::text FROM generate_series(1, cardinality($3::text[]))) AS line_ids,
            ${stateColumns('c.id', Boolean(wide))}
       FROM cart_cart c WHERE c.masked_id = $1 FOR UPDATE OF c`,
    [maskedId, storeCode, extraSkus],
  );
  const r = rows[0];
  if (!r) return null;
  if (!r.fresh) {
    const access = await findCart(tx, maskedId, true);
    return access ? { access, state: { ...(await loadCartState(tx, access.id, storeCode, extraSkus, wide)), lineIds: r.line_ids } } : null;
  }
  const { fresh: _fresh, line_ids: lineIds, ...rest } = r;
  const { access, cart } = accessOfStateRow(rest);
  return { access, state: { ...stateOf(cart, r, wide), lineIds } };
}

/** What a write changed of a cart's state as read before it: its own fields, and addresses by kind. */
export interface StatePatch {
  cart?: Partial<CartRow>;
  addresses?: CartAddressRow[];
}

/** The checkout fields a guest's browser writes in one statement (writeGuestWithState). */
export type GuestWrite =
  /** Fields of the cart's own row: setGuestEmailOnCart, setPaymentMethodOnCart. */
  | { cart: GuestCartFields }
  | { addresses: CartAddressRow[] }
  /** setBillingAddressOnCart's `same_as_shipping`: the delivery address copied, unless it is missing or a pick-up store. */
  | { billingAsShipping: true };

export type GuestCartFields = Partial<Pick<CartRow, 'email' | 'payment_method_code' | 'agreement_ids'>>;
const CART_FIELD_TYPES: Record<keyof GuestCartFields, string> = { email: 'text', payment_method_code: 'text', agreement_ids: 'int[]' };

/**
 * The guest cart a one-statement write may write (`t`), as the statement's snapshot saw it (`seen`):
 * a lock or an update that waited for another transaction re-checks the newest row version, whose
 * `xmin` then differs from the snapshot's, so nothing is written.
 */
const GUEST_ROW = `t.masked_id = $1 AND seen.id = t.id AND t.xmin = seen.xmin
  AND t.store_code = $2 AND t.status = 'active' AND t.customer_uuid IS NULL AND t.guest_key_hash = $4`;

/** The CTE after `touched` that writes `write`, and its parameters from $5; none for the cart's own fields (written with the row). */
function writtenPart(write: GuestWrite): { sql: string; params: unknown[] } {
  if ('addresses' in write) {
    return {
      sql: `, written AS (
         INSERT INTO cart_address (cart_id, ${ADDRESS_NAMES})
         SELECT touched.id, ${ADDRESS_WRITE.map(([n]) => `a.${n}`).join(', ')}
           FROM touched, jsonb_to_recordset($5::jsonb) AS a(${ADDRESS_WRITE.map(([n, t]) => `${n} ${t}`).join(', ')})
         ${ADDRESS_UPSERT}
         RETURNING kind)`,
      params: [JSON.stringify(write.addresses)],
    };
  }
  if ('billingAsShipping' in write) {
    return {
      sql: `, written AS (
         INSERT INTO cart_address (cart_id, ${ADDRESS_NAMES})
         SELECT s.cart_id, 'billing', ${ADDRESS_WRITE.slice(1, -1).map(([n]) => `s.${n}`).join(', ')}, NULL
           FROM cart_address s JOIN touched ON s.cart_id = touched.id
          WHERE s.kind = 'shipping' AND s.pickup_location_code IS NULL
         ${ADDRESS_UPSERT}
         RETURNING kind)`,
      params: [],
    };
  }
  return { sql: '', params: Object.values(write.cart) };
}

/**
 * Writes a guest cart's checkout field (its e-mail, addresses, or the delivery address as billing
 * address) and reads the cart with its state, in one statement that runs on its own (no transaction
 * around it): null when nothing was written. It writes only where the access rules would admit the
 * caller (`access.admit`) and more narrowly: the store view's active guest cart bound to the caller's
 * credential digest `keyHash`. It writes only the cart row version the statement started with (`xmin`
 * as read then): a transaction that changed the cart after that makes it write nothing, so the state
 * read with it is the cart as the write found it, never an older one (every change to a cart's
 * contents writes its row, migration 0032); `written` is what the write changed, for the caller to lay
 * over it. The caller takes the locking path for everything else; that path names the refusal.
 */
export async function writeGuestWithState(
  q: Queryable, maskedId: string, storeCode: string, keyHash: Buffer, wide: StoreWideState, write: GuestWrite,
): Promise<{ access: CartAccessRow; state: CartState; written: StatePatch } | null> {
  const part = writtenPart(write);
  const fields = 'cart' in write ? (Object.keys(write.cart) as (keyof GuestCartFields)[]) : [];
  const set = fields.map((f, i) => `${f} = $${i + 5}::${CART_FIELD_TYPES[f]}, `).join('');
  const { rows } = await q.query<StateRow & CartAccessRow & { wrote: boolean }>(
    `WITH touched AS (${fields.length
      ? `UPDATE cart_cart t SET ${set}updated_at = now() FROM cart_cart seen WHERE ${GUEST_ROW} RETURNING t.id`
      // An address's own trigger writes the cart row (migration 0032): the row is only locked here.
      : `SELECT t.id FROM cart_cart t, cart_cart seen WHERE ${GUEST_ROW} FOR UPDATE OF t`})${part.sql}
     SELECT ${CART_COLUMNS}, guest_key_hash,
            ${PERSONAL('c')},
            ${part.sql ? 'EXISTS (SELECT 1 FROM written)' : 'true'} AS wrote,
            ${stateColumns('c.id', true)}
       FROM cart_cart c WHERE c.id = (SELECT id FROM touched)`,
    [maskedId, storeCode, [], keyHash, ...part.params],
  );
  const r = rows[0];
  if (!r?.wrote) return null;
  const { wrote: _w, ...rest } = r;
  const { access, cart } = accessOfStateRow(rest);
  const state = stateOf(cart, r, wide);
  // The statement read the cart before its own write: what it wrote, for the caller to price the cart with.
  const written: StatePatch = 'cart' in write ? { cart: write.cart }
    : 'addresses' in write ? { addresses: write.addresses }
    : { addresses: [{ ...state.addresses.find((a) => a.kind === 'shipping')!, kind: 'billing', pickup_location_code: null }] };
  return { access, state, written };
}

