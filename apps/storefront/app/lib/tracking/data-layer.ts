import { normalisePageName, type PageName } from '@ember/contracts';
import type { ProductSummary } from '../api/catalog.api';
import type { StoreView } from '../api/store.api';

declare global {
  interface Window {
    /** Google Tag Manager's queue: GTM (or any other tag manager) reads what is pushed here. */
    dataLayer?: Record<string, unknown>[];
  }
}

export function pushToDataLayer(entry: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

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
  event: 'view_item' | 'view_item_list' | 'add_to_cart' | 'begin_checkout' | 'add_payment_info' | 'purchase';
  ecommerce: Record<string, unknown> & { items: EcommerceItem[] };
};

/** Who is looking: the signed-in customer's uuid, or nobody; with loyalty, their points and tier. */
export interface TrackedUser {
  uuid: string;
  /** Spendable points (signed in, loyalty on). */
  points?: number | null;
  /** Tier name; N/A without one. */
  membership?: string | null;
  /** Whether the customer joined with a friend's referral code. */
  referee?: boolean;
}

/** The standard `on_load` event: the page, the market and, signed in, the customer's uuid. */
export function onLoadEvent(pageName: string, section: string, store: StoreView, user?: TrackedUser | null): Record<string, unknown> {
  const templateName: PageName = normalisePageName(pageName);
  return {
    event: 'on_load',
    section,
    template_name: templateName,
    ...(user ? { user_id: user.uuid } : {}),
    user_country: store.default_country ?? store.store_code.toUpperCase(),
    user_language: store.language,
    // Spec §3: the balance only for a signed-in customer; membership N/A unless a tier is known.
    ...(user && typeof user.points === 'number' ? { user_points_balance: user.points } : {}),
    user_membership: user?.membership || 'N/A',
    referee: user?.referee ? 'yes' : 'no',
  };
}

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

/** Pushes a GA4 e-commerce event, clearing the previous event's `ecommerce` object first (GA4's rule). */
export function pushEcommerceEvent(event: EcommerceEvent | null): void {
  if (!event) return;
  pushToDataLayer({ ecommerce: null });
  pushToDataLayer(event);
}

/** `add_to_cart`: what was added (SKU, name, unit price) and how many. */
export function addToCartEvent(item: { sku: string; name: string; price: number | null; currency: string | null; quantity: number; category?: string | null }): EcommerceEvent {
  const value = item.price !== null ? Math.round(item.price * item.quantity * 100) / 100 : undefined;
  return {
    event: 'add_to_cart',
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
