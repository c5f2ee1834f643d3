import type { Queryable, Tx } from '../../platform/db.js';
import type { ScaMode } from './payments.provider.js';

/**
 * The shop's payment records: only this file runs SQL on payments_payment, _webhook_event, _provider_command,
 * _saved_card, _store_setting (payments.idempotency.store.ts: _idempotency_key).
 */

export type PaymentStatus = 'created' | 'paid' | 'failed' | 'suspicious' | 'voided' | 'refund_pending' | 'refunded';

export interface PaymentRow {
  uuid: string;
  order_id: string;
  store_code: string;
  customer_uuid: string | null;
  cart_id_hash: string | null;
  method_code: string;
  provider: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  tokenize: boolean;
  return_url: string;
  provider_reference: string | null;
  payment_token: string | null;
  redirect_url: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  failure_code: string | null;
  review_reason: string | null;
  /** The client's key for the attempt that opened it (Idempotency-Key), if it sent one. */
  attempt_key: string | null;
  /** What the provider reported giving back (refund notifications), at most the amount. */
  refunded_amount: number;
  /** What the shop has asked the provider to give back so far (partial refunds and the full one); at most `amount`. */
  refund_requested: number;
  /** A charge of a saved card without the customer (a renewal), and that card; or the card this payment saved. */
  off_session: boolean;
  saved_card_id: string | null;
  created_at: Date;
  paid_at: Date | null;
}

const COLUMNS = `uuid::text AS uuid, order_id, store_code, customer_uuid::text AS customer_uuid, cart_id_hash, method_code, provider,
  amount, currency::text AS currency, status, tokenize, return_url, provider_reference, payment_token, redirect_url,
  card_brand, card_last4::text AS card_last4, card_exp_month, card_exp_year, failure_code, review_reason, attempt_key, refunded_amount, refund_requested,
  off_session, saved_card_id::text AS saved_card_id, created_at, paid_at`;

export async function scaModeFor(db: Queryable, storeCode: string): Promise<ScaMode> {
  const { rows } = await db.query<{ sca_mode: ScaMode }>('SELECT sca_mode FROM payments_store_setting WHERE store_code = $1', [storeCode]);
  return rows[0]?.sca_mode ?? 'SCA_WHEN_REQUIRED';
}

export async function setScaMode(tx: Tx, storeCode: string, mode: ScaMode): Promise<void> {
  await tx.query(
    `INSERT INTO payments_store_setting (store_code, sca_mode) VALUES ($1, $2)
     ON CONFLICT (store_code) DO UPDATE SET sca_mode = EXCLUDED.sca_mode`,
    [storeCode, mode],
  );
}

export interface NewPayment {
  uuid: string;
  order_id: string;
  store_code: string;
  customer_uuid: string | null;
  cart_id_hash: string | null;
  method_code: string;
  provider: string;
  amount: number;
  currency: string;
  tokenize: boolean;
  return_url: string;
  attempt_key: string | null;
  off_session?: boolean;
  saved_card_id?: string | null;
}

/**
 * Inserts the order's live payment, or returns null when a concurrent request inserted one first (the
 * partial unique index decides; ON CONFLICT waits for that transaction and then does nothing).
 */
export async function insertPayment(tx: Tx, p: NewPayment): Promise<PaymentRow | null> {
  const { rows } = await tx.query<PaymentRow>(
    `INSERT INTO payments_payment (uuid, order_id, store_code, customer_uuid, cart_id_hash, method_code, provider, amount, currency, tokenize, return_url, attempt_key, off_session, saved_card_id)
     VALUES ($1::uuid, $2, $3, $4::uuid, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::uuid)
     ON CONFLICT (order_id) WHERE status IN ('created', 'paid', 'suspicious') DO NOTHING
     RETURNING ${COLUMNS}`,
    [p.uuid, p.order_id, p.store_code, p.customer_uuid, p.cart_id_hash, p.method_code, p.provider, p.amount, p.currency, p.tokenize, p.return_url, p.attempt_key,
      p.off_session ?? false, p.saved_card_id ?? null],
  );
  return rows[0] ?? null;
}

