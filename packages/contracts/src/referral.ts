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
