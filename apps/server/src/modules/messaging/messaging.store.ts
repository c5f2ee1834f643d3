import type { Queryable, Tx } from '../../platform/db.js';

export type MessageChannel = 'email' | 'sms';

export interface NewOutboxRow {
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
  template: string;
  language: string;
  /** Extra e-mail headers (List-Unsubscribe of marketing e-mails), or null. */
  headers: Record<string, string> | null;
}

export interface OutboxRow {
  id: string;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
  template: string;
  language: string;
  headers: Record<string, string> | null;
  created_at: Date;
  sent_at: Date | null;
  failed_at: Date | null;
  attempts: number;
  last_error: string | null;
}

// Ids leave as text (bigint exceeds a JS number); an ORDER BY must name the table's bigint `o.id`, since a bare
// `id` would sort by that text alias, putting 999 after 1000.
const COLUMNS = `o.id::text AS id, channel, recipient, subject, body, template, language, headers, created_at, sent_at, failed_at, attempts, last_error`;

/** A new outbox row: the one INSERT and its values, shared by the waited-for and the deferred write. */
const INSERT_OUTBOX = `INSERT INTO messaging_outbox (channel, recipient, subject, body, template, language, headers)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`;
const outboxValues = (row: NewOutboxRow) => [
  row.channel, row.recipient, row.subject, row.body, row.template, row.language, row.headers ? JSON.stringify(row.headers) : null,
];

export async function insertOutboxRow(tx: Tx, row: NewOutboxRow): Promise<{ id: string }> {
  const { rows } = await tx.query<{ id: string }>(`${INSERT_OUTBOX} RETURNING id::text AS id`, outboxValues(row));
  return rows[0]!;
}

/** insertOutboxRow without waiting for its answer: written with the transaction's next statement or its commit (Tx.defer). */
export function queueOutboxRow(tx: Tx, row: NewOutboxRow): void {
  tx.defer(INSERT_OUTBOX, outboxValues(row));
}

/**
 * Claims due rows for one sender run: SKIP LOCKED lets several instances claim side by side, and the
 * lease (next_attempt_at pushed forward) keeps a row from being sent twice while it is in flight
 * without holding a transaction open across the network call. A crash mid-send retries after the lease.
 */
export async function claimDueRows(
  db: Queryable,
  opts: { email: boolean; sms: boolean; limit: number; leaseSeconds: number },
): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `UPDATE messaging_outbox o
        SET next_attempt_at = now() + $4 * interval '1 second'
      WHERE o.id IN (
        SELECT id FROM messaging_outbox
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
           AND ((channel = 'email' AND $1::boolean) OR (channel = 'sms' AND $2::boolean))
         ORDER BY next_attempt_at, id
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [opts.email, opts.sms, opts.limit, opts.leaseSeconds],
  );
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** Marks a row delivered; with `redact` its body is blanked so a secret does not outlive delivery. */
export async function markSent(db: Queryable, id: string, redact: boolean): Promise<void> {
  await db.query(
    `UPDATE messaging_outbox
        SET sent_at = now(), last_error = NULL, body = CASE WHEN $2::boolean THEN '' ELSE body END
      WHERE id = $1::bigint AND sent_at IS NULL`,
    [id, redact],
  );
}

/** Counts a failed delivery and schedules the retry, or gives the row up after the last allowed attempt. */
export async function markFailed(db: Queryable, id: string, error: string, retryInSeconds: number, maxAttempts: number): Promise<void> {
  await db.query(
    `UPDATE messaging_outbox
        SET attempts = attempts + 1,
            last_error = left($2, 500),
            next_attempt_at = now() + $3 * interval '1 second',
            failed_at = CASE WHEN attempts + 1 >= $4 THEN now() END
      WHERE id = $1::bigint AND sent_at IS NULL`,
    [id, error, retryInSeconds, maxAttempts],
  );
}

/** The latest messages, newest first, optionally for one recipient (dev mailbox). */
export async function listRecentRows(db: Queryable, opts: { recipient?: string; limit: number }): Promise<OutboxRow[]> {
  const { rows } = opts.recipient
    ? await db.query<OutboxRow>(`SELECT ${COLUMNS} FROM messaging_outbox o WHERE recipient = $1 ORDER BY o.id DESC LIMIT $2`, [opts.recipient, opts.limit])
    : await db.query<OutboxRow>(`SELECT ${COLUMNS} FROM messaging_outbox o ORDER BY o.id DESC LIMIT $1`, [opts.limit]);
  return rows;
}

/** Messages sent to any of these recipients (no bodies: they may hold codes or links). */
export async function findMessagesFor(db: Queryable, recipients: string[]) {
  const { rows } = await db.query<{ id: string; channel: string; recipient: string; subject: string | null; template: string; created_at: Date; sent_at: Date | null }>(
    `SELECT o.id::text AS id, channel, recipient, subject, template, created_at, sent_at FROM messaging_outbox o
      WHERE recipient = ANY($1::text[]) ORDER BY o.id`,
    [recipients],
  );
  return rows;
}

export async function deleteMessagesFor(tx: Tx, recipients: string[]): Promise<number> {
  return (await tx.query('DELETE FROM messaging_outbox WHERE recipient = ANY($1::text[])', [recipients])).rowCount;
}

/** How many messages wait for delivery and how long the oldest has waited (the metrics' outbox depth). */
export async function countPending(db: Queryable): Promise<{ pending: number; oldestSeconds: number }> {
  const { rows } = await db.query<{ pending: number; oldest_s: number | null }>(
    `SELECT count(*)::int AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest_s
       FROM messaging_outbox WHERE sent_at IS NULL AND failed_at IS NULL`,
  );
  return { pending: rows[0]?.pending ?? 0, oldestSeconds: Math.max(0, rows[0]?.oldest_s ?? 0) };
}
