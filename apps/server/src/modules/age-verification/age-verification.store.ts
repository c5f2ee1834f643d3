import type { Queryable, Tx } from '../../platform/db.js';
import { Conditions, UUID } from '../../platform/sql.js';

export type AgeVerificationStatus = 'pending' | 'verified' | 'rejected' | 'needs_review' | 'expired';
export type MethodKind = 'document' | 'bank' | 'database' | 'hidden';

export interface MethodRow {
  country_code: string;
  code: string;
  kind: MethodKind;
  provider: string;
  is_async: boolean;
  workflow_name: string | null;
  position: number;
  /** Whether the method confirms names as well as the date of birth (docs/decisions/0031). */
  binds_names: boolean;
}

export interface RequestRow {
  uuid: string;
  user_uuid: string | null;
  email: string;
  country_code: string;
  method_code: string;
  provider: string;
  provider_reference: string;
  workflow_name: string | null;
  firstname: string;
  lastname: string;
  date_of_birth: string;
  /** Effective status: a pending request past its expiry reads as expired before anyone marks it. */
  status: AgeVerificationStatus;
  reason: string | null;
  verified_date_of_birth: string | null;
  minimum_age: number;
  return_path: string | null;
  created_at: Date;
  expires_at: Date;
  completed_at: Date | null;
}

const REQUEST_COLUMNS = `uuid::text AS uuid, user_uuid::text AS user_uuid, email, country_code, method_code, provider,
  provider_reference, workflow_name, firstname, lastname, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
  CASE WHEN status = 'pending' AND expires_at <= now() THEN 'expired' ELSE status END AS status, reason,
  to_char(verified_date_of_birth, 'YYYY-MM-DD') AS verified_date_of_birth, minimum_age, return_path,
  created_at, expires_at, completed_at`;

export async function findMethods(db: Queryable, country: string): Promise<MethodRow[]> {
  const { rows } = await db.query<MethodRow>(
    `SELECT country_code, code, kind, provider, is_async, workflow_name, position, binds_names FROM age_verification_method
      WHERE country_code = $1 AND is_active ORDER BY position, code`,
    [country],
  );
  return rows;
}

export async function findMethod(db: Queryable, country: string, code: string): Promise<MethodRow | null> {
  const { rows } = await db.query<MethodRow>(
    `SELECT country_code, code, kind, provider, is_async, workflow_name, position, binds_names FROM age_verification_method
      WHERE country_code = $1 AND code = $2 AND is_active`,
    [country, code],
  );
  return rows[0] ?? null;
}

/** Whether a method confirms names as well as the date of birth; a method since removed counts as binding (fail safe). */
export async function methodBindsNames(db: Queryable, country: string, code: string): Promise<boolean> {
  const { rows } = await db.query<{ binds_names: boolean }>('SELECT binds_names FROM age_verification_method WHERE country_code = $1 AND code = $2', [country, code]);
  return rows[0]?.binds_names ?? true;
}

export async function findCountryRules(db: Queryable, country: string): Promise<{ minimum_age: number; order_limit_period_hours: number } | null> {
  const { rows } = await db.query<{ minimum_age: number; order_limit_period_hours: number }>(
    'SELECT minimum_age, order_limit_period_hours FROM age_verification_country WHERE country_code = $1',
    [country],
  );
  return rows[0] ?? null;
}

/** The age rules of several countries at once, by country code (a country without a row is absent). */
export async function countryRulesOf(db: Queryable, countries: readonly string[]): Promise<Map<string, { minimum_age: number; order_limit_period_hours: number }>> {
  const { rows } = await db.query<{ country_code: string; minimum_age: number; order_limit_period_hours: number }>(
    'SELECT country_code, minimum_age, order_limit_period_hours FROM age_verification_country WHERE country_code = ANY($1::text[])',
    [[...new Set(countries)]],
  );
  return new Map(rows.map(({ country_code, ...rules }) => [country_code, rules]));
}

/** What starting a request stores: the row's own fields, plus its lineage, origin and lifetime. */
export interface NewRequest extends Pick<
  RequestRow,
  'uuid' | 'user_uuid' | 'email' | 'country_code' | 'method_code' | 'provider' | 'provider_reference' | 'workflow_name'
  | 'firstname' | 'lastname' | 'date_of_birth' | 'minimum_age' | 'return_path'
