import type { Reader, Tx } from '../../platform/transaction.js';

/** The coupon providers' records: only this file runs SQL on coupon_* tables. */

export interface ProviderRow {
  id: string;
  store_codes: string[];
  name: string;
  description: string;
  terms: string;
  running: boolean;
  ends_at: Date | null;
  free_codes: number;
}

/** A provider as the store view shows it (its language's texts, English when it has none), if it runs there. */
export async function findProvider(q: Reader, id: string, store: string, language: string): Promise<ProviderRow | null> {
  const { rows } = await q.query<ProviderRow>(
    `SELECT p.id, p.store_codes, COALESCE(t.name, e.name) AS name, COALESCE(t.description, e.description) AS description,
            COALESCE(t.terms, e.terms) AS terms,
            p.is_active AND (p.starts_at IS NULL OR p.starts_at <= now()) AND (p.ends_at IS NULL OR p.ends_at > now()) AS running,
            p.ends_at,
            (SELECT count(*)::int FROM (SELECT 1 FROM coupon_code c WHERE c.provider_id = p.id AND c.taken_at IS NULL LIMIT 1) f) AS free_codes
       FROM coupon_provider p
       LEFT JOIN coupon_provider_text t ON t.provider_id = p.id AND t.language = $3
       LEFT JOIN coupon_provider_text e ON e.provider_id = p.id AND e.language = 'en'
      WHERE p.id = $1 AND $2 = ANY(p.store_codes) AND COALESCE(t.name, e.name) IS NOT NULL`,
    [id, store, language],
  );
  return rows[0] ?? null;
}

export interface CodeRow { code: string; taken_at: Date }

export async function codeOf(q: Reader, providerId: string, customer: string): Promise<CodeRow | null> {
  const { rows } = await q.query<CodeRow>(`SELECT code, taken_at FROM coupon_code WHERE provider_id = $1 AND taken_by = $2`, [providerId, customer]);
  return rows[0] ?? null;
}

/** One customer's requests for one provider run one at a time (two at once would take two codes). */
export async function lockCustomerProvider(tx: Tx, providerId: string, customer: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('coupon:' || $1), hashtext($2))`, [providerId, customer]);
}

/** Takes the next free code for the customer; null when the pool is empty. Parallel takers skip each other's rows. */
export async function takeCode(tx: Tx, providerId: string, customer: string): Promise<CodeRow | null> {
  const { rows } = await tx.query<CodeRow>(
    `UPDATE coupon_code SET taken_by = $2, taken_at = now()
      WHERE id = (SELECT id FROM coupon_code WHERE provider_id = $1 AND taken_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING code, taken_at`,
    [providerId, customer],
  );
  return rows[0] ?? null;
}

export async function providerExists(q: Reader, id: string): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM coupon_provider WHERE id = $1`, [id]);
  return rows.length > 0;
}

/** Adds codes to a provider's pool; ones it has already are skipped. Answers how many were added and how many are free. */
export async function addCodes(tx: Tx, providerId: string, codes: readonly string[]): Promise<{ added: number; free: number }> {
  const added = (await tx.query(
    `INSERT INTO coupon_code (provider_id, code) SELECT $1, unnest($2::text[]) ON CONFLICT (provider_id, code) DO NOTHING`,
    [providerId, [...new Set(codes)]],
  )).rowCount ?? 0;
  const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM coupon_code WHERE provider_id = $1 AND taken_at IS NULL`, [providerId]);
  return { added, free: rows[0]?.n ?? 0 };
}

export async function codesOfCustomer(q: Reader, customer: string): Promise<{ provider_id: string; code: string; taken_at: Date }[]> {
  const { rows } = await q.query<{ provider_id: string; code: string; taken_at: Date }>(
    `SELECT provider_id, code, taken_at FROM coupon_code WHERE taken_by = $1 ORDER BY taken_at`, [customer],
  );
  return rows;
}

/** An erased customer's codes stay taken (a code is single-use), with no one named. */
export async function forgetCustomer(tx: Tx, customer: string): Promise<void> {
  await tx.query(`UPDATE coupon_code SET taken_by = NULL WHERE taken_by = $1`, [customer]);
}
