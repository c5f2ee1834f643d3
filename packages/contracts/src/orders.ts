import { z } from 'zod';

/** Wire contracts of the orders module's REST endpoints: invoice downloads and the operator's `/admin/orders`. */

/** An order reference: its entity_id or its number. */
export const OrderRefSchema = z.string().regex(/^[A-Za-z0-9-]{4,64}$/);
/** `GET /api/orders/{ref}/invoice`. */
export const OrderInvoiceParamsSchema = z.strictObject({ ref: OrderRefSchema });
/** The account families' invoice paths: the customer and the order. */
export const CustomerOrderInvoiceParamsSchema = z.strictObject({ uuid: z.string().uuid(), ref: OrderRefSchema });

export const OrderNumberParamsSchema = z.strictObject({ number: z.string().regex(/^[A-Za-z0-9-]{4,64}$/) });

export const OrderStatusChangeSchema = z.strictObject({
  status: z.string().regex(/^[a-z][a-z_]{1,39}$/),
  reason_code: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).optional(),
  comment: z.string().trim().min(1).max(1000).optional(),
  tracking: z
    .strictObject({
      carrier: z.string().trim().min(1).max(80),
      number: z.string().trim().min(1).max(120),
      track_url: z.string().max(500).regex(/^https:\/\/[^\s]+$/, 'must be an https:// URL').optional(),
    })
    .optional(),
});
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

export const OrderSummarySchema = z.object({
  number: z.string(),
  entity_id: z.string(),
  status: z.string(),
  /** The legal texts and versions the buyer accepted at checkout. */
  accepted_agreements: z.array(z.object({ identifier: z.string(), title: z.string(), version: z.number().int() })),
  history: z.array(z.object({ from_status: z.string().nullable(), to_status: z.string(), actor: z.string(), reason_code: z.string().nullable(), comment: z.string().nullable(), created_at: z.string() })),
  shipments: z.array(z.object({ number: z.string(), tracks: z.array(z.object({ carrier: z.string(), number: z.string(), track_url: z.string().nullable() })) })),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** A guest's order lookup form (`guestOrder`, docs/decisions/0073): the order number, the order's e-mail and the billing last name. */
export const GuestOrderLookupSchema = z.object({
  number: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/),
  email: z.string().trim().min(1).max(254).email(),
  lastname: z.string().trim().min(1).max(80).regex(/^[^<>{}\p{Cc}]*$/u),
});
export type GuestOrderLookup = z.infer<typeof GuestOrderLookupSchema>;