export async function findPayment(db: Queryable, uuid: string, lock = false): Promise<PaymentRow | null> {
  const { rows } = await db.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments_payment WHERE uuid = $1::uuid${lock ? ' FOR UPDATE' : ''}`, [uuid]);
  return rows[0] ?? null;
}

/**
 * The order's live payment, locked: the one that claims it (open, paid or under review; at most one,
 * by the partial unique index), else its own paid payment being refunded (cancellation asked before).
 * A superseded payment refunded after a late capture was never the order's and is not returned.
 */
export async function findLivePayment(tx: Tx, orderId: string): Promise<PaymentRow | null> {
  const { rows } = await tx.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payments_payment
      WHERE order_id = $1 AND (status IN ('created', 'paid', 'suspicious') OR (status = 'refund_pending' AND paid_at IS NOT NULL))
      ORDER BY status = 'refund_pending', created_at DESC LIMIT 1 FOR UPDATE`,
    [orderId],
  );
  return rows[0] ?? null;
}

/** The order's payment that captured money (paid, or being refunded), locked. */
export async function findRefundablePayment(tx: Tx, orderId: string): Promise<PaymentRow | null> {
  const { rows } = await tx.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payments_payment
      WHERE order_id = $1 AND paid_at IS NOT NULL AND status IN ('paid', 'refund_pending', 'refunded')
      ORDER BY status = 'paid' DESC, created_at DESC LIMIT 1 FOR UPDATE`,
    [orderId],
  );
  return rows[0] ?? null;
}

/** Whether any payment of the order holds money the provider took (paid, under review, being refunded). */
export async function holdsMoney(tx: Tx, orderId: string): Promise<boolean> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payments_payment WHERE order_id = $1 AND status IN ('paid', 'suspicious', 'refund_pending')`,
    [orderId],
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** Records the provider's session on a payment once; a concurrent second writer of the same session is a no-op. */
export async function attachSession(tx: Tx, uuid: string, s: { provider_reference: string; payment_token: string; redirect_url: string }): Promise<void> {
  await tx.query(
    `UPDATE payments_payment SET provider_reference = $2, payment_token = $3, redirect_url = $4, updated_at = now()
      WHERE uuid = $1::uuid AND provider_reference IS NULL`,
    [uuid, s.provider_reference, s.payment_token, s.redirect_url],
  );
}

/** Moves a payment on from one status to another; false when it was no longer in `from`. */
export async function transition(
  tx: Tx,
  uuid: string,
  from: PaymentStatus[],
  to: PaymentStatus,
  extra: { failure_code?: string; review_reason?: string; card?: { brand: string; last4: string; exp_month: number; exp_year: number } | null } = {},
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE payments_payment
        SET status = $3, updated_at = now(),
            paid_at = CASE WHEN $3 = 'paid' THEN now() ELSE paid_at END,
            failure_code = COALESCE($4, failure_code),
            review_reason = COALESCE($5, review_reason),
            card_brand = COALESCE($6, card_brand), card_last4 = COALESCE($7, card_last4),
            card_exp_month = COALESCE($8::int, card_exp_month), card_exp_year = COALESCE($9::int, card_exp_year)
      WHERE uuid = $1::uuid AND status = ANY($2::text[])`,
    [uuid, from, to, extra.failure_code ?? null, extra.review_reason ?? null, extra.card?.brand ?? null, extra.card?.last4 ?? null, extra.card?.exp_month ?? null, extra.card?.exp_year ?? null],
  );
  return rowCount === 1;
}

/** Records a notification by its provider event id; false when it was recorded before (a replay). */
export async function recordWebhookEvent(tx: Tx, e: { provider: string; event_id: string; type: string; payment_uuid: string; amount: number }): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO payments_webhook_event (provider, event_id, type, payment_uuid, outcome, amount) VALUES ($1, $2, $3, $4::uuid, 'received', $5)
     ON CONFLICT (provider, event_id) DO NOTHING`,
    [e.provider, e.event_id, e.type, e.payment_uuid, Math.max(0, e.amount)],
  );
  return rowCount === 1;
}

