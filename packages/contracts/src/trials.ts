import { z } from 'zod';

/** Wire contracts of the trial service (`/api/trials/...`, docs/decisions/0057). */

const MoneySchema = z.object({ value: z.number(), currency: z.string() });

export const TRIAL_STATUSES = [
  'pending_payment', 'in_trial', 'return_requested', 'returned', 'converting', 'payment_failed', 'converted', 'cancelled', 'refused',
] as const;
export type TrialStatus = (typeof TRIAL_STATUSES)[number];

/** Why a customer sends a trial device back: the storefront offers these. */
export const TRIAL_RETURN_REASONS = ['not_for_me', 'taste', 'device_problem', 'too_expensive', 'other'] as const;

const ProgramCodeSchema = z.string().min(2).max(32).regex(/^[a-z][a-z0-9-]{1,31}$/, 'must be a trial programme code');

/** GET /api/trials/is-eligible/{program}/{consumer}: the consumer is the session's own customer. */
export const TrialEligibilityParamsSchema = z.strictObject({ program: ProgramCodeSchema, consumer: z.uuid() });
export const TrialEligibilitySchema = z.object({ program: z.string(), is_eligible: z.boolean() });

export const TrialParamsSchema = z.strictObject({ id: z.uuid() });

export const TrialReturnBodySchema = z.strictObject({
  reason: z.enum(TRIAL_RETURN_REASONS),
  comment: z.string().trim().max(500).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text').nullish(),
});

export const TrialProgramSchema = z.object({
  code: z.string(),
  store_code: z.string(),
  kit_sku: z.string(),
  trial_days: z.number().int(),
  delivery_days: z.number().int(),
  reminder_days: z.number().int(),
  /** What keeping one kit costs after the trial, VAT included. */
  price_after_trial: MoneySchema,
});
export const TrialProgramListSchema = z.object({ programs: z.array(TrialProgramSchema) });

export const TrialSchema = z.object({
  id: z.string(),
  program: z.string(),
  store_code: z.string(),
  status: z.enum(TRIAL_STATUSES),
  order_number: z.string(),
  /** Spec §4 plan type: a trial's order is a TRIAL order. */
  plan_type: z.literal('TRIAL'),
  amount_after_trial: MoneySchema,
  started_at: z.string().nullable(),
  /** When the card is charged if the device is kept; null before the trial order is paid. */
  ends_at: z.string().nullable(),
  /** Whether the customer may still send the device back without charge. */
  can_return: z.boolean(),
  return_requested_at: z.string().nullable(),
  conversion_order_number: z.string().nullable(),
  history: z.array(z.object({ kind: z.string(), actor: z.string(), to_status: z.string().nullable(), reason: z.string().nullable(), created_at: z.string() })),
});
export type Trial = z.infer<typeof TrialSchema>;
export const TrialListSchema = z.object({ trials: z.array(TrialSchema) });
