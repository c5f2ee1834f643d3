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

// ---------- code batches (docs/decisions/0087) ----------

/** Letters and digits a person cannot mistake for one another: no 0/O, no 1/I. */
export const BATCH_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Most codes one batch may hold. */
export const BATCH_MAX_CODES = 10_000;

export const CouponBatchCreateBodySchema = z.strictObject({
  /** The coupon whose discount, store view, minimum subtotal, dates and per-customer limit each code copies. */
  coupon_code: CouponCodeSchema,
  quantity: z.number().int().min(1).max(BATCH_MAX_CODES),
  /** Up to 12 letters or digits, optionally ending in a hyphen; stored upper case. */
  prefix: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{0,12}-?$/, 'must be up to 12 letters or digits, optionally ending in -').default(''),
  /** Random characters after the prefix. */
  code_length: z.number().int().min(8).max(20).default(10),
  /** Uses of each code; null: unlimited. */
  uses_per_code: z.number().int().min(1).max(10_000_000).nullable().default(1),
}).superRefine((b, ctx) => {
  if (b.prefix.length + b.code_length > 40) ctx.addIssue({ code: 'custom', path: ['code_length'], message: 'prefix and length together are at most 40 characters' });
});
export type CouponBatchCreateBody = z.infer<typeof CouponBatchCreateBodySchema>;

export const CouponBatchSchema = z.object({
  id: z.number().int(),
  rule_id: z.number().int(),
  rule_code: z.string(),
  rule_label: z.string(),
  prefix: z.string(),
  code_length: z.number().int(),
  quantity: z.number().int(),
  uses_per_code: z.number().int().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  /** Codes used at least once, and all uses of the batch's codes. */
  codes_used: z.number().int(),
  total_uses: z.number().int(),
});
export type CouponBatch = z.infer<typeof CouponBatchSchema>;
export const CouponBatchPageSchema = z.object({ items: z.array(CouponBatchSchema), page_info: PageInfoSchema });

