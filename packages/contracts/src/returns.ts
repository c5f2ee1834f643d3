import { z } from 'zod';

/**
 * Wire contracts of customer returns (RMA, spec §4, docs/decisions/0077): the customer's side at
 * `/api/returns` and the operator's at `/admin/returns`. Statuses are Adobe Commerce's RMA statuses.
 */

const plain = /^[^<>{}\p{Cc}]*$/u;

export const RETURN_STATUSES = [
  'PENDING', 'AUTHORIZED', 'PARTIALLY_AUTHORIZED', 'RECEIVED', 'PARTIALLY_RECEIVED', 'APPROVED', 'PARTIALLY_APPROVED',
  'REJECTED', 'PARTIALLY_REJECTED', 'DENIED', 'PROCESSED_AND_CLOSED', 'CLOSED',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** One returned line's state (Adobe's ReturnItemStatus). */
export const RETURN_ITEM_STATUSES = ['PENDING', 'AUTHORIZED', 'RECEIVED', 'APPROVED', 'REJECTED', 'DENIED'] as const;
export type ReturnItemStatus = (typeof RETURN_ITEM_STATUSES)[number];

export const RETURN_REASONS = ['damaged', 'wrong_item', 'not_as_described', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_CONDITIONS = ['resellable', 'not_resellable'] as const;

const ReturnNumber = z.string().regex(/^[A-Za-z0-9-]{4,80}$/, 'must be a return number');
const OrderNumber = z.string().regex(/^[A-Za-z0-9-]{4,64}$/, 'must be an order number');
const ItemUid = z.uuid();
const Comment = z.string().trim().max(1000).regex(plain, 'must be plain text');

// ---------- customer ----------

export const ReturnMethodInputSchema = z.discriminatedUnion('type', [
  /** A prepaid return label (a PDF and its reference). */
  z.strictObject({ type: z.literal('label') }),
  /** Handed in at a store of the store locator. */
  z.strictObject({ type: z.literal('drop_off'), store_id: z.string().regex(/^[a-z0-9_-]{2,40}$/, 'not a store id') }),
]);

export const RequestReturnBodySchema = z.strictObject({
  order_number: OrderNumber,
  items: z.array(z.strictObject({ order_item_uid: ItemUid, quantity: z.number().int().min(1).max(1000) })).min(1).max(100),
  reason: z.enum(RETURN_REASONS),
  comment: Comment.optional(),
  method: ReturnMethodInputSchema,
});
export type RequestReturnBody = z.infer<typeof RequestReturnBodySchema>;

export const ReturnNumberParamsSchema = z.strictObject({ number: ReturnNumber });
export const ReturnOrderParamsSchema = z.strictObject({ number: OrderNumber });
export const ReturnListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const ReturnHistoryEntrySchema = z.object({
  status: z.enum(RETURN_STATUSES),
  created_at: z.string(),
  /** Who moved it: the customer, an operator (never named to the customer) or the shop. */
  author: z.enum(['customer', 'operator', 'system']),
  comment: z.string().nullable(),
});

export const ReturnItemSchema = z.object({
  uid: z.string(),
  order_item_uid: z.string(),
  product_sku: z.string(),
  product_name: z.string(),
  request_quantity: z.number().int(),
  /** Quantity at its current stage: authorized, received or approved. */
  quantity: z.number().int(),
  authorized_quantity: z.number().int().nullable(),
  received_quantity: z.number().int().nullable(),
  approved_quantity: z.number().int().nullable(),
  status: z.enum(RETURN_ITEM_STATUSES),
  condition: z.enum(RETURN_CONDITIONS).nullable(),
  refund_amount: z.number().int(),
});

export const ReturnSchema = z.object({
  uid: z.string(),
  number: z.string(),
  order_number: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  comment: z.string().nullable(),
  method: z.object({
    type: z.enum(['label', 'drop_off']),
    label_reference: z.string().nullable(),
    label_url: z.string().nullable(),
    store: z.object({ id: z.string(), name: z.string(), street: z.string(), city: z.string(), postcode: z.string().nullable() }).nullable(),
  }),
  currency: z.string(),
  refunded_total: z.number().int(),
  created_at: z.string(),
  items: z.array(ReturnItemSchema),
  history: z.array(ReturnHistoryEntrySchema),
});
export type ReturnView = z.infer<typeof ReturnSchema>;

export const ReturnListSchema = z.object({ items: z.array(ReturnSchema), page: z.number().int(), page_size: z.number().int(), total: z.number().int() });

/** What the order detail needs: whether a return can be asked now, until when, how much of each line, and the order's returns. */
export const OrderReturnsSchema = z.object({
  order_number: z.string(),
  is_eligible: z.boolean(),
  /** Why not, when not: not_delivered, window_closed, nothing_left. */
  ineligible_reason: z.enum(['not_delivered', 'window_closed', 'nothing_left']).nullable(),
  window_ends_at: z.string().nullable(),
  items: z.array(z.object({
    uid: z.string(), product_sku: z.string(), product_name: z.string(), quantity_ordered: z.number().int(), returnable_quantity: z.number().int(),
  })),
  returns: z.array(ReturnSchema),
});
export type OrderReturns = z.infer<typeof OrderReturnsSchema>;

// ---------- operator ----------

export const AdminReturnListQuerySchema = z.strictObject({
  status: z.enum(RETURN_STATUSES).optional(),
  store: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/).optional(),
  order_number: OrderNumber.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminReturnListQuery = z.infer<typeof AdminReturnListQuerySchema>;

export const AdminReturnSchema = ReturnSchema.extend({
  store_code: z.string(),
  customer_uuid: z.string().nullable(),
  order_entity_id: z.string(),
  history: z.array(ReturnHistoryEntrySchema.extend({ actor_label: z.string().nullable() })),
});
export const AdminReturnListSchema = z.object({ items: z.array(AdminReturnSchema), page: z.number().int(), page_size: z.number().int(), total: z.number().int() });

/** Authorize all requested quantities (no `items`), or per item (0 denies that item). */
export const AuthorizeReturnBodySchema = z.strictObject({
  items: z.array(z.strictObject({ uid: ItemUid, quantity: z.number().int().min(0).max(1000) })).min(1).max(100).optional(),
  comment: Comment.optional(),
});
export const DenyReturnBodySchema = z.strictObject({ reason: Comment.min(1) });
export const ReceiveReturnBodySchema = z.strictObject({
  items: z.array(z.strictObject({ uid: ItemUid, quantity: z.number().int().min(1).max(1000) })).min(1).max(100),
  comment: Comment.optional(),
});
export const ApproveReturnBodySchema = z.strictObject({
  items: z.array(z.strictObject({ uid: ItemUid, condition: z.enum(RETURN_CONDITIONS) })).min(1).max(100),
  comment: Comment.optional(),
});
export const RejectReturnBodySchema = z.strictObject({
  items: z.array(z.strictObject({ uid: ItemUid })).min(1).max(100),
  comment: Comment.optional(),
});
export const CloseReturnBodySchema = z.strictObject({ comment: Comment.optional() });
export type AuthorizeReturnBody = z.infer<typeof AuthorizeReturnBodySchema>;
export type ReceiveReturnBody = z.infer<typeof ReceiveReturnBodySchema>;
export type ApproveReturnBody = z.infer<typeof ApproveReturnBodySchema>;
export type RejectReturnBody = z.infer<typeof RejectReturnBodySchema>;
