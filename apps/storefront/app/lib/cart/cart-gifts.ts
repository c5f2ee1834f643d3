import type { CartItem, CartItemInput, FreeGiftOffer } from '../api/cart.api';

/** The add-to-cart entry for a free gift of the line selling `parentSku` (spec §3: entered options is_gift, parent_gift_sku). */
export function giftInput(sku: string, parentSku: string): CartItemInput {
  return { sku, quantity: 1, entered_options: [{ uid: 'is_gift', value: 'true' }, { uid: 'parent_gift_sku', value: parentSku }] };
}

/** The sku a line's gifts name as their parent: the configurable parent's sku for a variant, else the line's. */
export function giftParentSku(line: CartItem): string {
  return line.product.sku ?? '';
}

/** Offers with at least one gift the shopper may still add. */
export function openOffers(line: CartItem): FreeGiftOffer[] {
  if (line.is_gift) return [];
  return (line.free_gifts ?? []).filter((o) => o.products.length > 0);
}
