import { z } from 'zod';
import { ConsolePagingQuerySchema, PageInfoSchema } from './operators.js';
import { SubscriptionSchema } from './subscriptions.js';

/**
 * Wire contracts of the operator console's orders, customers and dashboard at `/admin`
 * (docs/decisions/0076). Money is in minor units with its currency; times are ISO 8601.
 */

/** One or several values of a query parameter: `status=a&status=b` or `status=a,b`. */
const manyOf = <T extends z.ZodType<string>>(item: T, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(item).min(1).max(max),
  );

const StatusCode = z.string().regex(/^[a-z][a-z_]{1,39}$/);
const StoreCode = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/);
const Instant = z.iso.datetime({ offset: true });
const SearchText = z.string().trim().min(1).max(200).regex(/^[^\p{Cc}]*$/u, 'must be plain text');

/** What an order's payment stands at, from its captured and refunded amounts. */
export const ORDER_PAYMENT_STATUSES = ['not_required', 'unpaid', 'paid', 'partially_refunded', 'refunded'] as const;
export const OrderPaymentStatusSchema = z.enum(ORDER_PAYMENT_STATUSES);

/**
 * `GET /admin/orders`: `q` is an order number prefix, an e-mail (exact or prefix) or a billing name
 * (3 characters or more, anywhere in the name); filters combine with AND.
 */
export const ConsoleOrderListQuerySchema = ConsolePagingQuerySchema.extend({
  q: SearchText.optional(),
  status: manyOf(StatusCode, 20).optional(),
  store: StoreCode.optional(),
  payment_status: manyOf(OrderPaymentStatusSchema, 5).optional(),
  from: Instant.optional(),
  to: Instant.optional(),
  sort: z.enum(['created_at', 'number', 'grand_total']).default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type ConsoleOrderListQuery = z.infer<typeof ConsoleOrderListQuerySchema>;

const Money = z.object({ amount: z.number().int(), currency: z.string() });

export const ConsoleOrderRowSchema = z.object({
  number: z.string(),
  entity_id: z.string(),
  created_at: z.string(),
  store_code: z.string(),
  email: z.string(),
  customer_name: z.string().nullable(),
  customer_uuid: z.string().nullable(),
  status: z.string(),
  grand_total: Money,
  payment_status: OrderPaymentStatusSchema,
  items_count: z.number().int(),
});
export type ConsoleOrderRow = z.infer<typeof ConsoleOrderRowSchema>;
export const ConsoleOrderPageSchema = z.object({ items: z.array(ConsoleOrderRowSchema), page_info: PageInfoSchema });

const ConsoleAddress = z.object({
  kind: z.enum(['billing', 'shipping']),
  firstname: z.string(),
  lastname: z.string(),
  street: z.array(z.string()),
  city: z.string(),
  postcode: z.string().nullable(),
  country_code: z.string(),
  region: z.string().nullable(),
  telephone: z.string().nullable(),
  pickup_store_id: z.string().nullable(),
  pickup_name: z.string().nullable(),
});

/** `GET /admin/orders/{number}/detail`: everything an operator acts on. */
export const ConsoleOrderDetailSchema = z.object({
  number: z.string(),
  entity_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  store_code: z.string(),
  website_code: z.string(),
  language: z.string(),
  customer: z.object({ uuid: z.string().nullable(), email: z.string() }),
  status: z.string(),
  status_reason: z.object({ code: z.string().nullable(), message: z.string().nullable() }),
  items: z.array(z.object({
    sku: z.string(),
    parent_sku: z.string().nullable(),
    name: z.string(),
    product_type: z.string(),
    qty_ordered: z.number().int(),
    qty_shipped: z.number().int(),
    qty_refunded: z.number().int(),
    qty_canceled: z.number().int(),
    unit_price_incl_tax: z.number().int(),
    row_total_incl_tax: z.number().int(),
    row_discount: z.number().int(),
    is_gift: z.boolean(),
  })),
  addresses: z.array(ConsoleAddress),
  shipping_method: z.object({ carrier_code: z.string(), method_code: z.string(), title: z.string().nullable() }).nullable(),
  coupon_codes: z.array(z.string()),
  totals: z.object({
    currency: z.string(),
    subtotal_incl_tax: z.number().int(),
    subtotal_excl_tax: z.number().int(),
    discount_total: z.number().int(),
    shipping_incl_tax: z.number().int(),
    tax_total: z.number().int(),
    grand_total: z.number().int(),
    refunded_total: z.number().int(),
    lines: z.array(z.object({ kind: z.enum(['discount', 'tax']), label: z.string(), amount: z.number().int(), coupon_code: z.string().nullable(), rate_percent: z.number().nullable() })),
  }),
  payment: z.object({
    method_code: z.string(),
    status: OrderPaymentStatusSchema,
    reference: z.string().nullable(),
    amount_paid: z.number().int().nullable(),
    paid_at: z.string().nullable(),
    refunded_total: z.number().int(),
    /** What can still be refunded (minor units). */
    refundable: z.number().int(),
  }),
  history: z.array(z.object({ from_status: z.string().nullable(), to_status: z.string(), actor: z.string(), reason_code: z.string().nullable(), comment: z.string().nullable(), created_at: z.string() })),
  shipments: z.array(z.object({ number: z.string(), created_at: z.string(), tracks: z.array(z.object({ carrier: z.string(), number: z.string(), track_url: z.string().nullable() })) })),
  /** Statuses the order may move to now (the order state machine's transitions from its status). */
  next_statuses: z.array(z.string()),
  can_cancel: z.boolean(),
  can_refund: z.boolean(),
  /** Serials of devices recorded as shipped with this order. */
  device_serials: z.array(z.string()),
  attributes: z.array(z.object({ code: z.string(), value: z.string() })),
});
export type ConsoleOrderDetail = z.infer<typeof ConsoleOrderDetailSchema>;

/** `POST /admin/orders/{number}/cancel`: through the cancellation path (stock back, payment voided or refunded). */
export const ConsoleOrderCancelBodySchema = z.strictObject({
  reason_code: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).optional(),
  comment: z.string().trim().min(1).max(1000).optional(),
});

/**
 * `POST /admin/orders/{number}/refunds`: part or all of what remains, in minor units (more is REFUND_NOT_POSSIBLE, 409). The same
 * `Idempotency-Key` header (or `idempotency_key`) refunds once, whatever the number of tries.
 */
export const ConsoleRefundBodySchema = z.strictObject({
  amount: z.number().int().min(1).max(1_000_000_000),
  idempotency_key: z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/).optional(),
  comment: z.string().trim().min(1).max(500).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text').optional(),
});
export type ConsoleRefundBody = z.infer<typeof ConsoleRefundBodySchema>;
export const ConsoleRefundSchema = z.object({
  number: z.string(),
  refunded: z.number().int(),
  refunded_total: z.number().int(),
  remaining: z.number().int(),
  currency: z.string(),
});

