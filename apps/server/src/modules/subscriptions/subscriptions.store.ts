import type { PostalAddress } from '@ember/contracts';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { Conditions, UUID } from '../../platform/sql.js';

/** The subscription module's records: only this file runs SQL on subscription_* tables. */

export type SubscriptionStatus = 'active' | 'paused' | 'past_due' | 'cancelled' | 'expired';
export type PauseReason = 'customer' | 'payment_failed' | 'age_verification' | 'operator';
export type Actor = 'customer' | 'operator' | 'system';
export type RenewalStatus = 'charging' | 'awaiting_customer' | 'paid' | 'declined' | 'refused';

export interface PlanRow {
  store_code: string;
  code: string;
  plan_type: 'REGULAR' | 'TRIAL';
  frequencies_weeks: number[];
  default_frequency_weeks: number;
  minimum_deliveries: number;
  max_quantity: number;
  max_pause_weeks: number;
  carrier_code: string;
  method_code: string;
  skus: string[];
  /** The one-time product each subscription product stands for (by the subscription product's sku), where the plan names one. */
  one_time_skus: Record<string, string>;
}

/** The delivery address a subscription keeps: the postal address every module writes. */
export type SubscriptionAddress = PostalAddress;

export interface SubscriptionRow {
  id: string;
  customer_uuid: string;
  store_code: string;
  plan_code: string;
  plan_type: 'REGULAR' | 'TRIAL';
  status: SubscriptionStatus;
  frequency_weeks: number;
  /** YYYY-MM-DD */
  next_delivery_date: string;
  paused_until: string | null;
  pause_reason: PauseReason | null;
  address: SubscriptionAddress;
  address_id: number | null;
  card_id: string | null;
  currency: string;
  minimum_deliveries: number;
  deliveries: number;
  origin_order_id: string;
  cancel_reason: string | null;
  cancelled_at: Date | null;
  created_at: Date;
}

export interface ItemRow {
  id: number;
  subscription_id: string;
  sku: string;
  quantity: number;
  options: unknown[];
}

export interface EventRow {
  kind: string;
  actor: Actor;
  from_status: string | null;
  to_status: string | null;
  reason: string | null;
  created_at: Date;
}

export interface RenewalRow {
  subscription_id: string;
  period: string;
  attempt: number;
  status: RenewalStatus;
  order_id: string | null;
  order_number: string | null;
  payment_uuid: string | null;
  reason: string | null;
  retry_at: Date | null;
}

const COLUMNS = `id::text AS id, customer_uuid::text AS customer_uuid, store_code, plan_code, plan_type, status, frequency_weeks,
  to_char(next_delivery_date, 'YYYY-MM-DD') AS next_delivery_date, to_char(paused_until, 'YYYY-MM-DD') AS paused_until, pause_reason,
  address, address_id, card_id::text AS card_id, currency::text AS currency, minimum_deliveries, deliveries, origin_order_id::text AS origin_order_id,
  cancel_reason, cancelled_at, created_at`;
const RENEWAL_COLUMNS = `subscription_id::text AS subscription_id, to_char(period, 'YYYY-MM-DD') AS period, attempt, status, order_id::text AS order_id,
  order_number, payment_uuid::text AS payment_uuid, reason, retry_at`;

// ---------- plans ----------

export async function plansOf(db: Queryable, storeCode: string): Promise<PlanRow[]> {
  const { rows } = await db.query<PlanRow>(
    `SELECT p.store_code, p.code, p.plan_type, p.frequencies_weeks, p.default_frequency_weeks, p.minimum_deliveries, p.max_quantity,
            p.max_pause_weeks, p.carrier_code, p.method_code,
            COALESCE((SELECT array_agg(pp.sku ORDER BY pp.position, pp.sku) FROM subscription_plan_product pp
                       WHERE pp.store_code = p.store_code AND pp.plan_code = p.code), '{}') AS skus,
            COALESCE((SELECT jsonb_object_agg(pp.sku, pp.one_time_sku) FROM subscription_plan_product pp
                       WHERE pp.store_code = p.store_code AND pp.plan_code = p.code AND pp.one_time_sku IS NOT NULL), '{}') AS one_time_skus
       FROM subscription_plan p WHERE p.store_code = $1 ORDER BY p.code`,
    [storeCode],
  );
  return rows;
}