/** The refunds parked for a payment (they overtook its capture), marked applied; their total. */
export async function takeParkedRefunds(tx: Tx, provider: string, paymentUuid: string): Promise<number> {
  const { rows } = await tx.query<{ amount: number }>(
    `UPDATE payments_webhook_event SET outcome = 'applied'
      WHERE provider = $1 AND payment_uuid = $2::uuid AND type = 'payment.refunded' AND outcome = 'parked'
      RETURNING amount`,
    [provider, paymentUuid],
  );
  return rows.reduce((sum, r) => sum + (r.amount ?? 0), 0);
}

/** Counts money the provider reported giving back. */
export async function addRefunded(tx: Tx, uuid: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  await tx.query('UPDATE payments_payment SET refunded_amount = refunded_amount + $2, updated_at = now() WHERE uuid = $1::uuid', [uuid, amount]);
}

/** Whether any payment was ever started for the order (a request without a key is then a retry). */
export async function hasPayment(tx: Tx, orderId: string): Promise<boolean> {
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM payments_payment WHERE order_id = $1', [orderId]);
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Payments the provider has not reported on for a while (open at the shop, older than the given
 * seconds): reconciliation asks the provider about them. Locked, skipping those another instance holds.
 */
export async function findUnsettled(tx: Tx, olderThanSeconds: number, limit: number): Promise<PaymentRow[]> {
  const { rows } = await tx.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payments_payment
      WHERE status = 'created' AND updated_at < now() - $1 * interval '1 second'
      ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [olderThanSeconds, limit],
  );
  return rows;
}

/** Pushes a payment back in the reconciliation queue (asked now; ask again later). */
export async function touch(tx: Tx, uuid: string): Promise<void> {
  await tx.query('UPDATE payments_payment SET updated_at = now() WHERE uuid = $1::uuid', [uuid]);
}

export async function setWebhookOutcome(tx: Tx, provider: string, eventId: string, outcome: string): Promise<void> {
  await tx.query('UPDATE payments_webhook_event SET outcome = $3 WHERE provider = $1 AND event_id = $2', [provider, eventId, outcome]);
}

/**
 * Keeps a card the provider tokenised for the customer (once per token) and names it on the payment
 * that saved it; the customer's first card becomes their default. Returns the card's id.
 */
export async function saveCard(
  tx: Tx, c: { id: string; customer_uuid: string; provider: string; token: string; fingerprint?: string | null; brand: string; last4: string; exp_month: number; exp_year: number }, paymentUuid: string | null = null,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `WITH saved AS (
       INSERT INTO payments_saved_card (id, customer_uuid, provider, token, brand, last4, exp_month, exp_year, is_default, fingerprint)
       VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8,
               NOT EXISTS (SELECT 1 FROM payments_saved_card WHERE customer_uuid = $2::uuid AND is_default), $10)
       ON CONFLICT (customer_uuid, provider, token) DO UPDATE SET exp_month = EXCLUDED.exp_month
       RETURNING id),
     linked AS (UPDATE payments_payment SET saved_card_id = (SELECT id FROM saved) WHERE uuid = $9::uuid)
     SELECT id::text AS id FROM saved`,
    [c.id, c.customer_uuid, c.provider, c.token, c.brand, c.last4, c.exp_month, c.exp_year, paymentUuid, c.fingerprint ?? null],
  );
  return rows[0]!.id;
}

export interface SavedCardRow {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
}
const CARD_COLUMNS = 'id::text AS id, brand, last4::text AS last4, exp_month, exp_year, is_default';

export async function savedCardsOf(db: Queryable, customerUuid: string): Promise<SavedCardRow[]> {
  const { rows } = await db.query<SavedCardRow>(
    `SELECT ${CARD_COLUMNS} FROM payments_saved_card WHERE customer_uuid = $1::uuid ORDER BY created_at, id`,
    [customerUuid],
  );
  return rows;
}

