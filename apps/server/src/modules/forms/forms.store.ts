import type { Queryable, Tx } from '../../platform/db.js';

export type FormType = 'CONTACT' | 'COMPLAINT' | 'FEEDBACK';
export type FormChannel = 'web' | 'app' | 'email' | 'phone' | 'store';

export interface NewSubmission {
  uuid: string;
  type: FormType;
  channel: FormChannel;
  user_uuid: string | null;
  email: string | null;
  data_subject: Record<string, string> | null;
  payload: Record<string, unknown>;
  collection_point_token: string | null;
  consent_purposes: string[];
  store_code: string;
  language: string;
  ip: string | null;
}

export async function insertSubmission(tx: Tx, s: NewSubmission): Promise<{ created_at: Date }> {
  const { rows } = await tx.query<{ created_at: Date }>(
    `INSERT INTO forms_submission (uuid, type, channel, user_uuid, email, data_subject, payload, collection_point_token, consent_purposes, store_code, language, ip)
     VALUES ($1::uuid, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8, $9::text[], $10, $11, $12::inet)
     RETURNING created_at`,
    [
      s.uuid, s.type, s.channel, s.user_uuid, s.email, s.data_subject === null ? null : JSON.stringify(s.data_subject),
      JSON.stringify(s.payload), s.collection_point_token, s.consent_purposes, s.store_code, s.language, s.ip,
    ],
  );
  return rows[0]!;
}

export async function hasSubmissionOfType(db: Queryable, userUuid: string, type: FormType): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM forms_submission WHERE user_uuid = $1::uuid AND type = $2) AS found',
    [userUuid, type],
  );
  return rows[0]!.found;
}

/** A customer's submissions for a data-subject export (no client address: it is about the request, not the person). */
export async function findSubmissionsOf(db: Queryable, userUuid: string) {
  const { rows } = await db.query<{
    uuid: string; type: FormType; channel: FormChannel; email: string | null; data_subject: unknown; payload: unknown;
    collection_point_token: string | null; consent_purposes: string[]; store_code: string; created_at: Date;
  }>(
    `SELECT uuid::text, type, channel, email, data_subject, payload, collection_point_token, consent_purposes, store_code, created_at
     FROM forms_submission WHERE user_uuid = $1::uuid ORDER BY created_at, uuid`,
    [userUuid],
  );
  return rows;
}

/** Blanks every personal field of the submissions linked to a customer or sent from their addresses. */
export async function anonymiseSubmissions(tx: Tx, userUuid: string, emails: string[]): Promise<number> {
  const res = await tx.query(
    `UPDATE forms_submission
     SET user_uuid = NULL, email = NULL, data_subject = NULL, ip = NULL, payload = '{}'::jsonb, anonymised_at = now()
     WHERE anonymised_at IS NULL AND (user_uuid = $1::uuid OR email = ANY($2::text[]))`,
    [userUuid, emails],
  );
  return res.rowCount ?? 0;
}
