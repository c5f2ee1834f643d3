import { z } from 'zod';
import { ConsolePagingQuerySchema, PageInfoSchema } from './operators.js';

/**
 * Wire contracts of the console's compliance area (docs/decisions/0078): the age-verification review
 * queue at `/admin/compliance/age-checks`, where a check a provider could not decide waits for a
 * person.
 */

export const AGE_CHECK_STATUSES = ['pending', 'verified', 'rejected', 'needs_review', 'expired'] as const;

export const AgeCheckQuerySchema = ConsolePagingQuerySchema.extend({
  status: z.enum(AGE_CHECK_STATUSES).default('needs_review'),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a country code').optional(),
  /** A customer's e-mail address or uuid, or the check's own uuid. */
  q: z.string().trim().min(1).max(254).optional(),
});
export type AgeCheckQuery = z.infer<typeof AgeCheckQuerySchema>;

export const AgeCheckRowSchema = z.object({
  uuid: z.string(),
  status: z.enum(AGE_CHECK_STATUSES),
  reason: z.string().nullable(),
  country_code: z.string(),
  method_code: z.string(),
  provider: z.string(),
  customer_uuid: z.string().nullable(),
  email: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export const AgeCheckPageSchema = z.object({ items: z.array(AgeCheckRowSchema), page_info: PageInfoSchema });

/** One check with what a reviewer compares: the person as claimed, the market's minimum age, every event. */
export const AgeCheckDetailSchema = AgeCheckRowSchema.extend({
  firstname: z.string(),
  lastname: z.string(),
  date_of_birth: z.string(),
  verified_date_of_birth: z.string().nullable(),
  minimum_age: z.number().int(),
  age_today: z.number().int(),
  events: z.array(z.object({ kind: z.string(), outcome: z.string(), detail: z.record(z.string(), z.unknown()), created_at: z.string() })),
});
export type AgeCheckDetail = z.infer<typeof AgeCheckDetailSchema>;

export const AgeCheckParamsSchema = z.strictObject({ uuid: z.uuid() });

/**
 * `POST /admin/compliance/age-checks/{uuid}/decision`: a reviewer's verdict on a check waiting for
 * review. Approving confirms the date of birth the documents show (the claimed one unless given);
 * both say why, in words kept with the check.
 */
export const AgeCheckDecisionBodySchema = z.strictObject({
  decision: z.enum(['verified', 'rejected']),
  reason: z.string().trim().min(3).max(500).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text'),
  date_of_birth: z.iso.date().optional(),
});
export type AgeCheckDecisionBody = z.infer<typeof AgeCheckDecisionBodySchema>;