/** One of the customer's cards; another customer's answers like a missing one. */
export async function findSavedCard(db: Queryable, customerUuid: string, id: string, lock = false): Promise<SavedCardRow | null> {
  const { rows } = await db.query<SavedCardRow>(
    `SELECT ${CARD_COLUMNS} FROM payments_saved_card WHERE id = $1::uuid AND customer_uuid = $2::uuid${lock ? ' FOR UPDATE' : ''}`,
    [id, customerUuid],
  );
  return rows[0] ?? null;
}

/** The provider token of a customer's card, for a charge without the customer. */
export async function savedCardToken(db: Queryable, customerUuid: string, id: string): Promise<{ token: string; provider: string } | null> {
  const { rows } = await db.query<{ token: string; provider: string }>(
    'SELECT token, provider FROM payments_saved_card WHERE id = $1::uuid AND customer_uuid = $2::uuid',
    [id, customerUuid],
  );
  return rows[0] ?? null;
}

/** Deletes a card; when it was the default, the customer's newest other card becomes the default. */
export async function deleteSavedCard(tx: Tx, customerUuid: string, id: string): Promise<boolean> {
  const { rows } = await tx.query<{ is_default: boolean }>('DELETE FROM payments_saved_card WHERE id = $1::uuid AND customer_uuid = $2::uuid RETURNING is_default', [id, customerUuid]);
  if (!rows[0]) return false;
  if (rows[0].is_default) {
    await tx.query(
      `UPDATE payments_saved_card SET is_default = true
        WHERE id = (SELECT id FROM payments_saved_card WHERE customer_uuid = $1::uuid ORDER BY created_at DESC, id LIMIT 1)`,
      [customerUuid],
    );
  }
  return true;
}

/** Makes one card the customer's default (the partial unique index keeps it one). */
export async function setDefaultCard(tx: Tx, customerUuid: string, id: string): Promise<boolean> {
  await tx.query('UPDATE payments_saved_card SET is_default = false WHERE customer_uuid = $1::uuid AND is_default AND id <> $2::uuid', [customerUuid, id]);
  const r = await tx.query('UPDATE payments_saved_card SET is_default = true WHERE customer_uuid = $1::uuid AND id = $2::uuid', [customerUuid, id]);
  return r.rowCount === 1;
}

/** Whether the order's open payment is an off-session charge waiting for the customer's authentication, younger than `days`. */
export async function awaitsAuthentication(tx: Tx, orderId: string, days: number): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM payments_payment WHERE order_id = $1 AND status = 'created' AND off_session AND provider_reference IS NOT NULL
        AND created_at > now() - $2 * interval '1 day'`,
    [orderId, days],
  );
  return rows.length > 0;
}

/** The card an order's paid payment saved, if it saved one. */
export async function cardSavedFor(db: Queryable, orderId: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT saved_card_id::text AS id FROM payments_payment WHERE order_id = $1 AND saved_card_id IS NOT NULL AND NOT off_session AND paid_at IS NOT NULL
      ORDER BY paid_at DESC LIMIT 1`,
    [orderId],
  );
  return rows[0]?.id ?? null;
}

/** The card the order's payment saved, with its fingerprint (null where the provider gave none). */
export async function cardSavedWithFingerprint(db: Queryable, orderId: string): Promise<{ id: string; fingerprint: string | null } | null> {
  const { rows } = await db.query<{ id: string; fingerprint: string | null }>(
    `SELECT c.id::text AS id, c.fingerprint
       FROM payments_payment p JOIN payments_saved_card c ON c.id = p.saved_card_id
      WHERE p.order_id = $1 AND NOT p.off_session AND p.paid_at IS NOT NULL
      ORDER BY p.paid_at DESC LIMIT 1`,
    [orderId],
  );
  return rows[0] ?? null;
}

