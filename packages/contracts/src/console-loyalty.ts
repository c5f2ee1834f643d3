import { z } from 'zod';
import { ConsolePagingQuerySchema, PageInfoSchema } from './operators.js';

/**
 * Wire contracts of the console's loyalty club at `/admin/loyalty` (docs/decisions/0088): rewards and
 * campaigns, earning rules, articles and QR codes. English is the source language (the rows' own
 * columns); German texts are kept beside them, and a language left out falls back to English.
 */

const StoreCodeSchema = z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, 'must be a store view code');
const TierCodeSchema = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'must be a tier code');
const PlainText = (max: number) => z.string().trim().min(1).max(max).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text');
/** Longer text: plain, paragraphs (line breaks) allowed. */
const LongText = (max: number) => z.string().trim().max(max).regex(/^(?:[^<>{}\p{Cc}]|[\t\n\r])*$/u, 'must be plain text');
/** One of the club's pictures under `/media/loyalty/` (`GET /admin/loyalty/choices` lists them). */
export const LoyaltyImageUrlSchema = z.string().regex(/^\/media\/loyalty\/[a-z0-9][a-z0-9-]{0,60}\.(svg|png|jpe?g|webp)$/, 'must be a club picture');
const Instant = z.iso.datetime({ offset: true });
const Points = z.number().int().min(1).max(10_000_000);

export const LOYALTY_TEXT_LANGUAGES = ['en', 'de'] as const;

/** `GET /admin/loyalty/choices`: what the forms choose from (tiers by threshold, the club's pictures). */
export const LoyaltyChoicesSchema = z.object({
  tiers: z.array(z.object({ code: z.string(), name: z.string(), threshold: z.number().int() })),
  images: z.array(z.string()),
});

// ---------- Rewards ----------

const RewardText = z.strictObject({ name: PlainText(120), description: LongText(1000).default('') });
const RewardTexts = z.strictObject({ en: RewardText, de: RewardText.optional() });