> {
  previous_uuid: string | null;
  ip: string | null;
  ttl_seconds: number;
}

export async function insertRequest(tx: Tx, r: NewRequest): Promise<void> {
  await tx.query(
    `INSERT INTO age_verification_request (uuid, user_uuid, email, country_code, method_code, provider, provider_reference,
       workflow_name, firstname, lastname, date_of_birth, minimum_age, return_path, previous_uuid, ip, expires_at)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8, $9, $10, $11::date, $12, $13, $14::uuid, $15::inet,
             now() + $16 * interval '1 second')`,
    [r.uuid, r.user_uuid, r.email, r.country_code, r.method_code, r.provider, r.provider_reference, r.workflow_name,
      r.firstname, r.lastname, r.date_of_birth, r.minimum_age, r.return_path, r.previous_uuid, r.ip, r.ttl_seconds],
  );
}

export async function findRequest(db: Queryable, uuid: string): Promise<RequestRow | null> {
  const { rows } = await db.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM age_verification_request WHERE uuid = $1::uuid`, [uuid]);
  return rows[0] ?? null;
}

/** The request a provider reference names, locked so a callback and an expiry cannot interleave. */
export async function lockRequestByReference(tx: Tx, provider: string, reference: string): Promise<RequestRow | null> {
  const { rows } = await tx.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM age_verification_request WHERE provider = $1 AND provider_reference = $2 FOR UPDATE`,
    [provider, reference],
  );
  return rows[0] ?? null;
}

export async function findLatestFor(db: Queryable, userUuid: string): Promise<RequestRow | null> {
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM age_verification_request WHERE user_uuid = $1::uuid ORDER BY created_at DESC, uuid LIMIT 1`,
    [userUuid],
  );
  return rows[0] ?? null;
}

export async function findVerifiedFor(db: Queryable, userUuid: string): Promise<RequestRow | null> {
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM age_verification_request WHERE user_uuid = $1::uuid AND status = 'verified'
      ORDER BY completed_at DESC LIMIT 1`,
    [userUuid],
  );
  return rows[0] ?? null;
}

/**
 * Records a result. Guarded: only an open request (pending and unexpired, or waiting for review)
 * moves, so a late or concurrent result changes nothing.
 */
export async function completeRequest(
  tx: Tx,
  uuid: string,
  result: { status: 'verified' | 'rejected' | 'needs_review'; reason: string | null; verified_date_of_birth: string | null },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE age_verification_request
        SET status = $2, reason = $3, verified_date_of_birth = $4::date,
            completed_at = CASE WHEN $2 = 'needs_review' THEN NULL ELSE now() END
      WHERE uuid = $1::uuid AND ((status = 'pending' AND expires_at > now()) OR status = 'needs_review')`,
    [uuid, result.status, result.reason, result.verified_date_of_birth],
  );
  return rowCount === 1;
}

export async function markExpired(tx: Tx, uuid: string): Promise<void> {
  await tx.query(
    `UPDATE age_verification_request SET status = 'expired', reason = 'timeout'
      WHERE uuid = $1::uuid AND status = 'pending' AND expires_at <= now()`,
    [uuid],
  );
}

/** Binds a request made before sign-in (registration) to the account whose e-mail it names. */
export async function assignUser(tx: Tx, uuid: string, userUuid: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    'UPDATE age_verification_request SET user_uuid = $2::uuid WHERE uuid = $1::uuid AND (user_uuid IS NULL OR user_uuid = $2::uuid)',
    [uuid, userUuid],
  );
  return rowCount === 1;
}

export async function insertEvent(
  tx: Tx,
  e: { request_uuid: string | null; provider: string; kind: 'started' | 'result' | 'callback_refused' | 'attached'; outcome: string; detail?: Record<string, unknown> },
): Promise<void> {
  await tx.query(
    'INSERT INTO age_verification_event (request_uuid, provider, kind, outcome, detail) VALUES ($1::uuid, $2, $3, $4, $5::jsonb)',
    [e.request_uuid, e.provider, e.kind, e.outcome, JSON.stringify(e.detail ?? {})],
  );
}

export async function findEvents(db: Queryable, requestUuid: string) {
  const { rows } = await db.query<{ kind: string; outcome: string; detail: Record<string, unknown>; created_at: Date }>(
    'SELECT kind, outcome, detail, created_at FROM age_verification_event WHERE request_uuid = $1::uuid ORDER BY id',
    [requestUuid],
  );
  return rows;
}

/** Remembers a callback id; false when it was seen before (a replay). */
export async function rememberCallback(tx: Tx, provider: string, eventId: string, requestUuid: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO age_verification_callback (provider, event_id, request_uuid) VALUES ($1, $2, $3::uuid)
     ON CONFLICT (provider, event_id) DO NOTHING`,
    [provider, eventId, requestUuid],
  );
  return rowCount === 1;
}