// ---------- subscriptions ----------

export interface NewSubscription {
  id: string;
  customer_uuid: string;
  store_code: string;
  plan_code: string;
  plan_type: 'REGULAR' | 'TRIAL';
  frequency_weeks: number;
  next_delivery_date: string;
  address: SubscriptionAddress;
  address_id: number | null;
  currency: string;
  minimum_deliveries: number;
  origin_order_id: string;
  items: { sku: string; quantity: number }[];
}

/** Starts a subscription with its items, once per order (a repeated call finds the first). */
export async function insertSubscription(tx: Tx, s: NewSubscription): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO subscription_subscription
       (id, customer_uuid, store_code, plan_code, plan_type, status, frequency_weeks, next_delivery_date, address, address_id, currency, minimum_deliveries, origin_order_id)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, 'active', $6, $7::date, $8::jsonb, $9, $10, $11, $12::uuid)
     ON CONFLICT (origin_order_id) DO NOTHING RETURNING id`,
    [s.id, s.customer_uuid, s.store_code, s.plan_code, s.plan_type, s.frequency_weeks, s.next_delivery_date, JSON.stringify(s.address), s.address_id,
      s.currency, s.minimum_deliveries, s.origin_order_id],
  );
  if (!rows[0]) return false;
  await tx.query(
    `INSERT INTO subscription_item (subscription_id, sku, quantity, position)
     SELECT $1::uuid, i.sku, i.quantity, i.ord FROM unnest($2::text[], $3::int[]) WITH ORDINALITY AS i(sku, quantity, ord)`,
    [s.id, s.items.map((i) => i.sku), s.items.map((i) => i.quantity)],
  );
  return true;
}

export async function findSubscription(db: Queryable, id: string, opts: { customerUuid?: string; lock?: boolean } = {}): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM subscription_subscription WHERE id = $1::uuid${opts.customerUuid ? ' AND customer_uuid = $2::uuid' : ''}${opts.lock ? ' FOR UPDATE' : ''}`,
    opts.customerUuid ? [id, opts.customerUuid] : [id],
  );
  return rows[0] ?? null;
}

export async function findByOrigin(db: Queryable, orderId: string, lock = false): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM subscription_subscription WHERE origin_order_id = $1::uuid${lock ? ' FOR UPDATE' : ''}`, [orderId]);
  return rows[0] ?? null;
}

export async function subscriptionsOf(db: Queryable, customerUuid: string): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM subscription_subscription WHERE customer_uuid = $1::uuid ORDER BY created_at DESC, id`,
    [customerUuid],
  );
  return rows;
}

