import { randomBytes } from 'node:crypto';
import { BATCH_CODE_ALPHABET, type CouponBatch, type CouponBatchCode, type CouponBatchCreateBody } from '@ember/contracts';
import { AppError } from '../../platform/errors.js';
import type { Reader, Tx } from '../../platform/transaction.js';

/**
 * Batches of generated coupon codes for one coupon (docs/decisions/0087). Each code is a `cart_rule`
 * row copying what the batch's coupon gives (discount, store view, minimum subtotal, dates, uses per
 * customer) with the batch's uses per code, so the cart applies, limits and counts a generated code
 * exactly as a typed one. The table's UNIQUE code decides what is taken; a taken code is drawn again.
 */

/** Codes written per statement. */
const INSERT_CHUNK = 1000;
/** Draws before giving up: each redraws only the codes that were taken. */
const MAX_ROUNDS = 8;

/** `count` codes of `length` characters from the unambiguous alphabet, drawn from the system's CSPRNG. */
export function drawCodes(prefix: string, length: number, count: number): string[] {
  // 32 symbols: a byte's low five bits choose one without bias.
  const bytes = randomBytes(length * count);
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    let code = prefix;
    for (let j = 0; j < length; j++) code += BATCH_CODE_ALPHABET[bytes[i * length + j]! & 31];
    codes.push(code);
  }
  return codes;
}

interface BatchRow {
  id: number;
  rule_id: number;
  rule_code: string;
  rule_label: string;
  prefix: string;
  code_length: number;
  quantity: number;
  uses_per_code: number | null;
  is_active: boolean;
  created_at: Date;
  codes_used: number;
  total_uses: number;
}

const BATCH_SELECT = `SELECT b.id, b.rule_id, r.code AS rule_code, r.label AS rule_label, b.prefix, b.code_length, b.quantity, b.uses_per_code,
    b.is_active, b.created_at,
    (SELECT count(*) FILTER (WHERE c.times_used > 0)::int FROM cart_rule c WHERE c.batch_id = b.id) AS codes_used,
    (SELECT COALESCE(sum(c.times_used), 0)::int FROM cart_rule c WHERE c.batch_id = b.id) AS total_uses
  FROM cart_rule_batch b JOIN cart_rule r ON r.id = b.rule_id`;

function view(r: BatchRow): CouponBatch {
  return { ...r, created_at: new Date(r.created_at).toISOString() };
}

export interface BatchCodeRow {
  id: number;
  code: string;
  times_used: number;
  uses_per_coupon: number | null;
  is_active: boolean;
}

export class CouponBatchService {
  async list(q: Reader, f: { rule_id?: number; page: number; page_size: number }) {
    const params: unknown[] = [f.page_size, (f.page - 1) * f.page_size];
    let where = '';
    if (f.rule_id) {
      params.push(f.rule_id);
      where = 'WHERE b.rule_id = $3';
    }
    const { rows } = await q.query<BatchRow & { total: number }>(
      `SELECT x.*, count(*) OVER ()::int AS total FROM (${BATCH_SELECT} ${where}) x ORDER BY x.id DESC LIMIT $1 OFFSET $2`,
      params,
    );
    return { items: rows.map(({ total: _t, ...r }) => view(r)), page_info: { page: f.page, page_size: f.page_size, total: rows[0]?.total ?? 0 } };
  }

  async get(q: Reader, id: number): Promise<CouponBatch> {
    const { rows } = await q.query<BatchRow>(`${BATCH_SELECT} WHERE b.id = $1`, [id]);
    if (!rows[0]) throw new AppError('ENTITY_NOT_FOUND', 'Code batch not found');
    return view(rows[0]);
  }

  /** A page of a batch's codes, in the order they were made. */
  async codes(q: Reader, id: number, f: { q?: string; used?: boolean; page: number; page_size: number }) {
    await this.get(q, id);
    const params: unknown[] = [id, f.page_size, (f.page - 1) * f.page_size];
    const conditions = ['batch_id = $1'];
    if (f.q) {
      params.push(f.q.replace(/[\\%_]/g, (c) => `\\${c}`));
      conditions.push(`code LIKE $${params.length} || '%'`);
    }
    if (f.used !== undefined) conditions.push(f.used ? 'times_used > 0' : 'times_used = 0');
    const { rows } = await q.query<BatchCodeRow & { total: number }>(
      `SELECT code, times_used, uses_per_coupon, is_active, count(*) OVER ()::int AS total FROM cart_rule
        WHERE ${conditions.join(' AND ')} ORDER BY id LIMIT $2 OFFSET $3`,
      params,
    );
    const items: CouponBatchCode[] = rows.map(({ total: _t, ...r }) => r);
    return { items, page_info: { page: f.page, page_size: f.page_size, total: rows[0]?.total ?? 0 } };
  }

