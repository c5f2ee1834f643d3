import type { Queryable, Tx } from '../../platform/db.js';
import type { AcceptedAgreement, OrderDraftAddress, OrderDraftItem } from './orders.contract.js';

/** The only code that runs SQL on orders_* tables. */

export interface OrderRow {
  id: string;
  entity_id: string;
  order_number: string;
  store_code: string;
  website_code: string;
  cart_id: string;
  customer_uuid: string | null;
  email: string;
  language: string;
  status: string;
  status_reason_code: string | null;
  status_reason_message: string | null;
  currency: string;
  subtotal_incl_tax: number;
  subtotal_excl_tax: number;
  discount_total: number;
  shipping_incl_tax: number;
  tax_total: number;
  grand_total: number;
  refunded_total: number;
  shipping_carrier_code: string | null;
  shipping_method_code: string | null;
  shipping_carrier_title: string | null;
  shipping_method_title: string | null;
  payment_method_code: string;
  coupon_codes: string[];
  accepted_agreements: AcceptedAgreement[];
  /** A trial order's charge after the trial if the device is kept (spec §4). */
  total_after_trial: number | null;
  payment_uuid: string | null;
  payment_reference: string | null;
  amount_paid: number | null;
  paid_at: Date | null;
  canceled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const ORDER_COLUMNS = `id::text AS id, entity_id::text AS entity_id, order_number, store_code, website_code, cart_id,
  customer_uuid::text AS customer_uuid, email, language, status, status_reason_code, status_reason_message, currency,
  subtotal_incl_tax::int AS subtotal_incl_tax, subtotal_excl_tax::int AS subtotal_excl_tax, discount_total::int AS discount_total,
  shipping_incl_tax::int AS shipping_incl_tax, tax_total::int AS tax_total, grand_total::int AS grand_total,
  refunded_total::int AS refunded_total, shipping_carrier_code, shipping_method_code, shipping_carrier_title,
  shipping_method_title, payment_method_code, coupon_codes, accepted_agreements, total_after_trial::int AS total_after_trial, payment_uuid::text AS payment_uuid, payment_reference,
  amount_paid::int AS amount_paid, paid_at, canceled_at, created_at, updated_at`;

export interface ItemRow {
  id: string;
  uid: string;
  order_id: string;
  position: number;
  sku: string;
  product_id: number;
  parent_sku: string | null;
  name: string;
  product_type: OrderDraftItem['product_type'];
  qty_ordered: number;
  qty_shipped: number;
  qty_refunded: number;
  qty_canceled: number;
  unit_price_incl_tax: number;
  row_total_incl_tax: number;
  row_tax: number;
  row_discount: number;
  is_gift: boolean;
  parent_gift_sku: string | null;
  selected_options: OrderDraftItem['selected_options'];
  bundle_options: OrderDraftItem['bundle_options'];
}

export interface AddressRow {
  order_id: string;
  kind: 'billing' | 'shipping';
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  postcode: string | null;
  country_code: string;
  region: string | null;
  telephone: string | null;
  extra: Record<string, string>;
  pickup_store_id: string | null;
  pickup_name: string | null;
}

export interface TotalLineRow {
  order_id: string;
  kind: 'discount' | 'tax';
  label: string;
  amount: number;
  coupon_code: string | null;
  rate_percent: number | null;
}

export interface HistoryRow {
  order_id: string;
  from_status: string | null;
  to_status: string;
  actor: string;
  reason_code: string | null;
  comment: string | null;
  created_at: Date;
}

export interface TrackRow {
  order_id: string;
  shipment_uid: string;
  shipment_number: string;
  shipment_created_at: Date;
  carrier: string | null;
  number: string | null;
  track_url: string | null;
}

export interface StatusRow {
  code: string;
  label: string;
  cancelable: boolean;
  is_final: boolean;
}

export interface AttributeRow {
  code: string;
  label: string;
  input_type: string;
  data_type: string;
  is_required: boolean;
  min_length: number | null;
  max_length: number | null;
  validate_regex: string | null;
  default_value: string | null;
  description: string | null;
  placeholder: string | null;
  placement: string;
  sort_order: number;
  options: { label: string; value: string }[];
}

export interface NewOrder {
  entity_id: string;
  order_number: string;
  store_code: string;
  website_code: string;
  sequence_value: number;
  cart_id: string;
  customer_uuid: string | null;
  email: string;
  language: string;
  status: string;
  currency: string;
  subtotal_incl_tax: number;
  subtotal_excl_tax: number;
  discount_total: number;
  shipping_incl_tax: number;
  tax_total: number;
  grand_total: number;
  shipping: { carrier_code: string; method_code: string; carrier_title: string; method_title: string } | null;
  payment_method_code: string;
  coupon_codes: string[];
  accepted_agreements: AcceptedAgreement[];
  total_after_trial?: number | null;
}

/** Inserts the order row; null when the cart already has an order (UNIQUE cart_id). */
/**
 * Inserts an order with the next number of its store view, in one statement: the store view's
 * sequence row is taken (and stays locked until the caller commits) and the number is
 * `numberPrefix` and the value, at least nine digits. Null when the cart already has an order
 * (the sequence step is undone with the caller's rollback).
 */
export async function insertOrder(
  tx: Tx, o: Omit<NewOrder, 'order_number' | 'sequence_value'>, numberPrefix: string,
): Promise<{ id: string; order_number: string } | null> {
  const { rows } = await tx.query<{ id: string; order_number: string }>(
    `WITH seq AS (
       INSERT INTO orders_sequence (store_code, last_value) VALUES ($3, 1)
       ON CONFLICT (store_code) DO UPDATE SET last_value = orders_sequence.last_value + 1
       RETURNING last_value::text AS v
     )
     INSERT INTO orders_order (entity_id, order_number, store_code, website_code, sequence_value, cart_id, customer_uuid,
       email, language, status, currency, subtotal_incl_tax, subtotal_excl_tax, discount_total, shipping_incl_tax, tax_total,
       grand_total, shipping_carrier_code, shipping_method_code, shipping_carrier_title, shipping_method_title,
       payment_method_code, coupon_codes, accepted_agreements, total_after_trial)
     SELECT $1, $2 || CASE WHEN length(seq.v) >= 9 THEN seq.v ELSE lpad(seq.v, 9, '0') END, $3, $4, seq.v::bigint, $5, $6,
            $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23::jsonb, $24
       FROM seq
     ON CONFLICT (cart_id) DO NOTHING
     RETURNING id::text AS id, order_number`,
    [
      o.entity_id, numberPrefix, o.store_code, o.website_code, o.cart_id, o.customer_uuid, o.email,
      o.language, o.status, o.currency, o.subtotal_incl_tax, o.subtotal_excl_tax, o.discount_total, o.shipping_incl_tax,
      o.tax_total, o.grand_total, o.shipping?.carrier_code ?? null, o.shipping?.method_code ?? null,
      o.shipping?.carrier_title ?? null, o.shipping?.method_title ?? null, o.payment_method_code, o.coupon_codes,
      JSON.stringify(o.accepted_agreements), o.total_after_trial ?? null,
    ],
  );
  return rows[0] ?? null;
}

export interface OrderTotalLine { kind: 'discount' | 'tax'; position: number; label: string; amount: number; coupon_code: string | null; rate_percent: number | null }

/**
 * Everything an order holds besides its row, written in one statement: items, addresses, discount
 * and tax lines, order attributes, the first history entry and the placed event (data-modifying CTEs, so it is one
 * statement however many lines the order has). Deferred (Tx.defer): it travels with the transaction's
 * next statement, since nothing reads its answer; a failure fails the placement there.
 */
export function insertOrderParts(
  tx: Tx,
  orderId: string,
  parts: {
    items: (OrderDraftItem & { uid: string })[];
    addresses: { kind: 'billing' | 'shipping'; address: OrderDraftAddress }[];
    totalLines: OrderTotalLine[];
    attributes: { code: string; value: string }[];
    history: { to_status: string; actor: string };
    /** The order's first event (placed), written in the same statement. */
    event: Omit<OrderEvent, 'id' | 'created_at'>;
  },
): void {
  const e = parts.event;
  const items = parts.items.map((i, position) => ({
    uid: i.uid, position, sku: i.sku, product_id: i.product_id, parent_sku: i.parent_sku, name: i.name, product_type: i.product_type,
    qty_ordered: i.quantity, unit_price_incl_tax: i.unit_price_incl_tax, row_total_incl_tax: i.row_total_incl_tax, row_tax: i.row_tax,
    row_discount: i.row_discount, is_gift: i.is_gift, parent_gift_sku: i.parent_gift_sku, selected_options: i.selected_options,
    bundle_options: i.bundle_options,
  }));
  const addresses = parts.addresses.map(({ kind, address: a }) => ({
    kind, firstname: a.firstname, lastname: a.lastname, street: a.street, city: a.city, postcode: a.postcode, country_code: a.country_code,
    region: a.region, telephone: a.telephone, extra: a.extra, pickup_store_id: a.pickup?.store_id ?? null, pickup_name: a.pickup?.name ?? null,
  }));
  const attributes = parts.attributes.map((a, position) => ({ position, code: a.code, value: a.value }));
  tx.defer(
    `WITH i AS (
       INSERT INTO orders_item (uid, order_id, position, sku, product_id, parent_sku, name, product_type, qty_ordered,
         unit_price_incl_tax, row_total_incl_tax, row_tax, row_discount, is_gift, parent_gift_sku, selected_options, bundle_options)
       SELECT x.uid, $1, x.position, x.sku, x.product_id, x.parent_sku, x.name, x.product_type, x.qty_ordered, x.unit_price_incl_tax,
              x.row_total_incl_tax, x.row_tax, x.row_discount, x.is_gift, x.parent_gift_sku, x.selected_options, x.bundle_options
         FROM jsonb_to_recordset($2::jsonb) AS x(uid uuid, position int, sku text, product_id int, parent_sku text, name text,
              product_type text, qty_ordered int, unit_price_incl_tax bigint, row_total_incl_tax bigint, row_tax bigint,
              row_discount bigint, is_gift boolean, parent_gift_sku text, selected_options jsonb, bundle_options jsonb)
     ), a AS (
       INSERT INTO orders_address (order_id, kind, firstname, lastname, street, city, postcode, country_code, region, telephone,
         extra, pickup_store_id, pickup_name)
       SELECT $1, x.kind, x.firstname, x.lastname, x.street, x.city, x.postcode, x.country_code, x.region, x.telephone,
              x.extra, x.pickup_store_id, x.pickup_name
         FROM jsonb_to_recordset($3::jsonb) AS x(kind text, firstname text, lastname text, street jsonb, city text, postcode text,
              country_code text, region text, telephone text, extra jsonb, pickup_store_id text, pickup_name text)
     ), t AS (
       INSERT INTO orders_total_line (order_id, kind, position, label, amount, coupon_code, rate_percent)
       SELECT $1, x.kind, x.position, x.label, x.amount, x.coupon_code, x.rate_percent
         FROM jsonb_to_recordset($4::jsonb) AS x(kind text, position int, label text, amount bigint, coupon_code text, rate_percent numeric)
     ), v AS (
       INSERT INTO orders_attribute_value (order_id, position, code, value)
       SELECT $1, x.position, x.code, x.value FROM jsonb_to_recordset($5::jsonb) AS x(position int, code text, value text)
     ), e AS (
       INSERT INTO orders_event (order_id, order_number, customer_uuid, store_code, type, status, grand_total, refunded_total, currency)
       VALUES ($8, $9, $10, $11, $12, $13, $14, $15, $16)
     )
     INSERT INTO orders_status_history (order_id, from_status, to_status, actor) VALUES ($1, NULL, $6, $7)`,
    [orderId, JSON.stringify(items), JSON.stringify(addresses), JSON.stringify(parts.totalLines), JSON.stringify(attributes),
      parts.history.to_status, parts.history.actor,
      e.order_id, e.order_number, e.customer_uuid, e.store_code, e.type, e.status, e.grand_total, e.refunded_total, e.currency],
  );
}

export async function insertHistory(
  tx: Tx,
  h: { order_id: string; from_status: string | null; to_status: string; actor: string; reason_code?: string | null; comment?: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO orders_status_history (order_id, from_status, to_status, actor, reason_code, comment) VALUES ($1, $2, $3, $4, $5, $6)`,
    [h.order_id, h.from_status, h.to_status, h.actor, h.reason_code ?? null, h.comment ?? null],
  );
}

export async function findOrderByCartId(db: Queryable, cartId: string): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders_order WHERE cart_id = $1`, [cartId]);
  return rows[0] ?? null;
}

/**
 * Records what an order waiting for payment holds stock for and counts, per key, the orders waiting
 * with it (this one included); null when no order has this entity_id. One call of
 * orders_hold_for_payment (db/migrations/0031): it locks each key until the caller commits, in a
 * fixed order, before it counts, so two placements with a key in common never both see the count
 * below the limit.
 */
export async function holdForPayment(tx: Tx, entityId: string, keys: string[]): Promise<Map<string, number> | null> {
  if (!UUID.test(entityId)) return null;
  try {
    const { rows } = await tx.query<{ key: string; n: number }>('SELECT key, n FROM orders_hold_for_payment($1::uuid, $2::text[])', [entityId, keys]);
    return new Map(rows.map((r) => [r.key, r.n]));
  } catch (err) {
    if ((err as { code?: string }).code === 'P0002') return null;
    throw err;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order with this entity_id; `lock` takes the row lock for the rest of the caller's transaction. */
export async function findOrderByEntityId(db: Queryable, entityId: string, lock = false): Promise<OrderRow | null> {
  if (!UUID.test(entityId)) return null;
  const { rows } = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders_order WHERE entity_id = $1${lock ? ' FOR UPDATE' : ''}`, [entityId]);
  return rows[0] ?? null;
}

/**
 * Locks the longest-waiting order still awaiting payment (pending_payment or payment_failed, never
 * paid) whose last change is older than `olderThanSeconds`, leaving out `skip`. SKIP LOCKED: an order
 * another sweep or a payment callback holds is passed over, so concurrent sweeps never wait on, or
 * both take, the same order; the WHERE is checked again on the locked row.
 */
export async function claimUnpaidOrder(
  tx: Tx, opts: { olderThanSeconds: number; guestOlderThanSeconds?: number; skip: string[] },
): Promise<OrderRow | null> {
  // A guest's order has its own, shorter window; the index on updated_at still narrows to the longer one first.
  const guest = Math.min(opts.guestOlderThanSeconds ?? opts.olderThanSeconds, opts.olderThanSeconds);
  const { rows } = await tx.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders_order o
      WHERE o.status IN ('pending_payment', 'payment_failed') AND o.paid_at IS NULL
        AND o.updated_at < now() - $3 * interval '1 second'
        AND o.updated_at < now() - (CASE WHEN o.customer_uuid IS NULL THEN $3 ELSE $1 END) * interval '1 second'
        AND NOT (o.entity_id = ANY($2::uuid[]))
      ORDER BY o.updated_at, o.id
      LIMIT 1
      FOR UPDATE SKIP LOCKED`,
    [opts.olderThanSeconds, opts.skip, guest],
  );
  return rows[0] ?? null;
}

export async function findOrderByNumber(db: Queryable, orderNumber: string, lock = false): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders_order WHERE order_number = $1${lock ? ' FOR UPDATE' : ''}`, [orderNumber]);
  return rows[0] ?? null;
}

export interface OrderListQuery {
  customer_uuid: string;
  /** Only orders of these store views (null: any). */
  store_codes: string[] | null;
  number: { eq?: string; in?: string[]; match?: string } | null;
  statuses: string[] | null;
  sort_field: 'number' | 'created_at';
  sort_direction: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

/** One page of a customer's orders and the number of matches. */
export async function listCustomerOrders(db: Queryable, q: OrderListQuery): Promise<{ rows: OrderRow[]; total: number }> {
  const where = ['customer_uuid = $1'];
  const params: unknown[] = [q.customer_uuid];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (q.store_codes) add('store_code = ANY(?::text[])', q.store_codes);
  if (q.number?.eq !== undefined) add('order_number = ?', q.number.eq);
  if (q.number?.in) add('order_number = ANY(?::text[])', q.number.in);
  if (q.number?.match !== undefined) add(`order_number ILIKE ? ESCAPE '\\'`, `%${q.number.match.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (q.statuses) add('status = ANY(?::text[])', q.statuses);
  const order = q.sort_field === 'number' ? 'order_number' : 'created_at';
  const dir = q.sort_direction === 'ASC' ? 'ASC' : 'DESC';
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders_order WHERE ${where.join(' AND ')}`, params);
  const { rows } = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders_order WHERE ${where.join(' AND ')}
      ORDER BY ${order} ${dir}, id ${dir} LIMIT ${Math.trunc(q.limit)} OFFSET ${Math.trunc(q.offset)}`,
    params,
  );
  return { rows, total: count.rows[0]!.n };
}

export async function itemsOf(db: Queryable, orderIds: string[]): Promise<ItemRow[]> {
  if (!orderIds.length) return [];
  const { rows } = await db.query<ItemRow>(
    `SELECT id::text AS id, uid::text AS uid, order_id::text AS order_id, position, sku, product_id, parent_sku, name, product_type,
            qty_ordered, qty_shipped, qty_refunded, qty_canceled, unit_price_incl_tax::int AS unit_price_incl_tax,
            row_total_incl_tax::int AS row_total_incl_tax, row_tax::int AS row_tax, row_discount::int AS row_discount, is_gift,
            parent_gift_sku, selected_options, bundle_options
       FROM orders_item WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position`,
    [orderIds],
  );
  return rows;
}

export async function addressesOf(db: Queryable, orderIds: string[]): Promise<AddressRow[]> {
  if (!orderIds.length) return [];
  const { rows } = await db.query<AddressRow>(
    `SELECT order_id::text AS order_id, kind, firstname, lastname, street, city, postcode, country_code, region, telephone, extra,
            pickup_store_id, pickup_name
       FROM orders_address WHERE order_id = ANY($1::bigint[])`,
    [orderIds],
  );
  return rows;
}

export async function totalLinesOf(db: Queryable, orderIds: string[]): Promise<TotalLineRow[]> {
  if (!orderIds.length) return [];
  const { rows } = await db.query<TotalLineRow>(
    `SELECT order_id::text AS order_id, kind, label, amount::int AS amount, coupon_code, rate_percent::float8 AS rate_percent
       FROM orders_total_line WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, kind, position`,
    [orderIds],
  );
  return rows;
}

export async function attributeValuesOf(db: Queryable, orderIds: string[]): Promise<{ order_id: string; code: string; value: string }[]> {
  if (!orderIds.length) return [];
  const { rows } = await db.query<{ order_id: string; code: string; value: string }>(
    `SELECT order_id::text AS order_id, code, value FROM orders_attribute_value WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position`,
    [orderIds],
  );
  return rows;
}

export async function historyOf(db: Queryable, orderIds: string[]): Promise<HistoryRow[]> {
  if (!orderIds.length) return [];
  const { rows } = await db.query<HistoryRow>(
    `SELECT order_id::text AS order_id, from_status, to_status, actor, reason_code, comment, created_at
       FROM orders_status_history WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, id`,
    [orderIds],
  );
  return rows;
}

export async function tracksOf(db: Queryable, orderIds: string[]): Promise<TrackRow[]> {
  if (!orderIds.length) return [];
  const { rows } = await db.query<TrackRow>(
    `SELECT s.order_id::text AS order_id, s.uid::text AS shipment_uid, s.number AS shipment_number, s.created_at AS shipment_created_at,
            t.carrier, t.number, t.track_url
       FROM orders_shipment s LEFT JOIN orders_shipment_track t ON t.shipment_id = s.id
      WHERE s.order_id = ANY($1::bigint[]) ORDER BY s.order_id, s.id, t.id`,
    [orderIds],
  );
  return rows;
}

/**
 * Moves an order from `from` to `to`; false when it is no longer in `from` (a concurrent change won).
 * The transition trigger refuses any change the transition table does not list.
 */
export async function updateStatus(
  tx: Tx,
  orderId: string,
  from: string,
  to: string,
  reason: { code: string | null; message: string | null },
): Promise<boolean> {
  const r = await tx.query(
    `UPDATE orders_order
        SET status = $3, status_reason_code = $4, status_reason_message = $5, updated_at = now(),
            canceled_at = CASE WHEN $3 = 'canceled' THEN now() ELSE canceled_at END
      WHERE id = $1 AND status = $2`,
    [orderId, from, to, reason.code, reason.message],
  );
  return r.rowCount === 1;
}

/** `touch` moves updated_at, the unpaid-order expiry's clock (decision 0019). */
export async function setPaymentMethod(tx: Tx, orderId: string, methodCode: string, opts: { touch: boolean }): Promise<void> {
  await tx.query(
    `UPDATE orders_order SET payment_method_code = $2, updated_at = CASE WHEN $3::boolean THEN now() ELSE updated_at END WHERE id = $1`,
    [orderId, methodCode, opts.touch],
  );
}

export async function recordPayment(
  tx: Tx,
  orderId: string,
  p: { payment_uuid: string; provider_reference: string; amount: number },
): Promise<void> {
  await tx.query(
    `UPDATE orders_order SET payment_uuid = $2, payment_reference = $3, amount_paid = $4, paid_at = now(), updated_at = now() WHERE id = $1`,
    [orderId, p.payment_uuid, p.provider_reference, p.amount],
  );
}

export async function setRefunded(tx: Tx, orderId: string, amount: number): Promise<void> {
  await tx.query(`UPDATE orders_order SET refunded_total = $2, updated_at = now() WHERE id = $1`, [orderId, amount]);
}

export async function cancelItems(tx: Tx, orderId: string): Promise<void> {
  await tx.query(`UPDATE orders_item SET qty_canceled = qty_ordered - qty_shipped WHERE order_id = $1`, [orderId]);
}

/** Records one shipment of everything not yet shipped or cancelled, with its tracking. */
export async function insertShipment(
  tx: Tx,
  orderId: string,
  s: { uid: string; number: string; track: { carrier: string; number: string; track_url: string | null } | null },
): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO orders_shipment (uid, order_id, number) VALUES ($1, $2, $3) RETURNING id::text AS id`,
    [s.uid, orderId, s.number],
  );
  const shipmentId = rows[0]!.id;
  await tx.query(
    `INSERT INTO orders_shipment_item (shipment_id, order_item_id, quantity)
     SELECT $1, id, qty_ordered - qty_shipped - qty_canceled FROM orders_item
      WHERE order_id = $2 AND qty_ordered - qty_shipped - qty_canceled > 0`,
    [shipmentId, orderId],
  );
  await tx.query(`UPDATE orders_item SET qty_shipped = qty_ordered - qty_canceled WHERE order_id = $1`, [orderId]);
  if (s.track) {
    await tx.query(`INSERT INTO orders_shipment_track (shipment_id, carrier, number, track_url) VALUES ($1, $2, $3, $4)`, [
      shipmentId, s.track.carrier, s.track.number, s.track.track_url,
    ]);
  }
}

export async function countShipments(tx: Tx, orderId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders_shipment WHERE order_id = $1`, [orderId]);
  return rows[0]!.n;
}