/** Whether the customer has an ongoing subscription (active, paused or past due). */
export async function hasLive(db: Queryable, customerUuid: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM subscription_subscription WHERE customer_uuid = $1::uuid AND status IN ('active', 'paused', 'past_due') LIMIT 1`, [customerUuid]);
  return rows.length > 0;
}

/** The cards the customer's ongoing subscriptions are charged to. */
export async function cardsInUse(db: Queryable, customerUuid: string): Promise<string[]> {
  const { rows } = await db.query<{ card_id: string }>(
    `SELECT DISTINCT card_id::text AS card_id FROM subscription_subscription
      WHERE customer_uuid = $1::uuid AND card_id IS NOT NULL AND status IN ('active', 'paused', 'past_due')`,
    [customerUuid],
  );
  return rows.map((r) => r.card_id);
}

export type SubscriptionPatch = Partial<Pick<SubscriptionRow,
  'status' | 'frequency_weeks' | 'next_delivery_date' | 'paused_until' | 'pause_reason' | 'address' | 'address_id' | 'card_id' | 'cancel_reason' | 'deliveries'
>> & { cancelled_at?: 'now' | null };

const PATCHABLE: Record<keyof SubscriptionPatch, string> = {
  status: 'status', frequency_weeks: 'frequency_weeks', next_delivery_date: 'next_delivery_date = $::date', paused_until: 'paused_until = $::date',
  pause_reason: 'pause_reason', address: 'address = $::jsonb', address_id: 'address_id', card_id: 'card_id = $::uuid', cancel_reason: 'cancel_reason',
  deliveries: 'deliveries', cancelled_at: 'cancelled_at',
};

/** Writes the given fields of a subscription (locked by the caller). */
export async function updateSubscription(tx: Tx, id: string, patch: SubscriptionPatch): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [key, value] of Object.entries(patch) as [keyof SubscriptionPatch, unknown][]) {
    if (value === undefined) continue;
    if (key === 'cancelled_at') {
      sets.push(value === 'now' ? 'cancelled_at = now()' : 'cancelled_at = NULL');
      continue;
    }
    values.push(key === 'address' ? JSON.stringify(value) : value);
    const form = PATCHABLE[key];
    sets.push(form.includes('$') ? form.replace('$', `$${values.length}`) : `${form} = $${values.length}`);
  }
  if (!sets.length) return;
  await tx.query(`UPDATE subscription_subscription SET ${sets.join(', ')}, updated_at = now() WHERE id = $1::uuid`, values);
}

export async function itemsOf(db: Queryable, ids: string[]): Promise<ItemRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<ItemRow>(
    `SELECT id::int AS id, subscription_id::text AS subscription_id, sku, quantity, options FROM subscription_item
      WHERE subscription_id = ANY($1::uuid[]) ORDER BY position, id`,
    [ids],
  );
  return rows;
}

/** Replaces the products of a subscription; a product kept keeps its id. */
export async function replaceItems(tx: Tx, id: string, items: { sku: string; quantity: number }[]): Promise<void> {
  await tx.query('DELETE FROM subscription_item WHERE subscription_id = $1::uuid AND NOT (sku = ANY($2::text[]))', [id, items.map((i) => i.sku)]);
  await tx.query(
    `INSERT INTO subscription_item (subscription_id, sku, quantity, position)
     SELECT $1::uuid, i.sku, i.quantity, i.ord FROM unnest($2::text[], $3::int[]) WITH ORDINALITY AS i(sku, quantity, ord)
     ON CONFLICT (subscription_id, sku) DO UPDATE SET quantity = EXCLUDED.quantity, position = EXCLUDED.position`,
    [id, items.map((i) => i.sku), items.map((i) => i.quantity)],
  );
}

export async function insertEvent(
  tx: Tx, e: { subscription_id: string; kind: string; actor: Actor; from_status?: string | null; to_status?: string | null; reason?: string | null; detail?: Record<string, unknown> },
): Promise<void> {
  await tx.query(
    `INSERT INTO subscription_event (subscription_id, kind, actor, from_status, to_status, reason, detail) VALUES ($1::uuid, $2, $3, $4, $5, $6, $7::jsonb)`,
    [e.subscription_id, e.kind, e.actor, e.from_status ?? null, e.to_status ?? null, e.reason ?? null, JSON.stringify(e.detail ?? {})],
  );
}

export async function eventsOf(db: Queryable, ids: string[], perSubscription = 50): Promise<(EventRow & { subscription_id: string })[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<EventRow & { subscription_id: string }>(
    `SELECT subscription_id, kind, actor, from_status, to_status, reason, created_at FROM (
       SELECT subscription_id::text AS subscription_id, kind, actor, from_status, to_status, reason, created_at, id,
              row_number() OVER (PARTITION BY subscription_id ORDER BY id DESC) AS n
         FROM subscription_event WHERE subscription_id = ANY($1::uuid[])) e
      WHERE n <= $2 ORDER BY id DESC`,
    [ids, perSubscription],
  );
  return rows;
}

// ---------- the renewal job's queue ----------

/**
 * The next subscription due for delivery on or before `today`, locked; rows other instances hold
 * are skipped (FOR UPDATE SKIP LOCKED), so several instances share the queue without waiting.
 */
export async function claimDue(tx: Tx, today: string, skip: string[] = [], only: string[] | null = null): Promise<SubscriptionRow | null> {
  const { rows } = await tx.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM subscription_subscription
      WHERE status = 'active' AND next_delivery_date <= $1::date AND NOT (id = ANY($2::uuid[])) AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))
      ORDER BY next_delivery_date, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [today, skip, only],
  );
  return rows[0] ?? null;
}

/** The next past-due subscription whose declined renewal is to be tried again, locked, with that renewal. */
export async function claimRetry(tx: Tx, skip: string[] = [], only: string[] | null = null): Promise<{ subscription: SubscriptionRow; renewal: RenewalRow } | null> {
  const { rows } = await tx.query<{ id: string; period: string }>(
    `SELECT s.id::text AS id, to_char(rr.period, 'YYYY-MM-DD') AS period
       FROM subscription_renewal rr JOIN subscription_subscription s ON s.id = rr.subscription_id
      WHERE rr.status = 'declined' AND rr.retry_at <= now() AND s.status = 'past_due' AND NOT (s.id = ANY($1::uuid[]))
        AND ($2::uuid[] IS NULL OR s.id = ANY($2::uuid[]))
      ORDER BY rr.retry_at LIMIT 1 FOR UPDATE OF s SKIP LOCKED`,
    [skip, only],
  );
  const hit = rows[0];
  if (!hit) return null;
  const subscription = (await findSubscription(tx, hit.id))!;
  return { subscription, renewal: (await latestAttempt(tx, hit.id, hit.period))! };
}

/** Pauses that end by `today`, locked (skipping those another instance holds). */
export async function claimResumeDue(tx: Tx, today: string, only: string[] | null = null): Promise<SubscriptionRow | null> {
  const { rows } = await tx.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM subscription_subscription
      WHERE status = 'paused' AND paused_until IS NOT NULL AND paused_until <= $1::date AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
      ORDER BY paused_until, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [today, only],
  );
  return rows[0] ?? null;
}

/** Renewals whose charge was started but whose outcome was not recorded (a crash, a lost answer), oldest first. */
export async function unsettledRenewals(db: Queryable, olderThanSeconds: number, limit: number, only: string[] | null = null): Promise<RenewalRow[]> {
  const { rows } = await db.query<RenewalRow>(
    `SELECT ${RENEWAL_COLUMNS} FROM subscription_renewal WHERE status = 'charging' AND updated_at < now() - $1 * interval '1 second'
        AND ($3::uuid[] IS NULL OR subscription_id = ANY($3::uuid[]))
      ORDER BY updated_at LIMIT $2`,
    [olderThanSeconds, limit, only],
  );
  return rows;
}

// ---------- renewals ----------

export async function latestAttempt(q: Reader, subscriptionId: string, period: string): Promise<RenewalRow | null> {
  const { rows } = await q.query<RenewalRow>(
    `SELECT ${RENEWAL_COLUMNS} FROM subscription_renewal WHERE subscription_id = $1::uuid AND period = $2::date ORDER BY attempt DESC LIMIT 1`,
    [subscriptionId, period],
  );
  return rows[0] ?? null;
}

/**
 * Records an attempt of a period. The primary key (subscription, period, attempt) and the partial
 * unique index (one live order per period) make a second instance's or a restarted job's insert fail,
 * which rolls back the order it was placed with.
 */
export async function insertRenewal(
  tx: Tx, r: { subscription_id: string; period: string; attempt: number; status: RenewalStatus; order_id?: string | null; order_number?: string | null; payment_uuid?: string | null; reason?: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO subscription_renewal (subscription_id, period, attempt, status, order_id, order_number, payment_uuid, reason)
     VALUES ($1::uuid, $2::date, $3, $4, $5::uuid, $6, $7::uuid, $8)`,
    [r.subscription_id, r.period, r.attempt, r.status, r.order_id ?? null, r.order_number ?? null, r.payment_uuid ?? null, r.reason ?? null],
  );
}

