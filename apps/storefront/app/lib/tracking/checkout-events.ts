import type { Cart, CartItem } from '../api/cart.api';
import type { CartContext } from '@ember/contracts';
import type { EcommerceEvent, EcommerceItem } from './data-layer';

/*
 * The GA4 e-commerce events of the cart, the checkout and the order (`view_cart`, a line's change,
 * `begin_checkout`, `add_shipping_info`, `add_payment_info`, `purchase`, `refund`), apart from
 * `data-layer.ts` so that the catalogue's pages load none of them.
 */

/** A cart line as a GA4 item: the sold SKU (the chosen variant's), unit price including tax. */
export function cartLineItem(item: CartItem, index?: number): EcommerceItem {
  const price = item.prices?.price_including_tax;
  return {
    item_id: item.configured_variant?.sku ?? item.product.sku ?? '',
    item_name: item.product.name ?? item.product.sku ?? '',
    ...(price?.value != null ? { price: price.value } : {}),
    ...(price?.currency ? { currency: price.currency } : {}),
    ...(index !== undefined ? { index } : {}),
    ...(item.product.product_kind ? { item_category: item.product.product_kind } : {}),
    quantity: item.quantity,
  };
}

function cartItems(cart: Cart): CartItem[] {
  return (cart.itemsV2?.items ?? []).filter((i): i is CartItem => i !== null);
}

function cartEcommerce(cart: Cart): Record<string, unknown> & { items: EcommerceItem[] } {
  const total = cart.prices?.grand_total;
  const coupon = cart.applied_coupons?.find((c) => c)?.code;
  return {
    currency: total?.currency ?? undefined,
    value: total?.value ?? undefined,
    ...(coupon ? { coupon } : {}),
    items: cartItems(cart).map((item, i) => cartLineItem(item, i)),
  };
}

export function viewCartEvent(cart: Cart): EcommerceEvent {
  return { event: 'view_cart', ecommerce: cartEcommerce(cart) };
}

/** A line's quantity changed from `before` to `after`: `add_to_cart` or `remove_from_cart` of the difference. */
export function lineChangeEvent(item: CartItem, before: number, after: number, context: CartContext): EcommerceEvent | null {
  if (before === after) return null;
  const line = { ...cartLineItem(item), quantity: Math.abs(after - before) };
  return {
    event: after > before ? 'add_to_cart' : 'remove_from_cart',
    cart_context: context,
    ecommerce: {
      currency: line.currency,
      ...(line.price !== undefined ? { value: Math.round(line.price * line.quantity * 100) / 100 } : {}),
      items: [line],
    },
  };
}

export function beginCheckoutEvent(cart: Cart): EcommerceEvent | null {
  if (!cartItems(cart).length) return null;
  return { event: 'begin_checkout', ecommerce: cartEcommerce(cart) };
}

/** `add_shipping_info`: the delivery chosen (carrier and method, as GA4's `shipping_tier`). */
export function addShippingInfoEvent(cart: Cart, shippingTier: string): EcommerceEvent {
  return { event: 'add_shipping_info', ecommerce: { ...cartEcommerce(cart), shipping_tier: shippingTier } };
}

export function addPaymentInfoEvent(cart: Cart, paymentType: string): EcommerceEvent {
  return { event: 'add_payment_info', ecommerce: { ...cartEcommerce(cart), payment_type: paymentType } };
}

/** `purchase`: the order number as transaction id, with the cart's totals as placed. */
export function purchaseEvent(cart: Cart, orderNumber: string): EcommerceEvent {
  const shipping = cart.shipping_addresses.find((a) => a)?.selected_shipping_method?.amount.value ?? undefined;
  const tax = (cart.prices?.applied_taxes ?? []).reduce((sum, t) => sum + (t?.amount.value ?? 0), 0);
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: orderNumber,
      ...cartEcommerce(cart),
      ...(shipping !== undefined ? { shipping } : {}),
      tax: Math.round(tax * 100) / 100,
    },
  };
}
