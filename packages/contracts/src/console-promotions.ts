import { z } from 'zod';
import { ConsolePagingQuerySchema, PageInfoSchema } from './operators.js';

/**
 * Wire contracts of the console's promotions area, coupons (docs/decisions/0081): the cart's price
 * rules reached by a code at `/admin/promotions/coupons`.
 */

const StoreCodeSchema = z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, 'must be a store view code');
export const CouponCodeSchema = z.string().trim().toUpperCase().regex(/^[A-Z0-9_-]{3,40}$/, 'must be 3 to 40 letters, digits, - or _');
const PlainText = (max: number) => z.string().trim().min(1).max(max).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text');

export const CouponQuerySchema = ConsolePagingQuerySchema.extend({
  /** A code's beginning, or words of its label. */
  q: z.string().trim().min(1).max(60).optional(),
  store: StoreCodeSchema.optional(),
  active: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export type CouponQuery = z.infer<typeof CouponQuerySchema>;

export const CouponRuleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  discount_type: z.enum(['percent', 'fixed']),
  /** percent: basis points (1000 = 10 %); fixed: minor units of the store view's currency. */
  discount_value: z.number().int(),
  store_code: z.string().nullable(),
  min_subtotal_minor: z.number().int(),
  from_at: z.string().nullable(),
  to_at: z.string().nullable(),
  uses_per_coupon: z.number().int().nullable(),
  uses_per_customer: z.number().int().nullable(),
  times_used: z.number().int(),
  is_active: z.boolean(),
});
export type CouponRule = z.infer<typeof CouponRuleSchema>;
export const CouponPageSchema = z.object({ items: z.array(CouponRuleSchema), page_info: PageInfoSchema });

const Limit = z.number().int().min(1).max(10_000_000).nullable();

export const CouponCreateBodySchema = z.strictObject({
  code: CouponCodeSchema,
  label: PlainText(120),
  discount_type: z.enum(['percent', 'fixed']),
  discount_value: z.number().int().min(1).max(100_000_000),
  /** Omitted: every store view (a percentage only: a fixed amount needs the store view's currency). */
  store_code: StoreCodeSchema.nullable().optional(),
  min_subtotal_minor: z.number().int().min(0).max(100_000_000).default(0),
  from_at: z.iso.datetime({ offset: true }).nullable().optional(),
  to_at: z.iso.datetime({ offset: true }).nullable().optional(),
  uses_per_coupon: Limit.optional(),
  uses_per_customer: Limit.optional(),
  is_active: z.boolean().default(true),
}).superRefine((b, ctx) => {
  if (b.discount_type === 'percent' && b.discount_value > 10_000) ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'a percentage is at most 10000 basis points (100 %)' });
  if (b.discount_type === 'fixed' && !b.store_code) ctx.addIssue({ code: 'custom', path: ['store_code'], message: 'a fixed amount needs a store view (its currency)' });
  if (b.from_at && b.to_at && Date.parse(b.to_at) <= Date.parse(b.from_at)) ctx.addIssue({ code: 'custom', path: ['to_at'], message: 'must be after from_at' });
});
export type CouponCreateBody = z.infer<typeof CouponCreateBodySchema>;

/** What may change on a coupon once customers may hold it: its wording, its end, its limits, whether it runs. */
export const CouponUpdateBodySchema = z.strictObject({
  label: PlainText(120).optional(),
  to_at: z.iso.datetime({ offset: true }).nullable().optional(),
  uses_per_coupon: Limit.optional(),
  uses_per_customer: Limit.optional(),
  is_active: z.boolean().optional(),
}).refine((b) => Object.keys(b).length > 0, 'nothing to change');
export type CouponUpdateBody = z.infer<typeof CouponUpdateBodySchema>;

export const CouponParamsSchema = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
