import type { TrialStatus } from '@ember/contracts';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { Conditions, UUID } from '../../platform/sql.js';

/** The trial module's records: only this file runs SQL on trials_* tables. */

export type { TrialStatus };
export type Actor = 'customer' | 'operator' | 'system';
export type ClaimKind = 'account' | 'contact' | 'address' | 'card';

export interface ProgramRow {
  code: string;
  store_code: string;
  kit_sku: string;
  conversion_sku: string;
  trial_days: number;
  delivery_days: number;
  reminder_days: number;
}

export interface TrialRow {
  id: string;
  program_code: string;
  customer_uuid: string | null;
  store_code: string;
  order_id: string;
  order_number: string;
  status: TrialStatus;
  amount_after_trial: number;
  currency: string;
  card_id: string | null;
  started_at: Date | null;
  ends_at: Date | null;
  reminder_sent_at: Date | null;
  return_requested_at: Date | null;
  return_reason: string | null;
  conversion_order_id: string | null;
  conversion_order_number: string | null;
  conversion_payment_uuid: string | null;
  conversion_attempts: number;
  retry_at: Date | null;
  closed_at: Date | null;
  created_at: Date;
}

export interface EventRow {
  kind: string;
  actor: Actor;
  from_status: string | null;
  to_status: string | null;
  reason: string | null;
  created_at: Date;
}

const PROGRAM_COLUMNS = 'code, store_code, kit_sku, conversion_sku, trial_days, delivery_days, reminder_days';
const COLUMNS = `id::text AS id, program_code, customer_uuid::text AS customer_uuid, store_code, order_id::text AS order_id, order_number, status,
  amount_after_trial::int AS amount_after_trial, currency::text AS currency, card_id::text AS card_id, started_at, ends_at, reminder_sent_at,
  return_requested_at, return_reason, conversion_order_id::text AS conversion_order_id, conversion_order_number,
  conversion_payment_uuid::text AS conversion_payment_uuid, conversion_attempts, retry_at, closed_at, created_at`;

export async function programs(q: Reader): Promise<ProgramRow[]> {
  const { rows } = await q.query<ProgramRow>(`SELECT ${PROGRAM_COLUMNS} FROM trials_program WHERE is_active ORDER BY code`);
  return rows;
}