// The built-in TEST provider's sessions.

export async function insertTestSession(tx: Tx, reference: string, requestUuid: string): Promise<void> {
  await tx.query('INSERT INTO age_verification_test_session (reference, request_uuid) VALUES ($1, $2::uuid)', [reference, requestUuid]);
}

export async function findTestSession(db: Queryable, reference: string) {
  const { rows } = await db.query<{ reference: string; request_uuid: string; identity: string | null; kind: MethodKind; status: AgeVerificationStatus; return_path: string | null }>(
    `SELECT s.reference, s.request_uuid::text AS request_uuid, s.identity, m.kind,
            CASE WHEN r.status = 'pending' AND r.expires_at <= now() THEN 'expired' ELSE r.status END AS status, r.return_path
       FROM age_verification_test_session s
       JOIN age_verification_request r ON r.uuid = s.request_uuid
       JOIN age_verification_method m ON m.country_code = r.country_code AND m.code = r.method_code
      WHERE s.reference = $1`,
    [reference],
  );
  return rows[0] ?? null;
}

/** Records the identity presented in the workflow, once; the callback is due after `delayMs` (never for a timeout). */
export async function submitTestSession(tx: Tx, reference: string, identity: string, delayMs: number | null): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE age_verification_test_session
        SET identity = $2, due_at = CASE WHEN $3::int IS NULL THEN NULL ELSE now() + $3::int * interval '1 millisecond' END
      WHERE reference = $1 AND identity IS NULL`,
    [reference, identity, delayMs],
  );
  return rowCount === 1;
}

/** Claims the sessions whose callback is due; SKIP LOCKED lets several instances share the work. */
export async function claimDueTestSessions(tx: Tx, limit: number) {
  const { rows } = await tx.query<{ reference: string; identity: string; date_of_birth: string }>(
    `UPDATE age_verification_test_session s SET delivered_at = now()
       FROM age_verification_request r
      WHERE r.uuid = s.request_uuid AND s.reference IN (
        SELECT reference FROM age_verification_test_session
         WHERE delivered_at IS NULL AND due_at <= now() ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING s.reference, s.identity, to_char(r.date_of_birth, 'YYYY-MM-DD') AS date_of_birth`,
    [limit],
  );
  return rows;
}

export async function retryTestSession(tx: Tx, reference: string, delayMs: number): Promise<void> {
  await tx.query(
    `UPDATE age_verification_test_session SET delivered_at = NULL, due_at = now() + $2::int * interval '1 millisecond' WHERE reference = $1`,
    [reference, delayMs],
  );
}

// Order limits.

/** Serialises the order-limit check of one buyer, so parallel orders cannot both pass it. */
export async function lockBuyer(tx: Tx, storeCode: string, buyer: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`age-verification:sale:${storeCode}:${buyer}`]);
}

export async function unitsSoldSince(tx: Tx, storeCode: string, buyer: string, hours: number): Promise<number> {
  const { rows } = await tx.query<{ units: string | number }>(
    `SELECT COALESCE(SUM(units), 0) AS units FROM age_verification_sale
      WHERE store_code = $1 AND buyer = $2 AND sold_at > now() - $3::int * interval '1 hour'`,
    [storeCode, buyer, hours],
  );
  return Number(rows[0]?.units ?? 0);
}

export async function insertSale(tx: Tx, s: { store_code: string; buyer: string; reference: string; units: number }): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO age_verification_sale (store_code, buyer, reference, units) VALUES ($1, $2, $3, $4)
     ON CONFLICT (store_code, reference) DO NOTHING`,
    [s.store_code, s.buyer, s.reference, s.units],
  );
  return rowCount === 1;
}

