import { z } from 'zod';

/** A masked cart id, as checkout hands it to a guest (≥ 128 random bits). */
const CartIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be a masked cart id');

/** Only a path on the shop itself: the provider never sends a shopper to another host. */
const ReturnUrlSchema = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[A-Za-z0-9\-._~/%?=&]*$/, 'must be a path on this shop, e.g. /gb/checkout/payment-return');

export const GUEST_CART_HEADER = 'x-cart-id';

export const GenerateTokenBodySchema = z.strictObject({
  customer_uuid: z.uuid().nullable().optional(),
  order_id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_=+/-]+$/),
  tokenize: z.boolean().default(false),
  /** Guests: the masked id of the cart the order came from (or the X-Cart-Id header). */
  cart_id: CartIdSchema.optional(),
  return_url: ReturnUrlSchema.optional(),
  /** Pay with another of the store's provider methods: the order's method changes first (decision 0023). */
  payment_method: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be a payment method code').optional(),
});

export const PaymentParamsSchema = z.strictObject({ uuid: z.string().min(1).max(64) });
export const LegacyPaymentParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });
export const PaymentMethodParamsSchema = z.strictObject({ code: z.string().min(1).max(64) });
export const PaymentLegacyClientQuerySchema = z.strictObject({ code: z.string().min(1).max(64).optional() });
export const PaymentEmptyQuerySchema = z.strictObject({});

export const PaymentMethodSchema = z.object({
  code: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  tokenizable: z.boolean(),
});
export const PaymentMethodsResponseSchema = z.object({ methods: z.array(PaymentMethodSchema) });

export const ClientConfigSchema = z.object({
  code: z.string(),
  tokenizable: z.boolean(),
  provider: z.string(),
  environment: z.enum(['TEST', 'LIVE']),
  client_key: z.string(),
  checkout_url: z.string(),
});

/** Spec §3 "Order payment", plus where to send the shopper and the card once known. */
export const OrderPaymentSchema = z.object({
  uuid: z.string(),
  status: z.enum(['created', 'paid', 'failed', 'under_review', 'voided', 'refund_pending', 'refunded']),
  order_id: z.string(),
  currency: z.string(),
  /** Integer minor units. */
  amount: z.number().int(),
  payment_method: z.string(),
  title: z.string(),
  icon: z.string(),
  payment_token: z.string().nullable(),
  redirect_url: z.string().nullable(),
  failure_code: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }).nullable(),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

export const WebhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
