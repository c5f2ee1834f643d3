import type { Queryable, Tx } from '../../platform/db.js';
import type { VerificationChannel } from './verification.codes.js';

export type VerificationStatus = 'pending' | 'validated' | 'expired' | 'locked';

export interface VerificationItemRow {
  uuid: string;
  channel: VerificationChannel;
  identifier: string;
  code_hash: string;
  attempts: number;
  /** Effective status: a pending item past its expiry reads as expired before anyone marks it. */
  status: VerificationStatus;
  expires_at: Date;
  validated_at: Date | null;
  consumed_at: Date | null;
  purpose: string;
}

export interface NewVerificationItem {
  uuid: string;
  channel: VerificationChannel;
  identifier: string;
  codeHash: string;
  purpose: string;
  language: string;
  ip: string | null;
  ttlSeconds: number;
  /** The account that asked, when it asked signed in; later steps for another account cannot use the item. */
  userUuid: string | null;
}

export async function insertItem(tx: Tx, item: NewVerificationItem): Promise<{ expires_at: Date }> {
  const { rows } = await tx.query<{ expires_at: Date }>(
    `INSERT INTO verification_item (uuid, channel, identifier, code_hash, purpose, language, ip, expires_at, user_uuid)
     VALUES ($1::uuid, $2, $3, $4, $5, $6, $7::inet, now() + $8 * interval '1 second', $9::uuid)
     RETURNING expires_at`,
    [item.uuid, item.channel, item.identifier, item.codeHash, item.purpose, item.language, item.ip, item.ttlSeconds, item.userUuid],
  );
  return rows[0]!;
}

/** Retires the open items for a target and purpose, so only the newest code sent to it works. */
export async function expirePendingFor(tx: Tx, target: { channel: VerificationChannel; identifier: string; purpose: string }): Promise<void> {
  await tx.query(
    `UPDATE verification_item SET status = 'expired'
      WHERE channel = $1 AND identifier = $2 AND purpose = $3 AND status = 'pending'`,
    [target.channel, target.identifier, target.purpose],
  );
}

export async function findItem(db: Queryable, uuid: string): Promise<VerificationItemRow | null> {
  const { rows } = await db.query<VerificationItemRow>(
    `SELECT uuid::text AS uuid, channel, identifier, code_hash, attempts, expires_at, validated_at, consumed_at, purpose,
            CASE WHEN status = 'pending' AND expires_at <= now() THEN 'expired' ELSE status END AS status
       FROM verification_item WHERE uuid = $1::uuid`,
    [uuid],
  );
  return rows[0] ?? null;
}

/**
 * Counts one attempt before the code is compared, guarded so that concurrent guesses can never take
 * more than `maxAttempts`: a row is returned only while the item is pending, unexpired and has one left.
 */
export async function reserveAttempt(tx: Tx, uuid: string, maxAttempts: number): Promise<{ attempts: number } | null> {
  const { rows } = await tx.query<{ attempts: number }>(
    `UPDATE verification_item SET attempts = attempts + 1
      WHERE uuid = $1::uuid AND status = 'pending' AND attempts < $2 AND expires_at > now()
      RETURNING attempts`,
    [uuid, maxAttempts],
  );
  return rows[0] ?? null;
}

/** Marks an item validated and gives back the attempt the right code used: only wrong codes stay counted. */
export async function markValidated(tx: Tx, uuid: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE verification_item SET status = 'validated', validated_at = now(), attempts = attempts - 1
      WHERE uuid = $1::uuid AND status = 'pending'`,
    [uuid],
  );
  return rowCount === 1;
}

export async function markLocked(tx: Tx, uuid: string): Promise<void> {
  await tx.query(`UPDATE verification_item SET status = 'locked' WHERE uuid = $1::uuid AND status = 'pending'`, [uuid]);
}

export async function markExpired(tx: Tx, uuid: string): Promise<void> {
  await tx.query(`UPDATE verification_item SET status = 'expired' WHERE uuid = $1::uuid AND status = 'pending' AND expires_at <= now()`, [uuid]);
}

/** Uses a validated item once: one guarded UPDATE, so two concurrent consumers cannot both succeed. */
export async function consumeItem(
  tx: Tx,
  match: { uuid: string; channel: VerificationChannel; identifier: string; purpose: string; windowSeconds: number; userUuid: string | null },
): Promise<boolean> {
  // An item asked for by one account is never used for another; one asked for signed out binds to nobody.
  const { rowCount } = await tx.query(
    `UPDATE verification_item SET consumed_at = now()
      WHERE uuid = $1::uuid AND status = 'validated' AND consumed_at IS NULL
        AND channel = $2 AND identifier = $3 AND purpose = $4
        AND validated_at > now() - $5 * interval '1 second'
        AND (user_uuid IS NULL OR user_uuid = $6::uuid)`,
    [match.uuid, match.channel, match.identifier, match.purpose, match.windowSeconds, match.userUuid],
  );
  return rowCount === 1;
}

/** Whether a validated, not yet consumed item for this target was requested from this client address within the window. */
export async function hasOpenValidatedItem(
  db: Queryable,
  match: { channel: VerificationChannel; identifier: string; purpose: string; windowSeconds: number; ip: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM verification_item
      WHERE channel = $1 AND identifier = $2 AND purpose = $3 AND status = 'validated' AND consumed_at IS NULL
        AND validated_at > now() - $4 * interval '1 second' AND ip = $5::inet
      LIMIT 1`,
    [match.channel, match.identifier, match.purpose, match.windowSeconds, match.ip],
  );
  return rowCount > 0;
}

/** Items sent to any of these identifiers (never the code hash), for a data-subject export. */
export async function findItemsFor(db: Queryable, identifiers: string[]) {
  const { rows } = await db.query<{ uuid: string; channel: string; identifier: string; status: string; purpose: string; created_at: Date }>(
    'SELECT uuid, channel, identifier, status, purpose, created_at FROM verification_item WHERE identifier = ANY($1::text[]) ORDER BY created_at',
    [identifiers],
  );
  return rows;
}

export async function deleteItemsFor(tx: Tx, identifiers: string[]): Promise<number> {
  return (await tx.query('DELETE FROM verification_item WHERE identifier = ANY($1::text[])', [identifiers])).rowCount;
}