/** `POST /admin/orders/{number}/emails`: the confirmation (or the received notice while unpaid) or the latest shipment's e-mail, again. */
export const ConsoleOrderEmailBodySchema = z.strictObject({ kind: z.enum(['confirmation', 'shipment']) });
export const ConsoleOrderEmailSchema = z.object({ number: z.string(), template: z.string(), queued: z.literal(true) });

/** `GET /admin/customers`: `q` is an e-mail (exact or prefix), a name, a phone number or an account uuid. */
export const ConsoleCustomerListQuerySchema = ConsolePagingQuerySchema.extend({
  q: SearchText.optional(),
  status: manyOf(z.enum(['active', 'deactivated', 'cancelled']), 3).optional(),
  store: StoreCode.optional(),
  website: StoreCode.optional(),
  from: Instant.optional(),
  to: Instant.optional(),
});
export type ConsoleCustomerListQuery = z.infer<typeof ConsoleCustomerListQuerySchema>;

export const ConsoleCustomerRowSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  telephone: z.string().nullable(),
  store_code: z.string(),
  website_code: z.string(),
  status: z.enum(['active', 'deactivated', 'cancelled']),
  is_age_verified: z.boolean(),
  created_at: z.string(),
});
export type ConsoleCustomerRow = z.infer<typeof ConsoleCustomerRowSchema>;
export const ConsoleCustomerPageSchema = z.object({ items: z.array(ConsoleCustomerRowSchema), page_info: PageInfoSchema });

