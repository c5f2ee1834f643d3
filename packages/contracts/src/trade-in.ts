import { z } from 'zod';

/** Wire contracts of the trade-in service (`/api/trade-in/...`). */

export const TradeInConsumerParamsSchema = z.strictObject({ consumer_id: z.string().uuid() });

const TradeInMoneySchema = z.object({ value: z.number(), currency: z.string() });

export const TradeInOfferSchema = z.object({
  /** The catalogue's trade-in product: added to a cart with a new device, it gives the credit. */
  sku: z.string(),
  name: z.string(),
  credit: TradeInMoneySchema,
  /** Device models that qualify (catalogue products; a colour of one qualifies too). */
  qualifying_models: z.array(z.object({ sku: z.string(), name: z.string() })),
  window: z.object({ starts_at: z.string(), ends_at: z.string().nullable() }),
  /** Days the old device must have been registered before it is traded in. */
  min_device_age_days: z.number().int(),
  terms: z.string(),
});
export type TradeInOffer = z.infer<typeof TradeInOfferSchema>;

export const TradeInConfigurationSchema = z.object({
  store_code: z.string(),
  enabled: z.boolean(),
  offers: z.array(TradeInOfferSchema),
});
export type TradeInConfiguration = z.infer<typeof TradeInConfigurationSchema>;

export const TradeInEligibilitySchema = z.object({
  consumer_id: z.string(),
  is_eligible: z.boolean(),
  /** Per running offer the customer may use: the trade-in sku and the registered device it would take. */
  offers: z.array(z.object({ sku: z.string(), device_id: z.string() })),
});
export type TradeInEligibility = z.infer<typeof TradeInEligibilitySchema>;
