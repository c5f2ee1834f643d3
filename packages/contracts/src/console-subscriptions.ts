import { z } from 'zod';
import { ConsolePagingQuerySchema, PageInfoSchema } from './operators.js';
import { SUBSCRIPTION_STATUSES } from './subscriptions.js';
import { TRIAL_STATUSES } from './trials.js';

/**
 * Wire contracts of the console's subscriptions and trials area (docs/decisions/0079): lists with
 * filters and a detail with renewals, dunning and history. Their changes are the existing
 * `PUT /admin/subscriptions/{id}/status`, `POST /admin/subscriptions/{id}/renew` and
 * `PUT /admin/trials/{id}/status`.
 */

const StoreCodeSchema = z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, 'must be a store view code');
/** A subscription's or trial's id, its customer's uuid, or an order number. */
const ConsoleSearchSchema = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'must be an id or an order number');

export const SubscriptionConsoleQuerySchema = ConsolePagingQuerySchema.extend({
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  store: StoreCodeSchema.optional(),
  q: ConsoleSearchSchema.optional(),
});
export type SubscriptionConsoleQuery = z.infer<typeof SubscriptionConsoleQuerySchema>;

export const SubscriptionConsoleRowSchema = z.object({
  id: z.string(),
  customer_uuid: z.string(),
  store_code: z.string(),
  plan_code: z.string(),
  plan_type: z.enum(['REGULAR', 'TRIAL']),
  status: z.enum(SUBSCRIPTION_STATUSES),
  frequency_weeks: z.number().int(),
  next_delivery_date: z.string(),
  deliveries: z.number().int(),
  pause_reason: z.string().nullable(),
  created_at: z.string(),
});
export const SubscriptionConsolePageSchema = z.object({ items: z.array(SubscriptionConsoleRowSchema), page_info: PageInfoSchema });

const HistorySchema = z.array(z.object({
  kind: z.string(), actor: z.string(), from_status: z.string().nullable(), to_status: z.string().nullable(), reason: z.string().nullable(), created_at: z.string(),
}));

export const SubscriptionConsoleDetailSchema = SubscriptionConsoleRowSchema.extend({
  paused_until: z.string().nullable(),
  minimum_deliveries: z.number().int(),
  cancel_reason: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  items: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
  /** Every attempt of every delivery, newest first: paid, declined (with the next retry), refused. */
  renewals: z.array(z.object({
    period: z.string(), attempt: z.number().int(), status: z.string(), order_number: z.string().nullable(), reason: z.string().nullable(), retry_at: z.string().nullable(),
  })),
  history: HistorySchema,
});

export const TrialConsoleQuerySchema = ConsolePagingQuerySchema.extend({
  status: z.enum(TRIAL_STATUSES).optional(),
  store: StoreCodeSchema.optional(),
  q: ConsoleSearchSchema.optional(),
});
export type TrialConsoleQuery = z.infer<typeof TrialConsoleQuerySchema>;

export const TrialConsoleRowSchema = z.object({
  id: z.string(),
  program_code: z.string(),
  customer_uuid: z.string().nullable(),
  store_code: z.string(),
  order_number: z.string(),
  status: z.enum(TRIAL_STATUSES),
  amount_after_trial: z.number().int(),
  currency: z.string(),
  started_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  conversion_attempts: z.number().int(),
  created_at: z.string(),
});
export const TrialConsolePageSchema = z.object({ items: z.array(TrialConsoleRowSchema), page_info: PageInfoSchema });
export const TrialConsoleDetailSchema = TrialConsoleRowSchema.extend({
  return_requested_at: z.string().nullable(),
  return_reason: z.string().nullable(),
  conversion_order_number: z.string().nullable(),
  retry_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  history: HistorySchema,
});

/** An operator's reason, kept in the record's history: plain text. */
export const OperatorReasonSchema = z.string().trim().min(1).max(500).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text');

/** `PUT /admin/subscriptions/{id}/status`: an operator moves a subscription, with a reason. */
export const SubscriptionOperatorChangeSchema = z.strictObject({ status: z.enum(['active', 'paused', 'cancelled']), reason: OperatorReasonSchema });
/** `POST /admin/subscriptions/{id}/renew`: a renewal now, with a reason. */
export const SubscriptionRenewNowBodySchema = z.strictObject({ reason: OperatorReasonSchema });
/** What renewing now did. */
export const SubscriptionRenewNowAnswerSchema = z.object({ placed: z.number().int(), paid: z.number().int(), declined: z.number().int(), awaiting: z.number().int(), refused: z.number().int() });
/** `PUT /admin/trials/{id}/status`: the warehouse received the device, a return never came, or the trial is cancelled. */
export const TrialOperatorChangeSchema = z.strictObject({ status: z.enum(['returned', 'return_missing', 'cancelled']), reason: OperatorReasonSchema });
/** A trial's state after an operator's change. */
export const TrialOperatorAnswerSchema = z.object({ id: z.string(), status: z.string() });
