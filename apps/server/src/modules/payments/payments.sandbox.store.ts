import type { Queryable, Tx } from '../../platform/db.js';
import type { MethodKind } from './payments.methods.js';
import type { ScaMode } from './payments.provider.js';

/** The TEST sandbox PSP's records: only this file runs SQL on payments_sandbox_* tables. */

export type SandboxStatus = 'open' | 'challenge' | 'authorised' | 'captured' | 'refused' | 'cancelled' | 'refunded';
export type CardOutcome = 'success' | 'insufficient_funds';
/** What the issuer answers to a later charge of the saved card without the customer (a renewal). */
export type OffSessionOutcome = 'success' | 'declined' | 'exemption' | 'authentication_required';

export interface SandboxSessionRow {
  token: string;
  psp_reference: string;
  merchant_account: string;
  merchant_reference: string;
  order_reference: string;
  kind: MethodKind | 'off_session';
  amount: number;
  currency: string;
  sca_mode: ScaMode;
  tokenize: boolean;
  return_url: string;
  status: SandboxStatus;
  card_token: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  card_outcome: CardOutcome | null;
  card_fingerprint: string | null;
  refusal_reason: string | null;
  refunded_amount: number;
  expires_at: Date;
  is_expired: boolean;
}

const COLUMNS = `token, psp_reference, merchant_account, merchant_reference, order_reference, kind, amount, currency::text AS currency, sca_mode, tokenize,
  return_url, status, card_token, card_brand, card_last4::text AS card_last4, card_exp_month, card_exp_year, card_outcome, card_fingerprint,
  refusal_reason, refunded_amount, expires_at, expires_at <= now() AS is_expired`;

export interface NewSandboxSession {
  token: string;
  psp_reference: string;
  merchant_account: string;
  idempotency_key: string;
  merchant_reference: string;
  order_reference: string;
  kind: MethodKind;
  amount: number;
  currency: string;
  sca_mode: ScaMode;
  tokenize: boolean;
  return_url: string;
  ttl_seconds: number;
}

/** Opens a session once per idempotency key; a repeated call returns the first session. */
export async function insertSession(db: Queryable, s: NewSandboxSession): Promise<SandboxSessionRow> {
  await db.query(
    `INSERT INTO payments_sandbox_session
       (token, psp_reference, idempotency_key, merchant_reference, order_reference, kind, amount, currency, sca_mode, tokenize, return_url, expires_at, merchant_account)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + $12 * interval '1 second', $13)
     ON CONFLICT (idempotency_key) DO NOTHING`,
    [s.token, s.psp_reference, s.idempotency_key, s.merchant_reference, s.order_reference, s.kind, s.amount, s.currency, s.sca_mode, s.tokenize, s.return_url, s.ttl_seconds, s.merchant_account],
  );
  const { rows } = await db.query<SandboxSessionRow>(`SELECT ${COLUMNS} FROM payments_sandbox_session WHERE idempotency_key = $1`, [s.idempotency_key]);
  return rows[0]!;
}

export async function findSession(db: Queryable, token: string, lock = false): Promise<SandboxSessionRow | null> {
  const { rows } = await db.query<SandboxSessionRow>(
    `SELECT ${COLUMNS} FROM payments_sandbox_session WHERE token = $1${lock ? ' FOR UPDATE' : ''}`,
    [token],
  );
  return rows[0] ?? null;
}

/** The session a merchant opened for one of its payments (the shop's payment uuid is the merchant reference). */
export async function findSessionByMerchantReference(db: Queryable, merchantAccount: string, merchantReference: string): Promise<SandboxSessionRow | null> {
  const { rows } = await db.query<SandboxSessionRow>(
    `SELECT ${COLUMNS} FROM payments_sandbox_session WHERE merchant_account = $1 AND merchant_reference = $2 ORDER BY created_at DESC LIMIT 1`,
    [merchantAccount, merchantReference],
  );
  return rows[0] ?? null;
}