/** A customer's verifications for a data-subject export (without provider references, which open workflow pages). */
export async function findRequestsForExport(db: Queryable, userUuid: string) {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT uuid::text AS uuid, email, country_code, method_code, provider, firstname, lastname,
            to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
            CASE WHEN status = 'pending' AND expires_at <= now() THEN 'expired' ELSE status END AS status, reason,
            to_char(verified_date_of_birth, 'YYYY-MM-DD') AS verified_date_of_birth, created_at, completed_at
       FROM age_verification_request WHERE user_uuid = $1::uuid ORDER BY created_at`,
    [userUuid],
  );
  return rows;
}

/** Restricted units sold to the customer (the order limit's record), for a data-subject export. */
export async function salesForExport(db: Queryable, userUuid: string) {
  const { rows } = await db.query<Record<string, unknown>>(
    'SELECT store_code, reference, units, sold_at FROM age_verification_sale WHERE buyer = $1 ORDER BY sold_at', [userUuid],
  );
  return rows;
}

export interface ReviewFilter {
  status: AgeVerificationStatus;
  country?: string;
  q?: string;
  limit: number;
  offset: number;
}

/**
 * A page of checks for the console's review queue, oldest first (the longest wait is decided
 * first), with the count of all matches. `q` is a customer's e-mail, a customer's uuid or the check's.
 */
export async function listForReview(db: Queryable, f: ReviewFilter): Promise<{ rows: (RequestRow & { total: number })[]; total: number }> {
  const c = new Conditions();
  c.and(`(CASE WHEN status = 'pending' AND expires_at <= now() THEN 'expired' ELSE status END) = ${c.p(f.status)}`);
  if (f.country) c.and(`country_code = ${c.p(f.country)}`);
  if (f.q) {
    const q = c.p(f.q.toLowerCase());
    c.and(UUID.test(f.q) ? `(uuid = ${q}::uuid OR user_uuid = ${q}::uuid)` : `email = ${q}`);
  }
  const { rows } = await db.query<RequestRow & { total: number }>(
    `SELECT ${REQUEST_COLUMNS}, count(*) OVER ()::int AS total FROM age_verification_request
      ${c.where()} ORDER BY created_at, uuid LIMIT ${c.p(f.limit)} OFFSET ${c.p(f.offset)}`,
    c.params,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** Locks a request for a reviewer's decision. */
export async function lockRequest(tx: Tx, uuid: string): Promise<RequestRow | null> {
  const { rows } = await tx.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM age_verification_request WHERE uuid = $1::uuid FOR UPDATE`, [uuid]);
  return rows[0] ?? null;
}

/** Changes a country's minimum age and the period its order limits count over. */
export async function updateCountryRules(tx: Tx, country: string, r: { minimum_age?: number; order_limit_period_hours?: number }): Promise<void> {
  await tx.query(
    `INSERT INTO age_verification_country (country_code, minimum_age, order_limit_period_hours) VALUES ($1, COALESCE($2, 18), COALESCE($3, 24))
     ON CONFLICT (country_code) DO UPDATE SET minimum_age = COALESCE($2, age_verification_country.minimum_age),
       order_limit_period_hours = COALESCE($3, age_verification_country.order_limit_period_hours)`,
    [country, r.minimum_age ?? null, r.order_limit_period_hours ?? null],
  );
}

/** Age verifications a person must look at (needs_review): how many, and since when the oldest. */
export async function ageChecksWaiting(db: Queryable): Promise<{ count: number; oldest_at: Date | null }> {
  const { rows } = await db.query<{ count: number; oldest_at: Date | null }>(
    `SELECT count(*)::int AS count, min(created_at) AS oldest_at FROM age_verification_request WHERE status = 'needs_review'`,
  );
  return rows[0]!;
}
