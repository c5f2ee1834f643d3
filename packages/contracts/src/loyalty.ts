import { z } from 'zod';

/** Wire contracts of the loyalty services (`/api/loyalty/...`, `/loyalty-legacy/...`). */

export const LoyaltyArticleIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/);
export const LoyaltyQrIdSchema = z.string().regex(/^[A-Za-z0-9_-]{4,64}$/);
export const LoyaltyEventNameSchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/);
export const LoyaltyOrderRefSchema = z.string().min(1).max(100);
export const LoyaltySkuSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/);
export const LoyaltyPagingSchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});

export const LoyaltyEventNameParamsSchema = z.strictObject({ event_name: LoyaltyEventNameSchema });
export const LoyaltyOrderIdParamsSchema = z.strictObject({ order_id: LoyaltyOrderRefSchema });
export const LoyaltyQrParamsSchema = z.strictObject({ id: LoyaltyQrIdSchema });
export const LoyaltyArticleParamsSchema = z.strictObject({ article_id: LoyaltyArticleIdSchema });
export const LoyaltyProductPointsQuerySchema = z.strictObject({ skus: z.string().min(1).max(2000) });
export const LoyaltyArticleBodySchema = z.strictObject({ article_id: LoyaltyArticleIdSchema });
export const LoyaltyQrBodySchema = z.strictObject({ qr_code_id: LoyaltyQrIdSchema });
export const LoyaltyRedeemBodySchema = z.strictObject({ reward_uuid: z.string().uuid(), quantity: z.number().int().min(1).max(10).default(1) });
export const LoyaltySkuParamsSchema = z.strictObject({ sku: LoyaltySkuSchema });
export const LoyaltyCurrencyBodySchema = z.strictObject({ currency: z.string().regex(/^[A-Z]{3}$/).optional() }).default({});
export const LoyaltyHistoryBodySchema = LoyaltyPagingSchema.default({ page: 1, perPage: 10 });
export const LoyaltyEmptyBodySchema = z.strictObject({}).optional();
export const LoyaltyLegacyOrderParamsSchema = z.strictObject({ id: LoyaltyOrderRefSchema });
export const LoyaltyPrizeBodySchema = z.strictObject({ consumer_uuid: z.string().uuid(), prize_uuid: z.string().uuid(), qty: z.number().int().min(1).max(10).default(1) });
export const LoyaltyRuleNameParamsSchema = z.strictObject({ name: LoyaltyEventNameSchema });
export const LoyaltyQrReadBodySchema = z.strictObject({ qr_id: LoyaltyQrIdSchema });

// Answers, as the storefront reads them.

export const LoyaltyConfigurationSchema = z.object({ enabled: z.string(), timeout: z.number(), points_expiry_days: z.number(), pending_days: z.number() });
export type LoyaltyConfiguration = z.infer<typeof LoyaltyConfigurationSchema>;

export const LoyaltyTierSchema = z.object({
  code: z.string(),
  name: z.string(),
  image_url: z.string(),
  threshold: z.number(),
  earned_points: z.number(),
  next_tier: z.object({ name: z.string(), threshold: z.number(), points_needed: z.number() }).nullable(),
});
export type LoyaltyTier = z.infer<typeof LoyaltyTierSchema>;

export const LoyaltyPointsSummarySchema = z.object({
  uuid: z.string(),
  points: z.number(),
  pending_points: z.number(),
  points_to_expire: z.number(),
  expire_at: z.string().nullable(),
  held_points: z.number(),
  tier: LoyaltyTierSchema,
});
export type LoyaltyPointsSummary = z.infer<typeof LoyaltyPointsSummarySchema>;

export const LoyaltyHistoryItemSchema = z.object({
  type: z.string(),
  points: z.number(),
  coupon: z.string().nullable(),
  coupon_type: z.string().nullable(),
  event: z.string().nullable(),
  date: z.string(),
  balance: z.number(),
  order_id: z.string().nullable(),
});
export type LoyaltyHistoryItem = z.infer<typeof LoyaltyHistoryItemSchema>;
export const LoyaltyHistoryPageSchema = z.object({
  items: z.array(LoyaltyHistoryItemSchema),
  page: z.number(),
  perPage: z.number(),
  total: z.number(),
  total_pages: z.number(),
});
export type LoyaltyHistoryPage = z.infer<typeof LoyaltyHistoryPageSchema>;

export const LoyaltyRewardSchema = z.object({
  uuid: z.string(),
  campaign_id: z.string(),
  kind: z.enum(['reward', 'campaign']),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  points: z.number(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  stock: z.number().nullable(),
  is_eligible: z.boolean(),
});
export type LoyaltyReward = z.infer<typeof LoyaltyRewardSchema>;
export const LoyaltyRewardsSchema = z.object({ items: z.array(LoyaltyRewardSchema).optional() });

export const LoyaltyRedemptionSchema = z.object({ coupon: z.string(), points: z.number() });

export const LoyaltyArticleSchema = z.object({
  article_id: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string().optional(),
  image_url: z.string().nullable(),
  value: z.number(),
  is_read: z.boolean(),
  is_available: z.boolean(),
});
export type LoyaltyArticle = z.infer<typeof LoyaltyArticleSchema>;
export const LoyaltyArticlesSchema = z.object({ items: z.array(LoyaltyArticleSchema).optional() });
export const LoyaltyArticleReadSchema = z.object({ credited: z.boolean(), points: z.number() });

export const LoyaltyTierListSchema = z.object({ items: z.array(z.object({ code: z.string(), name: z.string(), image_url: z.string(), threshold: z.number() })).optional() });

export const LoyaltyProductPointsSchema = z.object({ sku: z.string(), points: z.number(), rules: z.array(z.string()), time_limited: z.boolean(), time_to: z.string().nullable() });
export type LoyaltyProductPoints = z.infer<typeof LoyaltyProductPointsSchema>;
export const LoyaltyProductPointsListSchema = z.object({ items: z.array(LoyaltyProductPointsSchema).optional() });
