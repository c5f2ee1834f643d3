import { promotionIssues, type CartPromotion, type CartPromotionCreateBody, type CartPromotionQuery, type CartPromotionUpdateBody } from '@ember/contracts';
import { AppError } from '../../platform/errors.js';
import { escapeLike, isoOrNull } from '../../platform/sql.js';
import type { Reader, Tx } from '../../platform/transaction.js';

/**
 * Free-gift and conditional promotions as the console manages them (docs/decisions/0017, 0087):
 * `cart_promotion` rows, listed, created and changed (everything but the code). The products named
 * must exist; the table's CHECKs are said first as 400s. A change reaches carts through the table's
 * `catalog` announcement (every instance) and the caller dropping this instance's copy at once.
 */

type Texts = CartPromotion['texts'];

interface PromotionRow {
  id: number;
  code: string;
  store_code: string;
  type: CartPromotion['type'];
  is_active: boolean;
  from_at: Date | null;
  to_at: Date | null;
  trigger_skus: string[];
  min_qty: number;
  min_subtotal_minor: number;
  skus: string[];
  allowed_qty: number | null;
  texts: Texts;
  created_at: Date;
}

const COLUMNS = 'id, code, store_code, type, is_active, from_at, to_at, trigger_skus, min_qty, min_subtotal_minor, skus, allowed_qty, texts, created_at';


function view(r: PromotionRow): CartPromotion {
  return { ...r, from_at: isoOrNull(r.from_at), to_at: isoOrNull(r.to_at), created_at: new Date(r.created_at).toISOString() };
}

/** Texts without empty fields or languages. */
function cleanTexts(texts: CartPromotionCreateBody['texts']): Texts {
  const out: Texts = {};
  for (const [language, t] of Object.entries(texts)) {
    if (!t) continue;
    const kept = Object.fromEntries(Object.entries(t).filter(([, v]) => typeof v === 'string' && v.length > 0));
    if (Object.keys(kept).length) out[language] = kept;
  }
  return out;
}

type Fields = Omit<CartPromotionCreateBody, 'code'>;

export class CartPromotionConsoleService {
  async list(q: Reader, f: CartPromotionQuery) {
    const params: unknown[] = [f.page_size, (f.page - 1) * f.page_size];
    const where: string[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (f.q) {
      const text = p(f.q);
      where.push(`(code LIKE ${p(escapeLike(f.q))} || '%' OR ${text} = ANY(trigger_skus) OR ${text} = ANY(skus))`);
    }
    if (f.store) where.push(`store_code = ${p(f.store)}`);
    if (f.type) where.push(`type = ${p(f.type)}`);
    if (f.active !== undefined) where.push(`is_active = ${p(f.active)}`);
    const { rows } = await q.query<PromotionRow & { total: number }>(
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM cart_promotion ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY id DESC LIMIT $1 OFFSET $2`,
      params,
    );
    return { items: rows.map(({ total: _t, ...r }) => view(r)), page_info: { page: f.page, page_size: f.page_size, total: rows[0]?.total ?? 0 } };
  }

  async get(q: Reader, id: number, lock = false): Promise<CartPromotion> {
    const { rows } = await q.query<PromotionRow>(`SELECT ${COLUMNS} FROM cart_promotion WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    if (!rows[0]) throw new AppError('ENTITY_NOT_FOUND', 'Promotion not found');
    return view(rows[0]);
  }

  /** The products named must exist in the catalogue (a SKU of a product or of a configurable's variant). */
  private async checkSkus(q: Reader, f: Pick<Fields, 'trigger_skus' | 'skus'>): Promise<void> {
    const asked = [...new Set([...f.trigger_skus, ...f.skus])];
    const { rows } = await q.query<{ sku: string }>('SELECT sku FROM catalog_product WHERE sku = ANY($1::text[])', [asked]);
    const known = new Set(rows.map((r) => r.sku));
    const fields: Record<string, string> = {};
    if (f.trigger_skus.some((s) => !known.has(s))) fields.trigger_skus = 'unknown_sku';
    if (f.skus.some((s) => !known.has(s))) fields.skus = 'unknown_sku';
    if (Object.keys(fields).length) {
      const missing = asked.filter((s) => !known.has(s));
      throw new AppError('VALIDATION_FAILED', `Unknown products: ${missing.slice(0, 5).join(', ')}`, { fields });
    }
  }

  async create(tx: Tx, body: CartPromotionCreateBody): Promise<CartPromotion> {
    await this.checkSkus(tx, body);
    const { rows } = await tx.query<PromotionRow>(
      `INSERT INTO cart_promotion (code, store_code, type, is_active, from_at, to_at, trigger_skus, min_qty, min_subtotal_minor, skus, allowed_qty, texts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb) ON CONFLICT (code) DO NOTHING RETURNING ${COLUMNS}`,
      [body.code, body.store_code, body.type, body.is_active, body.from_at, body.to_at, body.trigger_skus, body.min_qty, body.min_subtotal_minor, body.skus,
        body.allowed_qty, JSON.stringify(cleanTexts(body.texts))],
    );
    if (!rows[0]) throw new AppError('ALREADY_EXISTS', 'A promotion with this code exists already');
    return view(rows[0]);
  }

  /** Changes a promotion; the whole it becomes is checked as a new one would be. */
  async update(tx: Tx, id: number, body: CartPromotionUpdateBody): Promise<{ before: CartPromotion; after: CartPromotion }> {
    const before = await this.get(tx, id, true);
    const next: Fields = {
      store_code: body.store_code ?? before.store_code,
      type: body.type ?? before.type,
      is_active: body.is_active ?? before.is_active,
      from_at: body.from_at === undefined ? before.from_at : body.from_at,
      to_at: body.to_at === undefined ? before.to_at : body.to_at,
      trigger_skus: body.trigger_skus ?? before.trigger_skus,
      min_qty: body.min_qty ?? before.min_qty,
      min_subtotal_minor: body.min_subtotal_minor ?? before.min_subtotal_minor,
      skus: body.skus ?? before.skus,
      allowed_qty: body.allowed_qty === undefined ? before.allowed_qty : body.allowed_qty,
      texts: body.texts ?? before.texts,
    };
    const issues = promotionIssues(next);
    if (issues.length) throw new AppError('VALIDATION_FAILED', issues.map((i) => `${i.path}: ${i.message}`).join('; '), { fields: Object.fromEntries(issues.map((i) => [i.path, i.message])) });
    if (body.trigger_skus || body.skus) await this.checkSkus(tx, next);
    const { rows } = await tx.query<PromotionRow>(
      `UPDATE cart_promotion SET store_code = $2, type = $3, is_active = $4, from_at = $5, to_at = $6, trigger_skus = $7, min_qty = $8,
         min_subtotal_minor = $9, skus = $10, allowed_qty = $11, texts = $12::jsonb WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, next.store_code, next.type, next.is_active, next.from_at, next.to_at, next.trigger_skus, next.min_qty, next.min_subtotal_minor, next.skus,
        next.allowed_qty, JSON.stringify(cleanTexts(next.texts))],
    );
    return { before, after: view(rows[0]!) };
  }
}
