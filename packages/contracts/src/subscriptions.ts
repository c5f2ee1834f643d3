import { z } from 'zod';

/** Wire contracts of the subscription service (`/api/subscriptions/...`) and the saved cards (`/api/payments/cards`). */

const MoneySchema = z.object({ value: z.number(), currency: z.string() });
/** A calendar day, as the store's customers see it: YYYY-MM-DD. */
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'must be a real date');
const SkuSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'must be a product sku');

export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'past_due', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Spec §4: a subscription plan is a trial or a regular one. */
export const SUBSCRIPTION_PLAN_TYPES = ['TRIAL', 'REGULAR'] as const;
/** Why a customer cancels: the storefront offers these, with free words for "other". */
export const CANCEL_REASONS = ['too_much_stock', 'too_expensive', 'switching_product', 'quitting', 'delivery_problems', 'other'] as const;
/** Spec §9: the error code a product already in the subscription is refused with. */
export const SUBSCRIPTION_PRODUCT_EXISTS_CODE = '4';

export const SubscriptionParamsSchema = z.strictObject({ id: z.uuid() });
export const CardParamsSchema = z.strictObject({ id: z.uuid() });

export const SubscriptionPlanSchema = z.object({
  code: z.string(),
  plan_type: z.enum(SUBSCRIPTION_PLAN_TYPES),
  frequencies_weeks: z.array(z.number().int()),
  default_frequency_weeks: z.number().int(),
  /** Deliveries (the first order included) before the subscription may be cancelled. */
  minimum_deliveries: z.number().int(),
  max_quantity: z.number().int(),
  max_pause_weeks: z.number().int(),
  /** The products allowed, each with its price per delivery of one unit (VAT included). */
  products: z.array(z.object({ sku: z.string(), name: z.string(), flavor: z.string().nullable(), flavor_label: z.string().nullable(), image_url: z.string().nullable(), price: MoneySchema })),
  /** How renewals are priced: the catalogue's subscription price of each product, with this delivery method. */
  price_rules: z.object({ product_price: z.literal('catalog'), shipping_method: z.object({ carrier_code: z.string(), method_code: z.string(), title: z.string() }) }),
  /** Delivery methods a subscription may not use (spec §3 `disable_for_subscription`). */
  disabled_shipping_methods: z.array(z.object({ carrier_code: z.string(), method_code: z.string() })),
});
export const SubscriptionConfigurationsSchema = z.object({ store_code: z.string(), plans: z.array(SubscriptionPlanSchema) });
export type SubscriptionConfigurations = z.infer<typeof SubscriptionConfigurationsSchema>;

export const SubscriptionAddressSchema = z.object({
  id: z.number().int().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  street: z.array(z.string()),
  city: z.string(),
  postcode: z.string().nullable(),
  country_code: z.string(),
  region: z.string().nullable(),
  telephone: z.string().nullable(),
});

export const SavedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  is_default: z.boolean(),
  /** A live subscription is charged to it: it cannot be removed until the subscription uses another. */
  in_use: z.boolean(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;
export const SavedCardsSchema = z.object({ cards: z.array(SavedCardSchema) });

export const SubscriptionHistoryEntrySchema = z.object({
  kind: z.string(),
  actor: z.enum(['customer', 'operator', 'system']),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});

export const SubscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan_code: z.string(),
  plan_type: z.enum(SUBSCRIPTION_PLAN_TYPES),
  store_code: z.string(),
  frequency_weeks: z.number().int(),
  next_delivery_date: z.string().nullable(),
  paused_until: z.string().nullable(),
  pause_reason: z.string().nullable(),
  /** Spec §3: products (sku, qty, options, id); amount and currency as price {value, currency}. */
  products: z.array(z.object({ id: z.number().int(), sku: z.string(), name: z.string(), qty: z.number().int(), options: z.array(z.unknown()), price: MoneySchema })),
  price: MoneySchema,
  address: SubscriptionAddressSchema,
  card: SavedCardSchema.omit({ in_use: true, is_default: true }).nullable(),
  minimum_deliveries: z.number().int(),
  deliveries: z.number().int(),
  /** Whether the minimum commitment allows cancelling now. */
  can_cancel: z.boolean(),
  cancel_reason: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  history: z.array(SubscriptionHistoryEntrySchema),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;
export const SubscriptionListSchema = z.object({ subscriptions: z.array(SubscriptionSchema) });

/** PUT /api/subscriptions/{id}: each field given is changed; skip moves the next delivery on by one period. */
export const SubscriptionUpdateBodySchema = z.strictObject({
  products: z.array(z.strictObject({ sku: SkuSchema, qty: z.number().int().min(1).max(20), options: z.array(z.unknown()).max(0).optional() })).min(1).max(10).optional(),
  next_delivery_date: DaySchema.optional(),
  frequency_weeks: z.number().int().min(1).max(26).optional(),
  address_id: z.number().int().positive().max(2_147_483_647).optional(),
  card_id: z.uuid().optional(),
  skip_next: z.literal(true).optional(),
});
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdateBodySchema>;

export const SubscriptionPauseBodySchema = z.strictObject({ until: DaySchema.nullable().optional() });
export const SubscriptionCancelBodySchema = z.strictObject({
  reason: z.enum(CANCEL_REASONS),
  comment: z.string().trim().max(500).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text').optional(),
});
export const SubscriptionResumeBodySchema = z.strictObject({ next_delivery_date: DaySchema.optional() });