export async function findRenewalByOrder(q: Reader, orderId: string, lock = false): Promise<RenewalRow | null> {
  const { rows } = await q.query<RenewalRow>(`SELECT ${RENEWAL_COLUMNS} FROM subscription_renewal WHERE order_id = $1::uuid${lock ? ' FOR UPDATE' : ''}`, [orderId]);
  return rows[0] ?? null;
}

/** Moves an attempt on from one of `from`; false when it had already moved on (another run settled it). */
export async function settleRenewal(
  tx: Tx, key: { subscription_id: string; period: string; attempt: number }, from: RenewalStatus[], to: RenewalStatus, opts: { reason?: string | null; retryAt?: Date | null } = {},
): Promise<boolean> {
  const r = await tx.query(
    `UPDATE subscription_renewal SET status = $4, reason = COALESCE($6, reason), retry_at = $7, updated_at = now()
      WHERE subscription_id = $1::uuid AND period = $2::date AND attempt = $3 AND status = ANY($5::text[])`,
    [key.subscription_id, key.period, key.attempt, to, from, opts.reason ?? null, opts.retryAt ?? null],
  );
  return r.rowCount === 1;
}

/** Ends the retries of a period (its last attempt stays declined, without a retry time). */
export async function stopRetries(tx: Tx, subscriptionId: string): Promise<void> {
  await tx.query(`UPDATE subscription_renewal SET retry_at = NULL, updated_at = now() WHERE subscription_id = $1::uuid AND status = 'declined' AND retry_at IS NOT NULL`, [subscriptionId]);
}