export async function findSessionByReference(tx: Tx, pspReference: string): Promise<SandboxSessionRow | null> {
  const { rows } = await tx.query<SandboxSessionRow>(`SELECT ${COLUMNS} FROM payments_sandbox_session WHERE psp_reference = $1 FOR UPDATE`, [pspReference]);
  return rows[0] ?? null;
}

/** Keeps the tokenised card (never its number) and what the issuer will answer. */
export async function saveCard(
  tx: Tx,
  token: string,
  card: { card_token: string; fingerprint: string; brand: string; last4: string; exp_month: number; exp_year: number; outcome: CardOutcome; off_session: OffSessionOutcome },
): Promise<void> {
  await tx.query(
    `UPDATE payments_sandbox_session
        SET card_token = $2, card_brand = $3, card_last4 = $4, card_exp_month = $5, card_exp_year = $6, card_outcome = $7, card_off_session = $8, card_fingerprint = $9
      WHERE token = $1`,
    [token, card.card_token, card.brand, card.last4, card.exp_month, card.exp_year, card.outcome, card.off_session, card.fingerprint],
  );
}

/** A card the sandbox tokenised for this merchant and kept (its session was paid with tokenize), by token. */
export async function findKeptCard(
  db: Queryable, merchantAccount: string, cardToken: string,
): Promise<{ brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string | null; off_session: OffSessionOutcome } | null> {
  const { rows } = await db.query<{ brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string | null; off_session: OffSessionOutcome }>(
    `SELECT card_brand AS brand, card_last4::text AS last4, card_exp_month AS exp_month, card_exp_year AS exp_year, card_fingerprint AS fingerprint,
            COALESCE(card_off_session, 'success') AS off_session
       FROM payments_sandbox_session
      WHERE card_token = $1 AND merchant_account = $2 AND tokenize AND kind = 'card' AND status IN ('captured', 'refunded')
      LIMIT 1`,
    [cardToken, merchantAccount],
  );
  return rows[0] ?? null;
}

/** A charge of a kept card without the shopper: recorded at once in its final state, or waiting for a challenge. */
export async function insertOffSessionCharge(
  tx: Tx,
  s: Omit<NewSandboxSession, 'kind' | 'tokenize' | 'sca_mode'> & {
    status: 'captured' | 'refused' | 'challenge'; refusal_reason: string | null;
    card: { card_token: string; fingerprint: string | null; brand: string; last4: string; exp_month: number; exp_year: number };
  },
): Promise<SandboxSessionRow | null> {
  const { rows } = await tx.query<SandboxSessionRow>(
    `INSERT INTO payments_sandbox_session
       (token, psp_reference, idempotency_key, merchant_reference, order_reference, kind, amount, currency, sca_mode, tokenize, return_url, expires_at,
        merchant_account, status, refusal_reason, card_token, card_brand, card_last4, card_exp_month, card_exp_year, card_outcome, card_fingerprint)
     VALUES ($1, $2, $3, $4, $5, 'off_session', $6, $7, 'OFF', false, $8, now() + $9 * interval '1 second', $10, $11, $12, $13, $14, $15, $16, $17, 'success', $18)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING ${COLUMNS}`,
    [s.token, s.psp_reference, s.idempotency_key, s.merchant_reference, s.order_reference, s.amount, s.currency, s.return_url, s.ttl_seconds,
      s.merchant_account, s.status, s.refusal_reason, s.card.card_token, s.card.brand, s.card.last4, s.card.exp_month, s.card.exp_year, s.card.fingerprint],
  );
  return rows[0] ?? null;
}

/** The session opened under a merchant's idempotency key (a repeated off-session charge finds the first). */
export async function findSessionByKey(db: Queryable, idempotencyKey: string): Promise<SandboxSessionRow | null> {
  const { rows } = await db.query<SandboxSessionRow>(`SELECT ${COLUMNS} FROM payments_sandbox_session WHERE idempotency_key = $1`, [idempotencyKey]);
  return rows[0] ?? null;
}

