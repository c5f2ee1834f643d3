import { z } from 'zod';

/** Wire contracts of the referral service (`/referral/...`). */

export const ReferralCodeSchema = z.string().trim().min(1).max(32);
export const ReferralVerifyBodySchema = z.strictObject({ code: ReferralCodeSchema });
export const ReferralSetParentBodySchema = z.strictObject({ uuid: z.string().uuid(), referral_code: ReferralCodeSchema });

export const ReferralCustomerSchema = z.object({ uuid: z.string(), code: z.string(), parent_code: z.string().nullable(), has_first_purchase: z.boolean() });
export type ReferralCustomer = z.infer<typeof ReferralCustomerSchema>;
export const ReferralStatsSchema = z.object({ earned_points: z.number(), referees_count: z.number(), completed_first_order_count: z.number() });
export type ReferralStats = z.infer<typeof ReferralStatsSchema>;
export const ReferralVerifyResultSchema = z.object({ is_valid: z.boolean() });

/** Spec §9: the referral history shows five referrals unless asked for more (at most 50 a page). */
export const REFERRAL_HISTORY_DEFAULT_LIMIT = 5;
export const REFERRAL_HISTORY_MAX_LIMIT = 50;
export const ReferralHistoryQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(REFERRAL_HISTORY_MAX_LIMIT).default(REFERRAL_HISTORY_DEFAULT_LIMIT),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
/** A referral's state: the friend registered with the code, completed their first order, or returned it. */
export const ReferralHistoryStatusSchema = z.enum(['registered', 'first_order_completed', 'returned']);
export type ReferralHistoryStatus = z.infer<typeof ReferralHistoryStatusSchema>;
/** One referral as its referrer sees it: when, how far, and the points it earned; never who the friend is. */
export const ReferralHistoryItemSchema = z.object({ joined_at: z.string(), status: ReferralHistoryStatusSchema, points_earned: z.number() });
export type ReferralHistoryItem = z.infer<typeof ReferralHistoryItemSchema>;
export const ReferralHistoryPageSchema = z.object({ items: z.array(ReferralHistoryItemSchema), page: z.number(), limit: z.number(), total: z.number() });
export type ReferralHistoryPage = z.infer<typeof ReferralHistoryPageSchema>;