export async function listStatuses(db: Queryable, language: string): Promise<StatusRow[]> {
  const { rows } = await db.query<StatusRow>(
    `SELECT s.code, coalesce(l.label, s.label) AS label, s.cancelable, s.is_final
       FROM orders_status s LEFT JOIN orders_status_label l ON l.status = s.code AND l.language = $1
      ORDER BY s.sort_order, s.code`,
    [language],
  );
  return rows;
}

export async function isTransitionAllowed(db: Queryable, from: string, to: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM orders_status_transition WHERE from_status = $1 AND to_status = $2`, [from, to]);
  return rows.length > 0;
}

export async function listAttributes(db: Queryable, storeCode: string): Promise<AttributeRow[]> {
  const { rows } = await db.query<AttributeRow>(
    `SELECT code, label, input_type, data_type, is_required, min_length, max_length, validate_regex, default_value, description,
            placeholder, placement, sort_order, options
       FROM orders_attribute WHERE store_code = $1 AND is_active ORDER BY placement, sort_order, code`,
    [storeCode],
  );
  return rows;
}

export async function listDeliveryLimits(db: Queryable, storeCode: string): Promise<{ id: string; mode: string; country_id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; mode: string; country_id: string; name: string }>(
    `SELECT id, mode, country_id, name FROM orders_delivery_limit WHERE store_code = $1 ORDER BY name, id`,
    [storeCode],
  );
  return rows;
}

// ---------- Order events (outbox for subscribers such as loyalty and referral) ----------

export type OrderEventType = 'placed' | 'status_changed' | 'delivered' | 'canceled' | 'refunded';

export interface OrderEvent {
  id: string;
  order_id: string;
  order_number: string;
  customer_uuid: string | null;
  store_code: string;
  type: OrderEventType;
  status: string;
  grand_total: number;
  refunded_total: number;
  currency: string;
  created_at: Date;
}

export async function insertEvent(tx: Tx, e: Omit<OrderEvent, 'id' | 'created_at'>): Promise<void> {
  await tx.query(
    `INSERT INTO orders_event (order_id, order_number, customer_uuid, store_code, type, status, grand_total, refunded_total, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [e.order_id, e.order_number, e.customer_uuid, e.store_code, e.type, e.status, e.grand_total, e.refunded_total, e.currency],
  );
}