export const LoyaltyRewardQuerySchema = ConsolePagingQuerySchema.extend({
  /** Words of the English name. */
  q: z.string().trim().min(1).max(60).optional(),
  kind: z.enum(['reward', 'campaign']).optional(),
  active: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export type LoyaltyRewardQuery = z.infer<typeof LoyaltyRewardQuerySchema>;

export const LoyaltyRewardAdminSchema = z.object({
  uuid: z.string(),
  kind: z.enum(['reward', 'campaign']),
  points: z.number().int(),
  /** Campaigns: the discount in minor units of `currency` (the store view's). */
  discount_amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** Left to redeem; null: unlimited. */
  stock: z.number().int().nullable(),
  min_tier: z.string().nullable(),
  /** Offered in this store view only; null: in every store view with the club. */
  store_code: z.string().nullable(),
  image_url: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  texts: z.record(z.string(), z.object({ name: z.string(), description: z.string() })),
});
export type LoyaltyRewardAdmin = z.infer<typeof LoyaltyRewardAdminSchema>;
export const LoyaltyRewardPageSchema = z.object({ items: z.array(LoyaltyRewardAdminSchema), page_info: PageInfoSchema });

const rewardFields = {
  points: Points,
  discount_amount: z.number().int().min(1).max(100_000_000).nullable().optional(),
  store_code: StoreCodeSchema.nullable().optional(),
  stock: z.number().int().min(0).max(10_000_000).nullable().optional(),
  min_tier: TierCodeSchema.nullable().optional(),
  image_url: LoyaltyImageUrlSchema.nullable().optional(),
  is_active: z.boolean().default(true),
  texts: RewardTexts,
};

type RewardShape = { kind: 'reward' | 'campaign'; discount_amount?: number | null; store_code?: string | null };
function rewardRules(b: RewardShape, ctx: z.RefinementCtx) {
  if (b.kind === 'campaign' && !b.discount_amount) ctx.addIssue({ code: 'custom', path: ['discount_amount'], message: 'a campaign needs its discount' });
  if (b.kind === 'campaign' && !b.store_code) ctx.addIssue({ code: 'custom', path: ['store_code'], message: 'a campaign needs a store view (its currency)' });
  if (b.kind === 'reward' && b.discount_amount) ctx.addIssue({ code: 'custom', path: ['discount_amount'], message: 'a reward has no discount' });
}

/** `POST /admin/loyalty/rewards`: a reward bought with points, or a campaign (a discount on a cart, in one store view's currency). */
export const LoyaltyRewardCreateBodySchema = z.strictObject({ kind: z.enum(['reward', 'campaign']).default('reward'), ...rewardFields }).superRefine(rewardRules);
export type LoyaltyRewardCreateBody = z.infer<typeof LoyaltyRewardCreateBodySchema>;

/** `PUT /admin/loyalty/rewards/{uuid}`: the whole reward as it shall be; its kind stays what it was created as. */
export const LoyaltyRewardUpdateBodySchema = z.strictObject(rewardFields);
export type LoyaltyRewardUpdateBody = z.infer<typeof LoyaltyRewardUpdateBodySchema>;

export const LoyaltyRewardParamsSchema = z.strictObject({ uuid: z.uuid() });

// ---------- Earning rules ----------

const RuleText = z.strictObject({ description: PlainText(300) });

export const LoyaltyEarningRuleAdminSchema = z.object({
  event_name: z.string(),
  /** Points per event; for `order_placed`, per whole unit of the order's currency. */
  points: z.number().int(),
  is_active: z.boolean(),
  texts: z.record(z.string(), z.object({ description: z.string() })),
});
export type LoyaltyEarningRuleAdmin = z.infer<typeof LoyaltyEarningRuleAdminSchema>;
export const LoyaltyEarningRuleListSchema = z.object({ items: z.array(LoyaltyEarningRuleAdminSchema) });

const ruleFields = {
  points: z.number().int().min(0).max(1_000_000),
  is_active: z.boolean().default(true),
  texts: z.strictObject({ en: RuleText, de: RuleText.optional() }),
};
const EventNameSchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be lower-case letters, digits and _');

/** `POST /admin/loyalty/earning-rules`: a rule for a new event. */
export const LoyaltyEarningRuleCreateBodySchema = z.strictObject({ event_name: EventNameSchema, ...ruleFields });
export type LoyaltyEarningRuleCreateBody = z.infer<typeof LoyaltyEarningRuleCreateBodySchema>;
/** `PUT /admin/loyalty/earning-rules/{event_name}`: points, on or off, texts; the event's name stays. */
export const LoyaltyEarningRuleUpdateBodySchema = z.strictObject(ruleFields);
export type LoyaltyEarningRuleUpdateBody = z.infer<typeof LoyaltyEarningRuleUpdateBodySchema>;
export const LoyaltyEarningRuleParamsSchema = z.strictObject({ event_name: EventNameSchema });

// ---------- Articles ----------

const ArticleText = z.strictObject({ title: PlainText(200), summary: LongText(1000).default(''), body: LongText(20_000).default('') });
const ArticleIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'must be lower-case letters, digits and -');

export const LoyaltyArticleQuerySchema = ConsolePagingQuerySchema.extend({
  q: z.string().trim().min(1).max(60).optional(),
  state: z.enum(['draft', 'scheduled', 'published']).optional(),
});
export type LoyaltyArticleQuery = z.infer<typeof LoyaltyArticleQuerySchema>;

export const LoyaltyArticleAdminSchema = z.object({
  article_id: z.string(),
  points: z.number().int(),
  /** Tier codes the article is for; empty: everyone (and the site search). */
  levels: z.array(z.string()),
  image_url: z.string().nullable(),
  /** Whether reading it earns its points. */
  is_available: z.boolean(),
  published_at: z.string().nullable(),
  state: z.enum(['draft', 'scheduled', 'published']),
  texts: z.record(z.string(), z.object({ title: z.string(), summary: z.string(), body: z.string() })),
});
export type LoyaltyArticleAdmin = z.infer<typeof LoyaltyArticleAdminSchema>;
export const LoyaltyArticlePageSchema = z.object({ items: z.array(LoyaltyArticleAdminSchema), page_info: PageInfoSchema });

const articleFields = {
  points: z.number().int().min(0).max(1_000_000),
  levels: z.array(TierCodeSchema).max(20).default([]),
  image_url: LoyaltyImageUrlSchema.nullable().optional(),
  is_available: z.boolean().default(true),
  texts: z.strictObject({ en: ArticleText, de: ArticleText.optional() }),
};
/** `POST /admin/loyalty/articles`: a draft (published by `…/publish`). */
export const LoyaltyArticleCreateBodySchema = z.strictObject({ article_id: ArticleIdSchema, ...articleFields });
export type LoyaltyArticleCreateBody = z.infer<typeof LoyaltyArticleCreateBodySchema>;
export const LoyaltyArticleUpdateBodySchema = z.strictObject(articleFields);
export type LoyaltyArticleUpdateBody = z.infer<typeof LoyaltyArticleUpdateBodySchema>;
/** `POST /admin/loyalty/articles/{id}/publish`: now, or at a time (scheduled); `null` takes it back to a draft. */
export const LoyaltyArticlePublishBodySchema = z.strictObject({ at: Instant.nullable().optional() });
export const LoyaltyArticleAdminParamsSchema = z.strictObject({ article_id: ArticleIdSchema });

// ---------- QR codes ----------

export const LoyaltyQrCodeQuerySchema = ConsolePagingQuerySchema.extend({
  state: z.enum(['scheduled', 'active', 'ended']).optional(),
});
export type LoyaltyQrCodeQuery = z.infer<typeof LoyaltyQrCodeQuerySchema>;

export const LoyaltyQrCodeAdminSchema = z.object({
  id: z.string(),
  points: z.number().int(),
  description: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  state: z.enum(['scheduled', 'active', 'ended']),
  /** Customers who earned its points. */
  scans: z.number().int(),
});
export type LoyaltyQrCodeAdmin = z.infer<typeof LoyaltyQrCodeAdminSchema>;
export const LoyaltyQrCodePageSchema = z.object({ items: z.array(LoyaltyQrCodeAdminSchema), page_info: PageInfoSchema });
/** One code with its picture to print: an SVG of the code's value. */
export const LoyaltyQrCodeDetailSchema = LoyaltyQrCodeAdminSchema.extend({ qr_svg: z.string() });
export type LoyaltyQrCodeDetail = z.infer<typeof LoyaltyQrCodeDetailSchema>;

/** `POST /admin/loyalty/qr-codes`: the code's value is made by the shop (random, unique). */
export const LoyaltyQrCodeCreateBodySchema = z.strictObject({
  points: Points,
  description: PlainText(200),
  /** Omitted: from now. */
  valid_from: Instant.optional(),
  valid_to: Instant,
}).refine((b) => Date.parse(b.valid_to) > (b.valid_from ? Date.parse(b.valid_from) : Date.now()), { path: ['valid_to'], message: 'must be after valid_from and in the future' });
export type LoyaltyQrCodeCreateBody = z.infer<typeof LoyaltyQrCodeCreateBodySchema>;
export const LoyaltyQrCodeParamsSchema = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, 'must be a QR code') });
