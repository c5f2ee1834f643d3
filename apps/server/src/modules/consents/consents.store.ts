import type { Queryable, Tx } from '../../platform/db.js';

export interface PurposeRow {
  id: string; category: string; section_id: string; mandatory: boolean; steps: string[];
  name: string; description: string; section_name: string; section_description: string;
}

/** The spec's category order: email, sms, post, survey, additional, GDPR. */
const CATEGORY_ORDER = `array_position(ARRAY['email','sms','post','survey','additional','GDPR']::text[], p.category)`;

export async function findPurposes(db: Queryable, language: string, filter: { step?: string; category?: string }): Promise<PurposeRow[]> {
  const { rows } = await db.query<PurposeRow>(
    `SELECT p.id, p.category, p.section_id, p.mandatory, p.steps, t.name, t.description, t.section_name, t.section_description
       FROM consent_purpose p
       JOIN consent_purpose_text t ON t.purpose_id = p.id
        AND t.language = COALESCE((SELECT language FROM consent_purpose_text WHERE purpose_id = p.id AND language = $1), 'en')
      WHERE ($2::text IS NULL OR $2 = ANY(p.steps)) AND ($3::text IS NULL OR p.category = $3)
      ORDER BY ${CATEGORY_ORDER}, p.position, p.id`,
    [language, filter.step ?? null, filter.category ?? null],
  );
  return rows;
}

export async function findUserConsents(db: Queryable, uuid: string) {
  const { rows } = await db.query<{ purpose_id: string; granted: boolean; updated_at: Date; version: number; current_version: number }>(
    `SELECT c.purpose_id, c.granted, c.updated_at, c.version, p.version AS current_version FROM consent_user c JOIN consent_purpose p ON p.id = c.purpose_id
      WHERE c.user_uuid = $1 ORDER BY ${CATEGORY_ORDER}, p.position`,
    [uuid],
  );
  return rows;
}

/** The current text version of each of these purposes that exists. */
export async function findPurposeVersions(db: Queryable, ids: string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: string; version: number }>('SELECT id, version FROM consent_purpose WHERE id = ANY($1::text[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.version]));
}

export async function findPurposeFlags(db: Queryable, ids: string[]) {
  const { rows } = await db.query<{ id: string; mandatory: boolean }>('SELECT id, mandatory FROM consent_purpose WHERE id = ANY($1::text[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.mandatory]));
}

/**
 * Sets one consent to the purpose's current version; writes history only when the value or the
 * version changes (or it is first given): renewing an older version is a change.
 */
export async function upsertConsent(
  tx: Tx, uuid: string, purposeId: string, granted: boolean, source: string, ip: string | null,
  /** The legal text versions the consent was given to ({ terms: 3, privacy: 2 }); kept when not given. */
  documents?: Record<string, number>,
): Promise<boolean> {
  const docs = documents ? JSON.stringify(documents) : null;
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO consent_user (user_uuid, purpose_id, granted, version, documents)
     VALUES ($1, $2, $3, (SELECT version FROM consent_purpose WHERE id = $2), $4::jsonb)
     ON CONFLICT (user_uuid, purpose_id) DO UPDATE SET granted = EXCLUDED.granted, version = EXCLUDED.version,
       documents = COALESCE(EXCLUDED.documents, consent_user.documents), updated_at = now()
       WHERE consent_user.granted IS DISTINCT FROM EXCLUDED.granted OR consent_user.version IS DISTINCT FROM EXCLUDED.version
          OR (EXCLUDED.documents IS NOT NULL AND consent_user.documents IS DISTINCT FROM EXCLUDED.documents)
     RETURNING version`,
    [uuid, purposeId, granted, docs],
  );
  if (!rows.length) return false;
  await tx.query(
    'INSERT INTO consent_history (user_uuid, purpose_id, granted, source, ip, version, documents) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)',
    [uuid, purposeId, granted, source, ip, rows[0]!.version, docs],
  );
  return true;
}

/** The purposes a customer agreed to whose text has a newer version since. */
export async function findRenewalsDue(db: Queryable, uuid: string): Promise<string[]> {
  const { rows } = await db.query<{ purpose_id: string }>(
    `SELECT c.purpose_id FROM consent_user c JOIN consent_purpose p ON p.id = c.purpose_id
      WHERE c.user_uuid = $1 AND c.granted AND c.version < p.version ORDER BY ${CATEGORY_ORDER}, p.position`,
    [uuid],
  );
  return rows.map((r) => r.purpose_id);
}

export async function findHistory(db: Queryable, uuid: string) {
  const { rows } = await db.query<{ purpose_id: string; granted: boolean; changed_at: Date; source: string; documents: Record<string, number> | null }>(
    'SELECT purpose_id, granted, changed_at, source, documents FROM consent_history WHERE user_uuid = $1 ORDER BY changed_at, id',
    [uuid],
  );
  return rows;
}

/** Removes a customer's current consents and the addresses kept with their history (the changes stay as proof). */
export async function eraseUserConsents(tx: Tx, uuid: string): Promise<void> {
  await tx.query('DELETE FROM consent_user WHERE user_uuid = $1', [uuid]);
  await tx.query('UPDATE consent_history SET ip = NULL WHERE user_uuid = $1', [uuid]);
}