export const CouponBatchQuerySchema = ConsolePagingQuerySchema.extend({
  rule_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const CouponBatchCodeSchema = z.object({
  code: z.string(),
  times_used: z.number().int(),
  uses_per_coupon: z.number().int().nullable(),
  is_active: z.boolean(),
});
export type CouponBatchCode = z.infer<typeof CouponBatchCodeSchema>;
export const CouponBatchCodePageSchema = z.object({ items: z.array(CouponBatchCodeSchema), page_info: PageInfoSchema });
export const CouponBatchCodeQuerySchema = ConsolePagingQuerySchema.extend({
  /** A code's beginning. */
  q: z.string().trim().toUpperCase().regex(/^[A-Z0-9_-]{1,40}$/, 'must be the beginning of a code').optional(),
  used: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export const CouponBatchParamsSchema = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The columns of a batch's CSV export, in order. */
export const BATCH_EXPORT_COLUMNS = ['code', 'times_used', 'uses_per_code', 'is_active'] as const;

// ---------- free-gift and conditional promotions (docs/decisions/0017, 0087) ----------

export const CART_PROMOTION_TYPES = ['free_gift_fixed', 'free_gift_flexible', 'conditional_purchase'] as const;
export type CartPromotionType = (typeof CART_PROMOTION_TYPES)[number];

const SkuSchema = z.string().trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9_.-]{0,63}$/, 'must be a SKU');
const OptionalText = (max: number) => z.string().trim().max(max).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text');
export const PromotionTextsSchema = z.strictObject({
  title: OptionalText(120).optional(),
  description: OptionalText(500).optional(),
  hint: OptionalText(300).optional(),
  label: OptionalText(60).optional(),
});
export const PromotionLanguageTextsSchema = z.strictObject({ en: PromotionTextsSchema.optional(), de: PromotionTextsSchema.optional() });

const uniqueSkus = (max: number, min = 0) => z.array(SkuSchema).min(min).max(max).refine((a) => new Set(a).size === a.length, 'each SKU once');

const promotionFields = {
  store_code: StoreCodeSchema,
  type: z.enum(CART_PROMOTION_TYPES),
  is_active: z.boolean(),
  from_at: z.iso.datetime({ offset: true }).nullable(),
  to_at: z.iso.datetime({ offset: true }).nullable(),
  /** Products whose paid line triggers the promotion (a gift needs one; a conditional purchase may have none). */
  trigger_skus: uniqueSkus(50),
  /** Least units of the paid lines the promotion does not promote itself. */
  min_qty: z.number().int().min(0).max(999),
  /** Least subtotal of those lines, minor units of the store view's currency. */
  min_subtotal_minor: z.number().int().min(0).max(100_000_000),
  /** Gift products, or the products a conditional purchase unlocks. */
  skus: uniqueSkus(20, 1),
  /** Gift units per order (fixed: of each gift; flexible: in total); a conditional purchase's most units, null unlimited. */
  allowed_qty: z.number().int().min(1).max(99).nullable(),
  texts: PromotionLanguageTextsSchema,
};

type PromotionShape = { type: CartPromotionType; from_at: string | null; to_at: string | null; trigger_skus: string[]; min_qty: number; min_subtotal_minor: number; allowed_qty: number | null };

/** The rules the table's CHECKs hold, said first (docs/decisions/0017). */
export function promotionIssues(p: PromotionShape): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (p.from_at && p.to_at && Date.parse(p.to_at) <= Date.parse(p.from_at)) issues.push({ path: 'to_at', message: 'must be after from_at' });
  if (p.type !== 'conditional_purchase') {
    if (p.allowed_qty === null) issues.push({ path: 'allowed_qty', message: 'a gift needs its units per order' });
    if (p.trigger_skus.length === 0) issues.push({ path: 'trigger_skus', message: 'a gift needs a product that triggers it' });
  } else if (p.trigger_skus.length === 0 && p.min_qty === 0 && p.min_subtotal_minor === 0) {
    issues.push({ path: 'trigger_skus', message: 'a conditional purchase needs a condition' });
  }
  return issues;
}

export const CartPromotionCreateBodySchema = z.strictObject({
  code: CouponCodeSchema,
  ...promotionFields,
  is_active: promotionFields.is_active.default(true),
  from_at: promotionFields.from_at.default(null),
  to_at: promotionFields.to_at.default(null),
  trigger_skus: promotionFields.trigger_skus.default([]),
  min_qty: promotionFields.min_qty.default(0),
  min_subtotal_minor: promotionFields.min_subtotal_minor.default(0),
  allowed_qty: promotionFields.allowed_qty.default(null),
  texts: promotionFields.texts.default({}),
}).superRefine((b, ctx) => {
  for (const i of promotionIssues(b)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});
export type CartPromotionCreateBody = z.infer<typeof CartPromotionCreateBodySchema>;

/** Everything but the code may change; what is left out stays. The whole is checked again on the server. */
export const CartPromotionUpdateBodySchema = z.strictObject({
  store_code: promotionFields.store_code.optional(),
  type: promotionFields.type.optional(),
  is_active: promotionFields.is_active.optional(),
  from_at: promotionFields.from_at.optional(),
  to_at: promotionFields.to_at.optional(),
  trigger_skus: promotionFields.trigger_skus.optional(),
  min_qty: promotionFields.min_qty.optional(),
  min_subtotal_minor: promotionFields.min_subtotal_minor.optional(),
  skus: promotionFields.skus.optional(),
  allowed_qty: promotionFields.allowed_qty.optional(),
  texts: promotionFields.texts.optional(),
}).refine((b) => Object.keys(b).length > 0, 'nothing to change');
export type CartPromotionUpdateBody = z.infer<typeof CartPromotionUpdateBodySchema>;

export const CartPromotionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  store_code: z.string(),
  type: z.enum(CART_PROMOTION_TYPES),
  is_active: z.boolean(),
  from_at: z.string().nullable(),
  to_at: z.string().nullable(),
  trigger_skus: z.array(z.string()),
  min_qty: z.number().int(),
  min_subtotal_minor: z.number().int(),
  skus: z.array(z.string()),
  allowed_qty: z.number().int().nullable(),
  texts: z.record(z.string(), z.object({ title: z.string().optional(), description: z.string().optional(), hint: z.string().optional(), label: z.string().optional() })),
  created_at: z.string(),
});
export type CartPromotion = z.infer<typeof CartPromotionSchema>;
export const CartPromotionPageSchema = z.object({ items: z.array(CartPromotionSchema), page_info: PageInfoSchema });
export const CartPromotionQuerySchema = ConsolePagingQuerySchema.extend({
  /** A code's beginning, or a SKU it triggers or offers. */
  q: z.string().trim().toUpperCase().regex(/^[A-Z0-9_.-]{1,64}$/, 'must be a code or a SKU').optional(),
  store: StoreCodeSchema.optional(),
  type: z.enum(CART_PROMOTION_TYPES).optional(),
  active: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export type CartPromotionQuery = z.infer<typeof CartPromotionQuerySchema>;
