import type { CartContext } from '@ember/contracts';
import type { ProductSummary } from '../api/catalog.api';
import { hasConsent } from './consent';

/** What a route tells the tracker about itself (its `handle.tracking`). */
export interface PageTracking<Data = unknown> {
  /** Template name of the page; normalised through the shared list of page names. */
  pageName: string;
  section: string;
  /** GA4 e-commerce event the page's data describes, if any. */
  ecommerce?: (data: Data) => EcommerceEvent | null;
  /** Search parameters that only change what the page shows (a selected colour), not the page. */
  ignoreSearch?: boolean;
  /** The page reports its own views (the account app, whose pages are hash routes). */
  tracksItself?: boolean;
}

export interface EcommerceItem {
  item_id: string;
  item_name: string;
  price?: number;
  currency?: string;
  index?: number;
  item_category?: string;
  item_list_id?: string;
  item_list_name?: string;
  quantity?: number;
}

export type EcommerceEvent = {
  /** The cart context of a cart change's event. */
  cart_context?: CartContext;
  event:
    | 'view_item' | 'view_item_list' | 'select_item' | 'add_to_cart' | 'remove_from_cart' | 'view_cart'
    | 'begin_checkout' | 'add_shipping_info' | 'add_payment_info' | 'purchase' | 'refund';
  ecommerce: Record<string, unknown> & { items: EcommerceItem[] };
};

/** A GA4 item from a product tile: SKU, name and the final price the shopper sees. */
export function toEcommerceItem(product: ProductSummary, index?: number): EcommerceItem {
  const price = product.price_range.minimum_price.final_price;
  return {
    item_id: product.sku ?? '',
    item_name: product.name ?? '',
    ...(price.value !== null ? { price: price.value } : {}),
    ...(price.currency ? { currency: price.currency } : {}),
    ...(index !== undefined ? { index } : {}),
    ...(product.product_kind ? { item_category: product.product_kind } : {}),
  };
}

export function viewItemListEvent(listId: string, listName: string, products: ProductSummary[]): EcommerceEvent | null {
  if (!products.length) return null;
  return {
    event: 'view_item_list',
    ecommerce: {
      item_list_id: listId,
      item_list_name: listName,
      items: products.map((p, i) => ({ ...toEcommerceItem(p, i), item_list_id: listId, item_list_name: listName })),
    },
  };
}

export function viewItemEvent(product: ProductSummary): EcommerceEvent {
  const item = toEcommerceItem(product);
  return {
    event: 'view_item',
    ecommerce: { currency: item.currency, value: item.price, items: [item] },
  };
}

/**
 * Sends a GA4 e-commerce event through the tracking instance (500 ms after, never before the page's
 * `on_load`), clearing the previous event's `ecommerce` object first (GA4's rule).
 */
export function pushEcommerceEvent(event: EcommerceEvent | null): void {
  // The instance's code loads with the tracker; nothing at all without analytics consent.
  if (event && hasConsent('analytics')) void import('./gtm-runner').then((m) => m.dispatchCustomEvent({ ecommerce: null }, event));
}

/** `select_item`: a product tile of a list was opened. */
export function selectItemEvent(product: ProductSummary, listId: string, listName: string, index: number): EcommerceEvent {
  const item = { ...toEcommerceItem(product, index), item_list_id: listId, item_list_name: listName };
  return { event: 'select_item', ecommerce: { item_list_id: listId, item_list_name: listName, items: [item] } };
}

/** `add_to_cart` (or `remove_from_cart`): what was added (SKU, name, unit price), how many, and where. */
export function addToCartEvent(
  item: { sku: string; name: string; price: number | null; currency: string | null; quantity: number; category?: string | null },
  context?: CartContext, event: 'add_to_cart' | 'remove_from_cart' = 'add_to_cart',
): EcommerceEvent {
  const value = item.price !== null ? Math.round(item.price * item.quantity * 100) / 100 : undefined;
  return {
    event,
    ...(context ? { cart_context: context } : {}),
    ecommerce: {
      currency: item.currency ?? undefined,
      value,
      items: [{
        item_id: item.sku,
        item_name: item.name,
        ...(item.price !== null ? { price: item.price } : {}),
        ...(item.currency ? { currency: item.currency } : {}),
        ...(item.category ? { item_category: item.category } : {}),
        quantity: item.quantity,
      }],
    },
  };
}
