import { productEssentialsQuery } from '../api/catalog.api';
import { browserClient } from '../api/clients';
import { getBrowserQueryClient } from '../api/query-client';
import type { OrderDetail } from '../api/orders.api';
import { hasConsent } from './consent';
import { pushEcommerceEvent, type EcommerceEvent } from './data-layer';

/** The statuses that undo a purchase in full: the order detail of one of them reports GA4's `refund`. */
export const REFUNDED_STATUSES = ['canceled', 'returned'];

/** `refund` of a whole order: its number, total, tax and shipping, and its lines (category from the catalogue). */
export function refundEvent(order: OrderDetail, categories: ReadonlyMap<string, string> = new Map()): EcommerceEvent {
  const total = order.total;
  const tax = (total?.taxes ?? []).reduce((sum, t) => sum + (t?.amount.value ?? 0), 0);
  const items = (order.items ?? []).filter((i) => i !== null).map((item, index) => {
    const price = item.product_sale_price_including_tax;
    const category = categories.get(item.product_sku);
    return {
      item_id: item.product_sku,
      item_name: item.product_name ?? item.product_sku,
      ...(price?.value != null ? { price: price.value } : {}),
      ...(price?.currency ? { currency: price.currency } : {}),
      ...(category ? { item_category: category } : {}),
      quantity: item.quantity_ordered ?? 1,
      index,
    };
  });
  return {
    event: 'refund',
    ecommerce: {
      transaction_id: order.number,
      currency: total?.grand_total.currency ?? undefined,
      value: total?.grand_total.value ?? undefined,
      tax: Math.round(tax * 100) / 100,
      ...(total?.total_shipping ? { shipping: total.total_shipping.value } : {}),
      items,
    },
  };
}

/**
 * Product kinds of the ordered SKUs, through the query cache under PRODUCT_ESSENTIAL_QUERY (spec §9);
 * spec §4: no product query for an empty list.
 */
export async function productCategories(store: string, skus: string[]): Promise<Map<string, string>> {
  if (!skus.length) return new Map();
  const products = await getBrowserQueryClient().fetchQuery(productEssentialsQuery(browserClient(store), skus)).catch(() => []);
  return new Map(products.flatMap((p) => (p.sku && p.product_kind ? [[p.sku, p.product_kind] as const] : [])));
}

const tracked = (store: string, number: string) => `ember_refund_tracked:${store}:${number}`;

/**
 * Reports a cancelled or returned order's `refund` once per order and browser (kept in local
 * storage, so a reload or a second visit of the page does not count it again).
 */
export async function trackRefundOnce(store: string, order: OrderDetail): Promise<void> {
  if (!REFUNDED_STATUSES.includes(order.status_code) || !hasConsent('analytics')) return;
  try {
    if (window.localStorage.getItem(tracked(store, order.number))) return;
    window.localStorage.setItem(tracked(store, order.number), '1');
  } catch {
    return;
  }
  const skus = [...new Set((order.items ?? []).flatMap((i) => (i?.product_sku ? [i.product_sku] : [])))];
  pushEcommerceEvent(refundEvent(order, await productCategories(store, skus)));
}
