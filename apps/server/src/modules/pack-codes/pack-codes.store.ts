import type { Queryable, Tx } from '../../platform/db.js';

/** SQL on the pack_code_* tables; nothing else touches them. */

export interface BatchRow {
  id: number;
  sku: string;
  produced_on: string;
  size: number;
  earning_rule: string;
  created_at: Date;
}

const BATCH_COLUMNS = `id, sku, to_char(produced_on, 'YYYY-MM-DD') AS produced_on, size, earning_rule, created_at`;

export async function findBatch(db: Queryable, id: number): Promise<BatchRow | null> {
  const { rows } = await db.query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM pack_code_batch WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * A new batch with the next free id; null when the product already has a batch of that production
 * date (one batch per product and day).
 */
export async function insertBatch(tx: Tx, b: { sku: string; produced_on: string; size: number; earning_rule: string }): Promise<BatchRow | null> {
  // Batch ids are printed in every code, so they come from the table, never a sequence that could skip or be reset.
  await tx.query(`LOCK TABLE pack_code_batch IN SHARE ROW EXCLUSIVE MODE`);
  const { rows } = await tx.query<BatchRow>(
    `INSERT INTO pack_code_batch (id, sku, produced_on, size, earning_rule)
     SELECT COALESCE(max(id), 0) + 1, $1, $2::date, $3, $4 FROM pack_code_batch
     ON CONFLICT ON CONSTRAINT pack_code_batch_per_product_and_day DO NOTHING
     RETURNING ${BATCH_COLUMNS}`,
    [b.sku, b.produced_on, b.size, b.earning_rule],
  );
  return rows[0] ?? null;
}

/** Records a registration; false when the code was registered before (by anyone). */
export async function insertRegistration(
  tx: Tx,
  r: { code: string; batch_id: number; serial: number; consumer_uuid: string; points: number; earning_rule: string; store_code: string },
): Promise<boolean> {
  const res = await tx.query(
    `INSERT INTO pack_code_registration (code, batch_id, serial, consumer_uuid, points, earning_rule, store_code)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [r.code, r.batch_id, r.serial, r.consumer_uuid, r.points, r.earning_rule, r.store_code],
  );
  return res.rowCount === 1;
}

/** Takes back a registration written earlier in the same transaction (the allowance was used up). */
export async function deleteRegistration(tx: Tx, code: string): Promise<void> {
  await tx.query(`DELETE FROM pack_code_registration WHERE code = $1`, [code]);
}

export async function isRegistered(db: Queryable, code: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM pack_code_registration WHERE code = $1`, [code]);
  return rows.length > 0;
}

/**
 * Uses one of the period's registrations; the new count, or null when the allowance is used up.
 * One statement: concurrent registrations of one customer queue on the row, and the CHECK backs it.
 */
export async function useAllowance(tx: Tx, consumer: string, periodStart: string, allowance: number): Promise<number | null> {
  if (allowance <= 0) return null;
  const { rows } = await tx.query<{ used: number }>(
    `INSERT INTO pack_code_allowance AS a (consumer_uuid, period_start, used, allowance) VALUES ($1, $2::date, 1, $3)
     ON CONFLICT (consumer_uuid, period_start) DO UPDATE SET used = a.used + 1, allowance = EXCLUDED.allowance
      WHERE a.used < EXCLUDED.allowance
     RETURNING used`,
    [consumer, periodStart, allowance],
  );
  return rows[0]?.used ?? null;
}

export async function usedInPeriod(db: Queryable, consumer: string, periodStart: string): Promise<number> {
  const { rows } = await db.query<{ used: number }>(
    `SELECT used FROM pack_code_allowance WHERE consumer_uuid = $1 AND period_start = $2::date`,
    [consumer, periodStart],
  );
  return rows[0]?.used ?? 0;
}

export interface RegistrationRow {
  code: string;
  sku: string;
  points: number;
  earning_rule: string;
  registered_at: Date;
}

/** The customer's registrations, newest first. */
export async function registrationsOf(db: Queryable, consumer: string, limit: number, offset: number): Promise<{ rows: RegistrationRow[]; total: number }> {
  const { rows } = await db.query<RegistrationRow>(
    `SELECT r.code, b.sku, r.points, r.earning_rule, r.registered_at
       FROM pack_code_registration r JOIN pack_code_batch b ON b.id = r.batch_id
      WHERE r.consumer_uuid = $1 ORDER BY r.registered_at DESC, r.code LIMIT $2 OFFSET $3`,
    [consumer, limit, offset],
  );
  const c = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pack_code_registration WHERE consumer_uuid = $1`, [consumer]);
  return { rows, total: c.rows[0]!.n };
}

// --- data-subject export and erasure (pack-codes.privacy.ts) -------------------------------------

export async function exportConsumer(db: Queryable, consumer: string) {
  const registrations = await db.query<Record<string, unknown>>(
    `SELECT r.code, b.sku, r.points, r.earning_rule, r.store_code, r.registered_at
       FROM pack_code_registration r JOIN pack_code_batch b ON b.id = r.batch_id
      WHERE r.consumer_uuid = $1::uuid ORDER BY r.registered_at, r.code`,
    [consumer],
  );
  const allowance = await db.query<Record<string, unknown>>(
    `SELECT to_char(period_start, 'YYYY-MM-DD') AS period_start, used, allowance FROM pack_code_allowance WHERE consumer_uuid = $1::uuid ORDER BY period_start`,
    [consumer],
  );
  return { registrations: registrations.rows, allowance: allowance.rows };
}

/** Keeps each code used (it may never register again) but no longer says whose it was. */
export async function eraseConsumer(tx: Tx, consumer: string): Promise<void> {
  await tx.query(`UPDATE pack_code_registration SET consumer_uuid = NULL, erased_at = now() WHERE consumer_uuid = $1::uuid`, [consumer]);
  await tx.query(`DELETE FROM pack_code_allowance WHERE consumer_uuid = $1::uuid`, [consumer]);
}
