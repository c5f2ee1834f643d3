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

// ---------- the console ----------

export interface ConsolePurposeRow {
  id: string; category: string; mandatory: boolean; version: number;
  texts: Record<string, { name: string; description: string }>;
}

/** Every purpose with its current version and texts in every language. */
export async function consolePurposes(db: Queryable, id?: string): Promise<ConsolePurposeRow[]> {
  const { rows } = await db.query<ConsolePurposeRow>(
    `SELECT p.id, p.category, p.mandatory, p.version,
            COALESCE((SELECT json_object_agg(t.language, json_build_object('name', t.name, 'description', t.description))
                        FROM consent_purpose_text t WHERE t.purpose_id = p.id), '{}'::json) AS texts
       FROM consent_purpose p WHERE ($1::text IS NULL OR p.id = $1) ORDER BY ${CATEGORY_ORDER}, p.position, p.id`,
    [id ?? null],
  );
  return rows;
}

export async function lockPurpose(tx: Tx, id: string): Promise<{ version: number } | null> {
  const { rows } = await tx.query<{ version: number }>('SELECT version FROM consent_purpose WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

export async function setPurposeVersion(tx: Tx, id: string, version: number): Promise<void> {
  await tx.query('UPDATE consent_purpose SET version = $2 WHERE id = $1', [id, version]);
}

/** Writes a purpose's text in one language (keeping its section texts) and records it in the history. */
export async function writePurposeText(tx: Tx, id: string, version: number, language: string, text: { name: string; description: string }, by: string): Promise<void> {
  await tx.query(
    `INSERT INTO consent_purpose_text (purpose_id, language, name, description, section_name, section_description)
     SELECT $1, $2, $3, $4, COALESCE(e.section_name, ''), COALESCE(e.section_description, '')
       FROM (SELECT 1) one LEFT JOIN consent_purpose_text e ON e.purpose_id = $1 AND e.language = 'en'
     ON CONFLICT (purpose_id, language) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description`,
    [id, language, text.name, text.description],
  );
  await tx.query(
    'INSERT INTO consent_purpose_text_version (purpose_id, version, language, name, description, recorded_by) VALUES ($1, $2, $3, $4, $5, $6)',
    [id, version, language, text.name, text.description, by],
  );
}

export async function purposeTextHistory(db: Queryable, id: string) {
  const { rows } = await db.query<{ version: number; language: string; name: string; description: string; recorded_by: string; recorded_at: Date }>(
    'SELECT version, language, name, description, recorded_by, recorded_at FROM consent_purpose_text_version WHERE purpose_id = $1 ORDER BY id DESC LIMIT 200',
    [id],
  );
  return rows;
}
