import type { Reader } from '../../platform/transaction.js';
import { Conditions } from '../../platform/sql.js';

/** The orders export's pages: only this file runs the export's SQL on orders_* tables. */

export interface OrderExportRow {
  id: string;
  order_number: string;
  created_at: Date;
  store_code: string;
  status: string;
  customer_uuid: string | null;
  email: string;
  currency: string;
  subtotal_incl_tax: number;
  discount_total: number;
  shipping_incl_tax: number;
  tax_total: number;
  grand_total: number;
  refunded_total: number;
  payment_method_code: string;
  paid_at: Date | null;
  items: number;
}

/** The next page of orders after a position (the orders' own id, ascending), within the filters. */
export async function exportPage(q: Reader, f: { status?: string; store?: string; from?: string; to?: string }, after: string | null, limit: number): Promise<OrderExportRow[]> {
  const c = new Conditions();
  c.and(`o.id > ${c.p(after ?? '0')}::bigint`);
  if (f.status) c.and(`o.status = ${c.p(f.status)}`);
  if (f.store) c.and(`o.store_code = ${c.p(f.store)}`);
  if (f.from) c.and(`o.created_at >= ${c.p(f.from)}::timestamptz`);
  if (f.to) c.and(`o.created_at < ${c.p(f.to)}::timestamptz`);
  const { rows } = await q.query<OrderExportRow>(
    `SELECT o.id::text AS id, o.order_number, o.created_at, o.store_code, o.status, o.customer_uuid::text AS customer_uuid, o.email, o.currency::text AS currency,
            o.subtotal_incl_tax::int AS subtotal_incl_tax, o.discount_total::int AS discount_total, o.shipping_incl_tax::int AS shipping_incl_tax,
            o.tax_total::int AS tax_total, o.grand_total::int AS grand_total, o.refunded_total::int AS refunded_total, o.payment_method_code, o.paid_at,
            (SELECT COALESCE(sum(i.qty_ordered), 0)::int FROM orders_item i WHERE i.order_id = o.id) AS items
       FROM orders_order o ${c.where()} ORDER BY o.id LIMIT ${c.p(limit)}`,
    c.params,
  );
  return rows;
}
