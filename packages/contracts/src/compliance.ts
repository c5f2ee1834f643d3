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

/** A market's selling rules as the console shows them: the store view's, and its country's minimum age and limit period. */
export const MarketRulesSchema = z.object({
  store_code: z.string(),
  name: z.string(),
  country_code: z.string(),
  is_age_verification_enabled: z.boolean(),
  is_order_limit_enabled: z.boolean(),
  /** Age-restricted units a customer may order per period (0 with the limit off). */
  order_limit_value: z.number().int(),
  cartons_limit_value: z.number().int(),
  minimum_age: z.number().int(),
  order_limit_period_hours: z.number().int(),
});
export type MarketRules = z.infer<typeof MarketRulesSchema>;
export const MarketRulesListSchema = z.object({ items: z.array(MarketRulesSchema) });
export const MarketParamsSchema = z.strictObject({ store: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, 'must be a store view code') });

/** `PUT /admin/compliance/markets/{store}`: the rules to change, with the reason kept in the audit log. */
export const MarketRulesUpdateSchema = z.strictObject({
  is_age_verification_enabled: z.boolean().optional(),
  is_order_limit_enabled: z.boolean().optional(),
  order_limit_value: z.number().int().min(0).max(10_000).optional(),
  cartons_limit_value: z.number().int().min(0).max(10_000).optional(),
  minimum_age: z.number().int().min(16).max(25).optional(),
  order_limit_period_hours: z.number().int().min(1).max(8760).optional(),
  reason: z.string().trim().min(3).max(500).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text'),
}).refine((b) => Object.keys(b).some((k) => k !== 'reason'), 'nothing to change');
export type MarketRulesUpdate = z.infer<typeof MarketRulesUpdateSchema>;

const ConsentText = z.strictObject({
  name: z.string().trim().min(1).max(200).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text'),
  description: z.string().trim().min(1).max(4000).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text'),
});

export const ConsolePurposeSchema = z.object({
  id: z.string(),
  category: z.string(),
  mandatory: z.boolean(),
  version: z.number().int(),
  texts: z.record(z.string(), z.object({ name: z.string(), description: z.string() })),
});
export const ConsolePurposeListSchema = z.object({ items: z.array(ConsolePurposeSchema) });
export const ConsolePurposeDetailSchema = ConsolePurposeSchema.extend({
  history: z.array(z.object({ version: z.number().int(), language: z.string(), name: z.string(), description: z.string(), recorded_by: z.string(), recorded_at: z.string() })),
});
export const ConsolePurposeParamsSchema = z.strictObject({ id: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/, 'must be a purpose id') });

/**
 * `PUT /admin/compliance/consents/{id}`: new texts for the purpose, in the shop's languages. A new
 * version (`new_version: true`, a change of meaning) asks everyone who agreed to an older one to agree
 * again; a correction keeps the version.
 */
export const ConsentTextsUpdateSchema = z.strictObject({
  texts: z.strictObject({ en: ConsentText.optional(), de: ConsentText.optional() }).refine((t) => t.en !== undefined || t.de !== undefined, 'name at least one language'),
  new_version: z.boolean(),
});
export type ConsentTextsUpdate = z.infer<typeof ConsentTextsUpdateSchema>;