/** `GET /admin/customers/{uuid}`: the account with what other modules hold of it. */
export const ConsoleCustomerDetailSchema = z.object({
  profile: ConsoleCustomerRowSchema.extend({
    date_of_birth: z.string().nullable(),
    gender: z.string().nullable(),
    email_verified: z.boolean(),
    telephone_verified: z.boolean(),
    status_reason: z.string().nullable(),
    updated_at: z.string(),
  }),
  addresses: z.array(z.object({
    id: z.number().int(), firstname: z.string(), lastname: z.string(), street: z.array(z.string()), city: z.string(),
    postcode: z.string().nullable(), country_code: z.string(), region: z.string().nullable(), telephone: z.string().nullable(),
    is_default_billing: z.boolean(), is_default_shipping: z.boolean(),
  })),
  orders: z.object({
    total: z.number().int(),
    recent: z.array(z.object({ number: z.string(), created_at: z.string(), store_code: z.string(), status: z.string(), grand_total: Money, payment_status: OrderPaymentStatusSchema })),
  }),
  loyalty: z.object({
    balance: z.number().int(),
    held: z.number().int(),
    pending: z.number().int(),
    recent: z.array(z.object({ type: z.string(), points: z.number().int(), event: z.string().nullable(), order_id: z.string().nullable(), balance: z.number().int().nullable(), date: z.string() })),
  }),
  devices: z.array(z.object({ serial: z.string(), state: z.string(), product_sku: z.string(), registered_at: z.string().nullable(), warranty_expires_at: z.string().nullable() })),
  subscriptions: z.array(SubscriptionSchema),
  consents: z.object({ current: z.array(z.unknown()), history: z.array(z.unknown()) }),
  /** The derived flag and the latest verification attempt (status, method, dates), if any. */
  age_verification: z.object({ is_age_verified: z.boolean(), latest: z.unknown().nullable() }),
});
export type ConsoleCustomerDetail = z.infer<typeof ConsoleCustomerDetailSchema>;

/**
 * `POST /admin/customers/{uuid}/points`: points to add (positive) or take (negative) through the
 * loyalty ledger, once per key; a balance never goes below zero.
 */
export const ConsolePointsBodySchema = z.strictObject({
  points: z.number().int().min(-1_000_000).max(1_000_000).refine((n) => n !== 0, 'must not be zero'),
  reason: z.string().trim().min(3).max(200).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text'),
  idempotency_key: z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/).optional(),
});
export type ConsolePointsBody = z.infer<typeof ConsolePointsBodySchema>;
export const ConsolePointsSchema = z.object({ uuid: z.string(), points: z.number().int(), applied: z.boolean(), balance: z.number().int() });

/** `POST /admin/customers/{uuid}/erasure`: the account's cancellation over the privacy registry; `confirm` must repeat the uuid. */
export const ConsoleErasureBodySchema = z.strictObject({
  confirm: z.uuid(),
  reason: z.string().trim().min(3).max(500).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text'),
});
export const ConsoleErasureSchema = z.object({ uuid: z.string(), status: z.literal('cancelled') });
/** `GET /admin/customers/{uuid}/export`: the data-subject export, as the customer would get it. */
export const ConsoleCustomerExportSchema = z.object({ exported_at: z.string(), user_uuid: z.string() }).catchall(z.unknown());

/** `GET /admin/dashboard`. */
export const ConsoleDashboardSchema = z.object({
  generated_at: z.string(),
  /** Per store view, since midnight in the store view's time zone. */
  today: z.array(z.object({
    store_code: z.string(),
    timezone: z.string(),
    since: z.string(),
    orders: z.number().int(),
    revenue: Money,
  })),
  payments_waiting: z.object({ count: z.number().int(), oldest_at: z.string().nullable() }),
  age_checks_waiting: z.object({ count: z.number().int(), oldest_at: z.string().nullable() }),
  low_stock: z.array(z.object({ sku: z.string(), name: z.string(), quantity: z.number().int(), threshold: z.number().int() })),
  /** Background jobs of this instance that failed since it started. */
  failed_jobs: z.array(z.object({ name: z.string(), failures: z.number().int(), last_ended_at: z.string() })),
  outbox: z.object({ pending: z.number().int(), oldest_seconds: z.number() }),
});
export type ConsoleDashboard = z.infer<typeof ConsoleDashboardSchema>;
