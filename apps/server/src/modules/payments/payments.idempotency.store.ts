import type { Queryable, Tx } from '../../platform/db.js';

export type IdempotentOperation = 'placeOrder' | 'payments.generate-token';

export interface IdempotencyRow {
  request_hash: string;
  lock_token: string | null;
  /** Whether the holder's lease ran out (its process presumably died). */
  stale: boolean;
  response_status: number | null;
  response_body: unknown;
}

interface KeyRef {
  scope: string;
  operation: IdempotentOperation;
  key: string;
}

/**
 * Claims a key nobody holds, in one statement of its own (no transaction around it): a new key is
 * inserted held by `token`, a key past its day is written over as new. True when this request now
 * holds the key. A key that another request holds or has answered is left as it is (false): the
 * caller then looks at it with claimKey. The upsert waits for a concurrent claim of the same key
 * to commit, like claimKey's insert, so two requests never both hold one key.
 */
export async function claimFreshKey(db: Queryable, ref: KeyRef, requestHash: string, token: string, ttlSeconds: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO payments_idempotency_key AS k (scope, operation, idempotency_key, request_hash, locked_at, lock_token, expires_at)
     VALUES ($1, $2, $3, $4, now(), $5::uuid, now() + $6 * interval '1 second')
     ON CONFLICT (scope, operation, idempotency_key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, locked_at = EXCLUDED.locked_at, lock_token = EXCLUDED.lock_token,
            response_status = NULL, response_body = NULL, created_at = now(), expires_at = EXCLUDED.expires_at
      WHERE k.expires_at <= now()`,
    [ref.scope, ref.operation, ref.key, requestHash, token, ttlSeconds],
  );
  return rowCount === 1;
}

/**
 * Claims a key for a request in the caller's transaction: a new (or expired) key is inserted held
 * by `token` and null returned; otherwise the existing row is returned locked. A concurrent insert of
 * the same key waits on the primary key and then finds the row.
 */
export async function claimKey(tx: Tx, ref: KeyRef, requestHash: string, token: string, ttlSeconds: number, leaseMs: number): Promise<IdempotencyRow | null> {
  await tx.query(
    'DELETE FROM payments_idempotency_key WHERE scope = $1 AND operation = $2 AND idempotency_key = $3 AND expires_at <= now()',
    [ref.scope, ref.operation, ref.key],
  );
  const inserted = await tx.query(
    `INSERT INTO payments_idempotency_key (scope, operation, idempotency_key, request_hash, locked_at, lock_token, expires_at)
     VALUES ($1, $2, $3, $4, now(), $5::uuid, now() + $6 * interval '1 second')
     ON CONFLICT (scope, operation, idempotency_key) DO NOTHING`,
    [ref.scope, ref.operation, ref.key, requestHash, token, ttlSeconds],
  );
  if (inserted.rowCount === 1) return null;
  const { rows } = await tx.query<IdempotencyRow>(
    `SELECT request_hash, lock_token::text AS lock_token, (locked_at < now() - $4 * interval '1 millisecond') AS stale, response_status, response_body
       FROM payments_idempotency_key WHERE scope = $1 AND operation = $2 AND idempotency_key = $3 FOR UPDATE`,
    [ref.scope, ref.operation, ref.key, leaseMs],
  );
  return rows[0] ?? null;
}

/** Hands a key whose holder stopped answering to a new request (the row is locked by claimKey). */
export async function takeOver(tx: Tx, ref: KeyRef, token: string): Promise<void> {
  await tx.query(
    'UPDATE payments_idempotency_key SET locked_at = now(), lock_token = $4::uuid WHERE scope = $1 AND operation = $2 AND idempotency_key = $3',
    [ref.scope, ref.operation, ref.key, token],
  );
}

/** Keeps the first answer, if this request still holds the key. */
export async function storeAnswer(db: Queryable, ref: KeyRef, token: string, status: number, body: unknown): Promise<void> {
  await db.query(
    `UPDATE payments_idempotency_key SET response_status = $5, response_body = $6::jsonb, locked_at = NULL, lock_token = NULL
      WHERE scope = $1 AND operation = $2 AND idempotency_key = $3 AND lock_token = $4::uuid`,
    [ref.scope, ref.operation, ref.key, token, status, JSON.stringify(body)],
  );
}

/** Lets a key go without an answer (the request failed in a way a retry may not): the next request runs afresh. */
export async function releaseKey(db: Queryable, ref: KeyRef, token: string): Promise<void> {
  await db.query(
    'DELETE FROM payments_idempotency_key WHERE scope = $1 AND operation = $2 AND idempotency_key = $3 AND lock_token = $4::uuid AND response_status IS NULL',
    [ref.scope, ref.operation, ref.key, token],
  );
}

/** Removes keys past their day; run by the payments jobs. */
export async function pruneExpired(db: Queryable, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM payments_idempotency_key WHERE ctid IN (SELECT ctid FROM payments_idempotency_key WHERE expires_at <= now() LIMIT $1)`,
    [limit],
  );
  return rowCount;
}

/** Forgets the stored answers of a customer's keys (they repeat order details) when the account is erased. */
export async function deleteKeysOfCustomer(tx: Tx, customerUuid: string): Promise<void> {
  await tx.query('DELETE FROM payments_idempotency_key WHERE scope = $1', [`customer:${customerUuid}`]);
}