  /** One page of a batch's codes after the code id `after`, for the CSV export. */
  async exportPage(q: Reader, id: number, after: number | null, limit: number): Promise<BatchCodeRow[]> {
    const { rows } = await q.query<BatchCodeRow>(
      'SELECT id, code, times_used, uses_per_coupon, is_active FROM cart_rule WHERE batch_id = $1 AND id > $2 ORDER BY id LIMIT $3',
      [id, after ?? 0, limit],
    );
    return rows;
  }

  /**
   * Makes a batch and its codes in the caller's transaction. A code already taken (by a typed coupon
   * or another batch) is skipped by the table's UNIQUE and drawn again; after MAX_ROUNDS the prefix
   * and length leave too few free codes, and the whole batch is refused.
   */
  async create(tx: Tx, body: CouponBatchCreateBody, draw: typeof drawCodes = drawCodes): Promise<CouponBatch> {
    const { rows: rules } = await tx.query<{ id: number; batch_id: number | null }>('SELECT id, batch_id FROM cart_rule WHERE code = $1 FOR SHARE', [body.coupon_code]);
    const rule = rules[0];
    if (!rule) throw new AppError('VALIDATION_FAILED', 'No coupon with this code', { fields: { coupon_code: 'unknown' } });
    if (rule.batch_id) throw new AppError('VALIDATION_FAILED', 'A generated code cannot be the model of a batch', { fields: { coupon_code: 'generated' } });
    const { rows: made } = await tx.query<{ id: number }>(
      'INSERT INTO cart_rule_batch (rule_id, prefix, code_length, quantity, uses_per_code) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [rule.id, body.prefix, body.code_length, body.quantity, body.uses_per_code],
    );
    const batchId = made[0]!.id;
    let missing = body.quantity;
    for (let round = 0; missing > 0; round++) {
      if (round === MAX_ROUNDS) throw new AppError('ALREADY_EXISTS', 'Too few free codes are left for this prefix and length; choose a longer length or another prefix');
      const codes = [...new Set(draw(body.prefix, body.code_length, missing))];
      for (let i = 0; i < codes.length; i += INSERT_CHUNK) {
        const r = await tx.query(
          `INSERT INTO cart_rule (code, label, discount_type, discount_value, store_code, min_subtotal_minor, from_at, to_at, uses_per_coupon, uses_per_customer, is_active, batch_id)
           SELECT n.new_code, r.label, r.discount_type, r.discount_value, r.store_code, r.min_subtotal_minor, r.from_at, r.to_at, $3, r.uses_per_customer, true, $2
             FROM unnest($1::text[]) AS n(new_code), cart_rule r WHERE r.id = $4
           ON CONFLICT (code) DO NOTHING`,
          [codes.slice(i, i + INSERT_CHUNK), batchId, body.uses_per_code, rule.id],
        );
        missing -= r.rowCount;
      }
    }
    return this.get(tx, batchId);
  }

  /** Switches a batch and every one of its codes off; its codes then no longer apply. */
  async deactivate(tx: Tx, id: number): Promise<{ before: CouponBatch; after: CouponBatch; codes: number }> {
    const { rows } = await tx.query<{ id: number }>('SELECT id FROM cart_rule_batch WHERE id = $1 FOR UPDATE', [id]);
    if (!rows[0]) throw new AppError('ENTITY_NOT_FOUND', 'Code batch not found');
    const before = await this.get(tx, id);
    await tx.query('UPDATE cart_rule_batch SET is_active = false WHERE id = $1', [id]);
    const r = await tx.query('UPDATE cart_rule SET is_active = false WHERE batch_id = $1 AND is_active', [id]);
    return { before, after: await this.get(tx, id), codes: r.rowCount };
  }
}
