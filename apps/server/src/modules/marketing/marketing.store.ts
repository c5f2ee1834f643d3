import type { NewsletterStatus } from '@ember/contracts';
import type { Queryable, Tx } from '../../platform/db.js';

/** The only SQL on the marketing tables (marketing_subscriber, marketing_subscriber_event). */

export type AgeBasis = 'account_verified' | 'self_declared';

export interface SubscriberRow {
  id: string;
  store_code: string;
  category: 'marketing';
  email: string;
  status: NewsletterStatus;
  preferred_language: string;
  consents: string[];
  consent_versions: Record<string, number>;
  user_uuid: string | null;
  age_basis: AgeBasis;
  legal_age: number;
  age_confirmed_at: Date;
  requested_at: Date;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface SubscriberEventRow {
  subscriber_id: string;
  status: NewsletterStatus;
  consents: string[];
  consent_versions: Record<string, number>;
  source: string;
  ip: string | null;
  created_at: Date;
}

/** What a sign-up sets: who, which consents and versions, and how their adulthood is known. */
export interface SignUp {
  email: string;
  preferred_language: string;
  consents: string[];
  consent_versions: Record<string, number>;
  user_uuid: string | null;
  age_basis: AgeBasis;
  legal_age: number;
}

const COLUMNS = `id::text AS id, store_code, category, email, status, preferred_language, consents, consent_versions, user_uuid::text AS user_uuid,
  age_basis, legal_age, age_confirmed_at, requested_at, confirmed_at, unsubscribed_at, created_at, updated_at`;

/**
 * Inserts an unconfirmed subscriber unless the address has one in the store view already: then null,
 * and the caller locks that one. Identical sign-ups at once wait on the unique key and make one row.
 */
export async function insertSubscriber(tx: Tx, id: string, storeCode: string, s: SignUp): Promise<SubscriberRow | null> {
  const { rows } = await tx.query<SubscriberRow>(
    `INSERT INTO marketing_subscriber (id, store_code, email, status, preferred_language, consents, consent_versions, user_uuid, age_basis, legal_age, age_confirmed_at)
     VALUES ($1, $2, $3, 'UNCONFIRMED', $4, $5::text[], $6::jsonb, $7, $8, $9, now())
     ON CONFLICT ON CONSTRAINT marketing_subscriber_once DO NOTHING
     RETURNING ${COLUMNS}`,
    [id, storeCode, s.email, s.preferred_language, s.consents, JSON.stringify(s.consent_versions), s.user_uuid, s.age_basis, s.legal_age],
  );
  return rows[0] ?? null;
}

/** The subscriber of an address in a store view, locked for the rest of the transaction. */
export async function lockSubscriberOf(tx: Tx, storeCode: string, email: string): Promise<SubscriberRow | null> {
  const { rows } = await tx.query<SubscriberRow>(
    `SELECT ${COLUMNS} FROM marketing_subscriber WHERE store_code = $1 AND category = 'marketing' AND email = $2 FOR UPDATE`,
    [storeCode, email],
  );
  return rows[0] ?? null;
}

/** A subscriber by id, locked: two uses of one link wait for each other. */
export async function lockSubscriber(tx: Tx, id: string): Promise<SubscriberRow | null> {
  const { rows } = await tx.query<SubscriberRow>(`SELECT ${COLUMNS} FROM marketing_subscriber WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

export async function findSubscriber(q: Queryable, id: string): Promise<SubscriberRow | null> {
  const { rows } = await q.query<SubscriberRow>(`SELECT ${COLUMNS} FROM marketing_subscriber WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findSubscriberOf(q: Queryable, storeCode: string, email: string): Promise<SubscriberRow | null> {
  const { rows } = await q.query<SubscriberRow>(
    `SELECT ${COLUMNS} FROM marketing_subscriber WHERE store_code = $1 AND category = 'marketing' AND email = $2`,
    [storeCode, email],
  );
  return rows[0] ?? null;
}

/** A new sign-up of a known address: unconfirmed again, with what was agreed to now. */
export async function renewSignUp(tx: Tx, id: string, s: SignUp): Promise<SubscriberRow> {
  const { rows } = await tx.query<SubscriberRow>(
    `UPDATE marketing_subscriber
        SET status = 'UNCONFIRMED', preferred_language = $2, consents = $3::text[], consent_versions = $4::jsonb,
            user_uuid = COALESCE($5, user_uuid), age_basis = $6, legal_age = $7, age_confirmed_at = now(),
            requested_at = now(), confirmed_at = NULL, unsubscribed_at = NULL, updated_at = now()
      WHERE id = $1
      RETURNING ${COLUMNS}`,
    [id, s.preferred_language, s.consents, JSON.stringify(s.consent_versions), s.user_uuid, s.age_basis, s.legal_age],
  );
  return rows[0]!;
}

/** Sets a subscriber's status (SUBSCRIBED stamps the confirmation, UNSUBSCRIBED the withdrawal) and its account. */
export async function setStatus(tx: Tx, id: string, status: NewsletterStatus, userUuid: string | null): Promise<SubscriberRow> {
  const { rows } = await tx.query<SubscriberRow>(
    `UPDATE marketing_subscriber
        SET status = $2, user_uuid = COALESCE($3, user_uuid), updated_at = now(),
            confirmed_at = CASE WHEN $2 = 'SUBSCRIBED' THEN now() ELSE confirmed_at END,
            unsubscribed_at = CASE WHEN $2 = 'UNSUBSCRIBED' THEN now() ELSE unsubscribed_at END
      WHERE id = $1
      RETURNING ${COLUMNS}`,
    [id, status, userUuid],
  );
  return rows[0]!;
}

/** Keeps a change of a subscriber, as proof of consent. */
export async function insertEvent(tx: Tx, s: SubscriberRow, source: string, ip: string | null): Promise<void> {
  await tx.query(
    `INSERT INTO marketing_subscriber_event (subscriber_id, status, consents, consent_versions, source, ip) VALUES ($1, $2, $3::text[], $4::jsonb, $5, $6)`,
    [s.id, s.status, s.consents, JSON.stringify(s.consent_versions), source, ip],
  );
}

/** The subscribers of these addresses or of this account (the data-subject export and erasure). */
export async function subscribersOf(q: Queryable, emails: string[], userUuid: string | null): Promise<SubscriberRow[]> {
  const { rows } = await q.query<SubscriberRow>(
    `SELECT ${COLUMNS} FROM marketing_subscriber WHERE email = ANY($1::text[]) OR user_uuid = $2 ORDER BY created_at, id`,
    [emails, userUuid],
  );
  return rows;
}

/** The changes of these subscribers, oldest first. */
export async function eventsOf(q: Queryable, ids: string[]): Promise<SubscriberEventRow[]> {
  if (!ids.length) return [];
  const { rows } = await q.query<SubscriberEventRow>(
    `SELECT subscriber_id::text AS subscriber_id, status, consents, consent_versions, source, ip, created_at
       FROM marketing_subscriber_event WHERE subscriber_id = ANY($1::uuid[]) ORDER BY created_at, id`,
    [ids],
  );
  return rows;
}

/** Erasure: the subscribers of these addresses or of this account and, with them, their history. */
export async function deleteSubscribersOf(tx: Tx, emails: string[], userUuid: string | null): Promise<number> {
  const r = await tx.query('DELETE FROM marketing_subscriber WHERE email = ANY($1::text[]) OR user_uuid = $2', [emails, userUuid]);
  return r.rowCount;
}
