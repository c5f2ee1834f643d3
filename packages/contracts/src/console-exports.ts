import { z } from 'zod';

/**
 * The console's CSV exports (docs/decisions/0080): `GET /admin/exports/orders.csv` and
 * `GET /admin/exports/customers.csv`, streamed page by page, filtered like the lists.
 */
const StoreCodeSchema = z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, 'must be a store view code');
const ExportWindow = {
  store: StoreCodeSchema.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
};

export const OrderExportQuerySchema = z.strictObject({
  ...ExportWindow,
  status: z.string().regex(/^[a-z_]{2,40}$/, 'must be an order status').optional(),
});
export type OrderExportQuery = z.infer<typeof OrderExportQuerySchema>;

export const CustomerExportQuerySchema = z.strictObject({
  ...ExportWindow,
  status: z.enum(['active', 'deactivated', 'cancelled']).optional(),
});
export type CustomerExportQuery = z.infer<typeof CustomerExportQuerySchema>;

/** The columns of each export, in order. */
export const ORDER_EXPORT_COLUMNS = [
  'order_number', 'created_at', 'store_code', 'status', 'customer_uuid', 'email', 'currency', 'subtotal_incl_tax', 'discount_total',
  'shipping_incl_tax', 'tax_total', 'grand_total', 'refunded_total', 'payment_method_code', 'paid_at', 'items',
] as const;
export const CUSTOMER_EXPORT_COLUMNS = [
  'uuid', 'created_at', 'store_code', 'status', 'email', 'firstname', 'lastname', 'telephone', 'is_age_verified',
] as const;