export async function insertTrial(
  tx: Tx, t: Pick<TrialRow, 'id' | 'program_code' | 'customer_uuid' | 'store_code' | 'order_id' | 'order_number' | 'amount_after_trial' | 'currency'>,
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO trials_trial (id, program_code, customer_uuid, store_code, order_id, order_number, status, amount_after_trial, currency)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending_payment', $7, $8)
     ON CONFLICT (order_id) DO NOTHING RETURNING id`,
    [t.id, t.program_code, t.customer_uuid, t.store_code, t.order_id, t.order_number, t.amount_after_trial, t.currency],
  );
  return rows.length === 1;
}

/**
 * Claims the keys for a trial; the kinds some other trial of the programme holds already come back
 * (and nothing of them is claimed). The primary key makes two parallel claims of one key impossible.
 */
export async function claim(tx: Tx, programCode: string, trialId: string, keys: { kind: ClaimKind; key_hash: string }[]): Promise<ClaimKind[]> {
  if (!keys.length) return [];
  const { rows } = await tx.query<{ kind: ClaimKind; key_hash: string }>(
    `INSERT INTO trials_claim (program_code, kind, key_hash, trial_id)
     SELECT $1, k.kind, k.key_hash, $2 FROM unnest($3::text[], $4::text[]) AS k(kind, key_hash)
     ON CONFLICT (program_code, kind, key_hash) DO NOTHING
     RETURNING kind, key_hash`,
    [programCode, trialId, keys.map((k) => k.kind), keys.map((k) => k.key_hash)],
  );
  const claimed = new Set(rows.map((r) => `${r.kind}:${r.key_hash}`));
  const taken = keys.filter((k) => !claimed.has(`${k.kind}:${k.key_hash}`));
  if (!taken.length) return [];
  // Held by this same trial already (a retry) is not taken.
  const { rows: own } = await tx.query<{ kind: ClaimKind; key_hash: string }>(
    `SELECT kind, key_hash FROM trials_claim WHERE program_code = $1 AND trial_id = $2`, [programCode, trialId],
  );
  const mine = new Set(own.map((r) => `${r.kind}:${r.key_hash}`));
  return [...new Set(taken.filter((k) => !mine.has(`${k.kind}:${k.key_hash}`)).map((k) => k.kind))];
}

/** Whether any of these keys is claimed by a trial of the programme. */
export async function anyClaimed(q: Reader, programCode: string, keys: { kind: ClaimKind; key_hash: string }[]): Promise<boolean> {
  if (!keys.length) return false;
  const { rows } = await q.query(
    `SELECT 1 FROM trials_claim c JOIN unnest($2::text[], $3::text[]) AS k(kind, key_hash) ON c.kind = k.kind AND c.key_hash = k.key_hash
      WHERE c.program_code = $1 LIMIT 1`,
    [programCode, keys.map((k) => k.kind), keys.map((k) => k.key_hash)],
  );
  return rows.length > 0;
}

/** A trial that never ran (cancelled before payment, refused) leaves its person free to try again. */
export async function releaseClaims(tx: Tx, trialId: string): Promise<void> {
  await tx.query('DELETE FROM trials_claim WHERE trial_id = $1', [trialId]);
}

export async function find(q: Queryable, id: string, opts: { lock?: boolean } = {}): Promise<TrialRow | null> {
  const { rows } = await q.query<TrialRow>(`SELECT ${COLUMNS} FROM trials_trial WHERE id = $1${opts.lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function findByOrder(q: Queryable, orderId: string, opts: { lock?: boolean } = {}): Promise<TrialRow | null> {
  const { rows } = await q.query<TrialRow>(
    `SELECT ${COLUMNS} FROM trials_trial WHERE order_id = $1 OR conversion_order_id = $1 LIMIT 1${opts.lock ? ' FOR UPDATE' : ''}`, [orderId],
  );
  return rows[0] ?? null;
}

export async function listForCustomer(q: Reader, customerUuid: string): Promise<TrialRow[]> {
  const { rows } = await q.query<TrialRow>(`SELECT ${COLUMNS} FROM trials_trial WHERE customer_uuid = $1 ORDER BY created_at DESC LIMIT 50`, [customerUuid]);
  return rows;
}

export type TrialPatch = Partial<Pick<TrialRow,
  'status' | 'card_id' | 'started_at' | 'ends_at' | 'reminder_sent_at' | 'return_requested_at' | 'return_reason' | 'conversion_order_id'
  | 'conversion_order_number' | 'conversion_payment_uuid' | 'conversion_attempts' | 'retry_at' | 'closed_at'>>;

const PATCHABLE = new Set<keyof TrialPatch>([
  'status', 'card_id', 'started_at', 'ends_at', 'reminder_sent_at', 'return_requested_at', 'return_reason', 'conversion_order_id',
  'conversion_order_number', 'conversion_payment_uuid', 'conversion_attempts', 'retry_at', 'closed_at',
]);

export async function patch(tx: Tx, id: string, p: TrialPatch): Promise<void> {
  const keys = (Object.keys(p) as (keyof TrialPatch)[]).filter((k) => PATCHABLE.has(k));
  if (!keys.length) return;
  const sets = keys.map((k, i) => `${k} = $${i + 2}`);
  await tx.query(`UPDATE trials_trial SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [id, ...keys.map((k) => p[k] ?? null)]);
}

export async function insertEvent(
  tx: Tx, e: { trial_id: string; kind: string; actor: Actor; from_status?: string | null; to_status?: string | null; reason?: string | null },
): Promise<void> {
  tx.defer(
    'INSERT INTO trials_event (trial_id, kind, actor, from_status, to_status, reason) VALUES ($1, $2, $3, $4, $5, $6)',
    [e.trial_id, e.kind, e.actor, e.from_status ?? null, e.to_status ?? null, e.reason ?? null],
  );
}

export async function events(q: Reader, trialIds: string[]): Promise<Map<string, EventRow[]>> {
  const out = new Map<string, EventRow[]>();
  if (!trialIds.length) return out;
  const { rows } = await q.query<EventRow & { trial_id: string }>(
    `SELECT trial_id::text AS trial_id, kind, actor, from_status, to_status, reason, created_at FROM trials_event WHERE trial_id = ANY($1::uuid[]) ORDER BY id`,
    [trialIds],
  );
  for (const r of rows) {
    const { trial_id, ...e } = r;
    out.set(trial_id, [...(out.get(trial_id) ?? []), e]);
  }
  return out;
}

/**
 * The job's work, each claimed with FOR UPDATE SKIP LOCKED so instances share it: running trials whose
 * reminder is due, running trials that ended, conversions whose charge was left unsettled, retries due.
 */
export async function claimDue(
  tx: Tx, queue: 'reminder' | 'ended' | 'unsettled' | 'retry', at: { now: Date; unsettledBefore: Date }, limit: number,
  filter: { only: string[] | null; skip: string[] } = { only: null, skip: [] },
): Promise<TrialRow[]> {
  const where = {
    reminder: `t.status = 'in_trial' AND t.reminder_sent_at IS NULL AND t.ends_at - make_interval(days => p.reminder_days) <= at.now`,
    ended: `t.status = 'in_trial' AND t.ends_at <= at.now`,
    // A charge waiting for the customer's authentication is left alone until its window (retry_at) passes.
    unsettled: `t.status = 'converting' AND t.updated_at <= at.unsettled_before AND (t.retry_at IS NULL OR t.retry_at <= at.now)`,
    retry: `t.status = 'payment_failed' AND t.retry_at <= at.now`,
  }[queue] + ' AND ($4::uuid[] IS NULL OR t.id = ANY($4::uuid[])) AND NOT (t.id = ANY($5::uuid[]))';
  const { rows } = await tx.query<TrialRow>(
    `SELECT ${COLUMNS} FROM trials_trial WHERE id IN (
       SELECT t.id FROM (SELECT $1::timestamptz AS now, $2::timestamptz AS unsettled_before) at, trials_trial t JOIN trials_program p ON p.code = t.program_code
        WHERE ${where} ORDER BY t.ends_at, t.id LIMIT $3 FOR UPDATE OF t SKIP LOCKED)`,
    [at.now, at.unsettledBefore, limit, filter.only, filter.skip],
  );
  return rows;
}

/** A customer's trials for the data-subject export. */
export async function exportFor(q: Reader, customerUuid: string): Promise<unknown[]> {
  const trials = await listForCustomer(q, customerUuid);
  const history = await events(q, trials.map((t) => t.id));
  return trials.map((t) => ({ ...t, history: history.get(t.id) ?? [] }));
}

/**
 * Erasure: running trials end (returned or not, nothing more is charged to an erased customer), the
 * customer and card leave every trial, and the account's claim goes; the hashed contact, address and
 * card claims stay so the one-trial rule still holds (docs/decisions/0057).
 */
export async function erase(tx: Tx, customerUuid: string): Promise<void> {
  await tx.query(
    `DELETE FROM trials_claim WHERE kind = 'account' AND trial_id IN (SELECT id FROM trials_trial WHERE customer_uuid = $1)`, [customerUuid],
  );
  await tx.query(
    `UPDATE trials_trial SET
       status = CASE WHEN status IN ('pending_payment', 'in_trial', 'return_requested', 'payment_failed') THEN 'cancelled' ELSE status END,
       closed_at = COALESCE(closed_at, CASE WHEN status IN ('pending_payment', 'in_trial', 'return_requested', 'payment_failed') THEN now() END),
       customer_uuid = NULL, card_id = NULL, return_reason = NULL, updated_at = now()
     WHERE customer_uuid = $1`,
    [customerUuid],
  );
}

/** A page of trials for the console, newest first, with the count of all matches. */
export async function listForConsole(q: Reader, f: { status?: string; store?: string; q?: string; limit: number; offset: number }): Promise<{ rows: TrialRow[]; total: number }> {
  const c = new Conditions();
  if (f.status) c.and(`t.status = ${c.p(f.status)}`);
  if (f.store) c.and(`t.store_code = ${c.p(f.store)}`);
  if (f.q && UUID.test(f.q)) {
    const id = c.p(f.q.toLowerCase());
    c.and(`(t.id = ${id}::uuid OR t.customer_uuid = ${id}::uuid)`);
  } else if (f.q) {
    const number = c.p(f.q.toUpperCase());
    c.and(`(t.order_number = ${number} OR t.conversion_order_number = ${number})`);
  }
  const { rows } = await q.query<TrialRow & { total: number }>(
    `SELECT ${COLUMNS}, total FROM (
       SELECT t.*, count(*) OVER ()::int AS total FROM trials_trial t ${c.where()}
        ORDER BY t.created_at DESC, t.id LIMIT ${c.p(f.limit)} OFFSET ${c.p(f.offset)}) page
      ORDER BY created_at DESC, id`,
    c.params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}