/** The oldest events a subscriber has not yet handled. */
export async function undeliveredEvents(db: Queryable, subscriber: string, limit: number, orderIds: string[] | null = null): Promise<OrderEvent[]> {
  const { rows } = await db.query<OrderEvent>(
    `SELECT e.id::text AS id, e.order_id, e.order_number, e.customer_uuid::text AS customer_uuid, e.store_code, e.type, e.status,
            e.grand_total::int AS grand_total, e.refunded_total::int AS refunded_total, e.currency, e.created_at
       FROM orders_event e
      WHERE NOT EXISTS (SELECT 1 FROM orders_event_delivery d WHERE d.subscriber = $1 AND d.event_id = e.id)
        AND ($3::text[] IS NULL OR e.order_id = ANY($3::text[]))
      ORDER BY e.id LIMIT $2`,
    [subscriber, limit, orderIds],
  );
  return rows;
}

/**
 * Claims one event for a subscriber inside the handling transaction: false when another run already
 * handled it (the primary key makes a concurrent claim wait, then conflict).
 */
export async function claimEvent(tx: Tx, subscriber: string, eventId: string): Promise<boolean> {
  const r = await tx.query(
    `INSERT INTO orders_event_delivery (event_id, subscriber) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [eventId, subscriber],
  );
  return r.rowCount === 1;
}