export async function setStatus(tx: Tx, token: string, status: SandboxStatus, refusalReason: string | null = null): Promise<void> {
  await tx.query('UPDATE payments_sandbox_session SET status = $2, refusal_reason = COALESCE($3, refusal_reason) WHERE token = $1', [token, status, refusalReason]);
}

/** Counts an invalid card form submission; returns the count so far. */
export async function countFormError(tx: Tx, token: string): Promise<number> {
  const { rows } = await tx.query<{ form_errors: number }>('UPDATE payments_sandbox_session SET form_errors = form_errors + 1 WHERE token = $1 RETURNING form_errors', [token]);
  return rows[0]!.form_errors;
}

export async function addRefund(tx: Tx, token: string, amount: number): Promise<void> {
  await tx.query(
    `UPDATE payments_sandbox_session
        SET refunded_amount = refunded_amount + $2,
            status = CASE WHEN refunded_amount + $2 = amount THEN 'refunded' ELSE status END
      WHERE token = $1`,
    [token, amount],
  );
}

/** Records an operation under the merchant's idempotency key; false when the key was used before. */
export async function recordOperation(tx: Tx, op: { idempotency_key: string; psp_reference: string; kind: 'capture' | 'void' | 'refund'; amount: number }): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO payments_sandbox_operation (idempotency_key, psp_reference, kind, amount) VALUES ($1, $2, $3, $4)
     ON CONFLICT (idempotency_key) DO NOTHING`,
    [op.idempotency_key, op.psp_reference, op.kind, op.amount],
  );
  return rowCount === 1;
}

/** Queues a notification to be sent `delayMs` after the change commits. */
export async function enqueueEvent(tx: Tx, e: { id: string; merchant_account: string; body: string; delayMs: number }): Promise<void> {
  await tx.query(
    `INSERT INTO payments_sandbox_event (id, merchant_account, body, next_attempt_at) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`,
    [e.id, e.merchant_account, e.body, e.delayMs],
  );
}

export interface SandboxEventRow {
  id: string;
  body: string;
  attempts: number;
}

/** Claims a merchant account's due notifications with a lease, so several instances never send one at once. */
export async function claimDueEvents(db: Queryable, merchantAccount: string, limit: number, leaseSeconds: number): Promise<SandboxEventRow[]> {
  const { rows } = await db.query<SandboxEventRow>(
    `UPDATE payments_sandbox_event e SET next_attempt_at = now() + $2 * interval '1 second'
      WHERE e.id IN (
        SELECT id FROM payments_sandbox_event
         WHERE merchant_account = $3 AND delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, body, attempts`,
    [limit, leaseSeconds, merchantAccount],
  );
  return rows;
}

export async function markEventDelivered(db: Queryable, id: string, status: number): Promise<void> {
  await db.query('UPDATE payments_sandbox_event SET delivered_at = now(), last_status = $2 WHERE id = $1', [id, status]);
}

/** Counts a refused or failed delivery and retries later with backoff, or gives up after the last attempt. */
export async function markEventFailed(db: Queryable, id: string, status: number | null, retryInSeconds: number, maxAttempts: number): Promise<void> {
  await db.query(
    `UPDATE payments_sandbox_event
        SET attempts = attempts + 1, last_status = $2,
            next_attempt_at = now() + $3 * interval '1 second',
            failed_at = CASE WHEN attempts + 1 >= $4 THEN now() ELSE NULL END
      WHERE id = $1`,
    [id, status, retryInSeconds, maxAttempts],
  );
}

/** Closes sessions the shopper abandoned past their expiry; returns them so the provider can notify. */
export async function expireAbandoned(db: Queryable, merchantAccount: string, limit: number): Promise<SandboxSessionRow[]> {
  const { rows } = await db.query<SandboxSessionRow>(
    `UPDATE payments_sandbox_session SET status = 'refused', refusal_reason = 'expired'
      WHERE token IN (
        SELECT token FROM payments_sandbox_session
         WHERE merchant_account = $2 AND status IN ('open', 'challenge') AND expires_at <= now()
         ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [limit, merchantAccount],
  );
  return rows;
}