export async function enqueueCommand(tx: Tx, c: { payment_uuid: string; kind: 'void' | 'refund' | 'partial_refund'; amount: number; idempotency_key: string }): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO payments_provider_command (payment_uuid, kind, amount, idempotency_key) VALUES ($1::uuid, $2, $3, $4)
     ON CONFLICT (idempotency_key) DO NOTHING`,
    [c.payment_uuid, c.kind, c.amount, c.idempotency_key],
  );
  return (rowCount ?? 0) > 0;
}

/** A command already recorded under this key (a retried partial refund), with its amount. */
export async function findCommand(tx: Tx, idempotencyKey: string): Promise<{ payment_uuid: string; kind: string; amount: number } | null> {
  const { rows } = await tx.query<{ payment_uuid: string; kind: string; amount: number }>(
    'SELECT payment_uuid::text AS payment_uuid, kind, amount FROM payments_provider_command WHERE idempotency_key = $1',
    [idempotencyKey],
  );
  return rows[0] ?? null;
}

/**
 * Counts `amount` more as asked back from the provider; the CHECK (refund_requested <= amount) refuses
 * more than was captured even if a caller's arithmetic were wrong. Returns what is asked back now.
 */
export async function addRefundRequested(tx: Tx, uuid: string, amount: number): Promise<number> {
  const { rows } = await tx.query<{ refund_requested: number }>(
    `UPDATE payments_payment SET refund_requested = GREATEST(refund_requested, refunded_amount) + $2, updated_at = now()
      WHERE uuid = $1::uuid RETURNING refund_requested`,
    [uuid, amount],
  );
  return rows[0]!.refund_requested;
}

export interface CommandRow {
  id: string;
  payment_uuid: string;
  kind: 'void' | 'refund' | 'partial_refund';
  amount: number;
  idempotency_key: string;
  attempts: number;
  provider_reference: string | null;
  payment_status: PaymentStatus;
}

/** Claims due provider commands with a lease (SKIP LOCKED), so no two instances run one at once. */
export async function claimDueCommands(db: Queryable, limit: number, leaseSeconds: number): Promise<CommandRow[]> {
  const { rows } = await db.query<CommandRow>(
    `WITH claimed AS (
       UPDATE payments_provider_command c SET next_attempt_at = now() + $2 * interval '1 second'
        WHERE c.id IN (
          SELECT id FROM payments_provider_command
           WHERE done_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
           ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING c.id, c.payment_uuid, c.kind, c.amount, c.idempotency_key, c.attempts)
     SELECT claimed.id::text AS id, claimed.payment_uuid::text AS payment_uuid, claimed.kind, claimed.amount, claimed.idempotency_key,
            claimed.attempts, p.provider_reference, p.status AS payment_status
       FROM claimed JOIN payments_payment p ON p.uuid = claimed.payment_uuid`,
    [limit, leaseSeconds],
  );
  return rows;
}

export async function markCommandDone(tx: Tx, id: string): Promise<void> {
  await tx.query('UPDATE payments_provider_command SET done_at = now(), last_error = NULL WHERE id = $1::bigint', [id]);
}

export async function markCommandFailed(db: Queryable, id: string, error: string, retryInSeconds: number, maxAttempts: number): Promise<void> {
  await db.query(
    `UPDATE payments_provider_command
        SET attempts = attempts + 1, last_error = left($2, 500), next_attempt_at = now() + $3 * interval '1 second',
            failed_at = CASE WHEN attempts + 1 >= $4 THEN now() ELSE NULL END
      WHERE id = $1::bigint`,
    [id, error, retryInSeconds, maxAttempts],
  );
}

/** The customer's payments (no provider tokens or references), for a data-subject export. */
export async function paymentsForExport(db: Queryable, customerUuid: string) {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT order_id, store_code, method_code, amount, currency, status, created_at FROM payments_payment
      WHERE customer_uuid = $1::uuid ORDER BY created_at`,
    [customerUuid],
  );
  return rows;
}

/** Forgets the customer's saved cards: the provider's tokens are no use to anyone else. */
export async function deleteSavedCards(tx: Tx, customerUuid: string): Promise<number> {
  return (await tx.query('DELETE FROM payments_saved_card WHERE customer_uuid = $1::uuid', [customerUuid])).rowCount;
}