export async function renewalsOf(db: Queryable, ids: string[]): Promise<RenewalRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<RenewalRow>(`SELECT ${RENEWAL_COLUMNS} FROM subscription_renewal WHERE subscription_id = ANY($1::uuid[]) ORDER BY period DESC, attempt DESC`, [ids]);
  return rows;
}

// ---------- privacy ----------

export async function forExport(db: Queryable, customerUuid: string) {
  const subs = await subscriptionsOf(db, customerUuid);
  const ids = subs.map((s) => s.id);
  const items = await itemsOf(db, ids);
  const events = await eventsOf(db, ids, 1000);
  const renewals = await renewalsOf(db, ids);
  return subs.map((s) => ({
    ...s,
    items: items.filter((i) => i.subscription_id === s.id).map(({ subscription_id: _s, ...i }) => i),
    history: events.filter((e) => e.subscription_id === s.id).map(({ subscription_id: _s, ...e }) => e),
    renewals: renewals.filter((r) => r.subscription_id === s.id).map(({ subscription_id: _s, ...r }) => r),
  }));
}

/**
 * Erasure: ongoing subscriptions end (cancelled, by the system), and every subscription of the
 * customer loses its address and card; the rows stay, without a person, beside their orders.
 */
export async function anonymise(tx: Tx, customerUuid: string): Promise<number> {
  await tx.query(
    `INSERT INTO subscription_event (subscription_id, kind, actor, from_status, to_status, reason)
     SELECT id, 'cancelled', 'system', status, 'cancelled', 'account_closed' FROM subscription_subscription
      WHERE customer_uuid = $1::uuid AND status IN ('active', 'paused', 'past_due')`,
    [customerUuid],
  );
  const r = await tx.query(
    `UPDATE subscription_subscription
        SET status = CASE WHEN status IN ('active', 'paused', 'past_due') THEN 'cancelled' ELSE status END,
            cancelled_at = COALESCE(cancelled_at, now()), cancel_reason = COALESCE(cancel_reason, 'account_closed'),
            paused_until = NULL, pause_reason = NULL,
            customer_uuid = '00000000-0000-0000-0000-000000000000'::uuid, address = '{}'::jsonb, address_id = NULL, card_id = NULL, updated_at = now()
      WHERE customer_uuid = $1::uuid`,
    [customerUuid],
  );
  return r.rowCount;
}

// ---------- the console ----------

/** A page of subscriptions for the console, newest first, with the count of all matches. */
export async function listForConsole(db: Queryable, f: { status?: string; store?: string; q?: string; limit: number; offset: number }): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const c = new Conditions();
  if (f.status) c.and(`s.status = ${c.p(f.status)}`);
  if (f.store) c.and(`s.store_code = ${c.p(f.store)}`);
  if (f.q && UUID.test(f.q)) {
    const id = c.p(f.q.toLowerCase());
    c.and(`(s.id = ${id}::uuid OR s.customer_uuid = ${id}::uuid)`);
  } else if (f.q) {
    c.and(`EXISTS (SELECT 1 FROM subscription_renewal r WHERE r.subscription_id = s.id AND r.order_number = ${c.p(f.q.toUpperCase())})`);
  }
  const { rows } = await db.query<SubscriptionRow & { total: number }>(
    `SELECT ${COLUMNS}, total FROM (
       SELECT s.*, count(*) OVER ()::int AS total FROM subscription_subscription s ${c.where()}
        ORDER BY s.created_at DESC, s.id LIMIT ${c.p(f.limit)} OFFSET ${c.p(f.offset)}) page
      ORDER BY created_at DESC, id`,
    c.params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}
