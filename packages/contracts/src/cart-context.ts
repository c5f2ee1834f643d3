/*
 * Kept apart from cart.ts: the storefront's public pages import these, and cart.ts's error table
 * reads the shared error-code table when it loads.
 */
/**
 * Where a cart change is made (spec §4's cart contexts): the storefront names it in the
 * `X-Cart-Context` header of each cart mutation and in the change's tracking event (docs/decisions/0072).
 */
export const CART_CONTEXTS = ['PRODUCT_DETAIL', 'MINICART', 'CART', 'CHECKOUT', 'ADMIN'] as const;
export type CartContext = (typeof CART_CONTEXTS)[number];
export const CART_CONTEXT_HEADER = 'x-cart-context';

export function isCartContext(value: unknown): value is CartContext {
  return (CART_CONTEXTS as readonly unknown[]).includes(value);
}
