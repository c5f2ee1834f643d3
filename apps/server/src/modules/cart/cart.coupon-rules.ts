import type { CouponCreateBody, CouponQuery, CouponRule, CouponUpdateBody } from '@ember/contracts';
import { AppError } from '../../platform/errors.js';
import type { Reader, Tx } from '../../platform/transaction.js';
import * as store from './cart.store.coupons.js';
import { isoOrNull } from '../../platform/sql.js';

/**
 * Coupons as the console manages them (docs/decisions/0081): the cart's price rules reached by a
 * code. What a code gives and where is fixed once it exists (a customer may hold it); its wording, its
 * end, its limits and whether it runs may change.
 */
export class CouponRulesService {
  async list(q: Reader, query: CouponQuery) {
    const { rows, total } = await store.listRules(q, { q: query.q, store: query.store, active: query.active, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    return { items: rows.map(view), page_info: { page: query.page, page_size: query.page_size, total } };
  }

  async get(q: Reader, id: number): Promise<CouponRule> {
    const row = await store.findRule(q, id);
    if (!row) throw new AppError('ENTITY_NOT_FOUND', 'Coupon not found');
    return view(row);
  }

  /** Adds a coupon; the store view must exist (the caller resolved it); a taken code is a conflict. */
  async create(tx: Tx, body: CouponCreateBody): Promise<CouponRule> {
    const row = await store.insertRule(tx, {
      code: body.code, label: body.label, discount_type: body.discount_type, discount_value: body.discount_value, store_code: body.store_code ?? null,
      min_subtotal_minor: body.min_subtotal_minor, from_at: body.from_at ? new Date(body.from_at) : null, to_at: body.to_at ? new Date(body.to_at) : null,
      uses_per_coupon: body.uses_per_coupon ?? null, uses_per_customer: body.uses_per_customer ?? null, is_active: body.is_active,
    });
    if (!row) throw new AppError('ALREADY_EXISTS', 'A coupon with this code exists already');
    return view(row);
  }

  /** Changes a coupon; a use limit below the uses already counted, or an end before its start, is refused. */
  async update(tx: Tx, id: number, body: CouponUpdateBody): Promise<{ before: CouponRule; after: CouponRule }> {
    const current = await store.findRule(tx, id, true);
    if (!current) throw new AppError('ENTITY_NOT_FOUND', 'Coupon not found');
    if (body.uses_per_coupon != null && body.uses_per_coupon < current.times_used) {
      throw new AppError('VALIDATION_FAILED', `The coupon was used ${current.times_used} times already`, { fields: { uses_per_coupon: 'below_uses' } });
    }
    const toAt = body.to_at === undefined ? undefined : body.to_at === null ? null : new Date(body.to_at);
    if (toAt && current.from_at && toAt <= current.from_at) throw new AppError('VALIDATION_FAILED', 'The end must be after the start', { fields: { to_at: 'before_start' } });
    const updated = await store.updateRule(tx, id, { label: body.label, to_at: toAt, uses_per_coupon: body.uses_per_coupon, uses_per_customer: body.uses_per_customer, is_active: body.is_active });
    return { before: view(current), after: view(updated) };
  }
}

function view(r: store.CartRuleRow): CouponRule {
  return { ...r, from_at: isoOrNull(r.from_at), to_at: isoOrNull(r.to_at) };
}
