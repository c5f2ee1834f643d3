import type { Cart, CartItem } from '../api/cart.api';
import type { CartErrorContext } from './cart-errors';

/** The cart's lines, without the nulls the schema allows. */
export function cartLines(cart: Cart | null | undefined): CartItem[] {
  return (cart?.itemsV2?.items ?? []).filter((i): i is CartItem => i !== null);
}

/** The picture of a line: the chosen variant's, else the product's. */
export function lineImage(line: CartItem): { url: string | null; label: string | null } | null {
  return line.configured_variant?.small_image?.url ? line.configured_variant.small_image : line.product.small_image;
}

/**
 * What was chosen, in words: `Colour: Slate` for a variant; for a bundle each chosen product,
 * counted when more than one (`Ember One Copper; 2 × Ember Sticks Amber Carton`).
 */
export function lineOptions(line: CartItem): string {
  const configurable = (line.configurable_options ?? [])
    .filter((o): o is NonNullable<typeof o> => o !== null)
    .map((o) => `${o.option_label}: ${o.value_label}`);
  const bundle = (line.bundle_options ?? [])
    .flatMap((o) => o?.values ?? [])
    .filter((v): v is NonNullable<typeof v> => v !== null)
    .map((v) => (v.quantity > 1 ? `${v.quantity} × ${v.label}` : v.label));
  return [configurable.join(', '), bundle.join('; ')].filter(Boolean).join('; ');
}

/** An ordered bundle's chosen products in the same words as a cart line's (`Ember One Copper; 2 × …`). */
export function bundleChoiceText(options: ({ values: ({ product_name: string; quantity: number } | null)[] | null } | null)[] | null | undefined): string {
  return (options ?? [])
    .flatMap((o) => o?.values ?? [])
    .filter((v): v is NonNullable<typeof v> => v !== null)
    .map((v) => (v.quantity > 1 ? `${v.quantity} × ${v.product_name}` : v.product_name))
    .join('; ');
}

/**
 * The chosen options a line's name does not already say: an order line named "Ember One Copper"
 * (as older orders were) shows no "Colour: Copper" after it.
 */
export function optionsNotInName<T extends { label: string; value: string }>(name: string, options: readonly (T | null)[] | null | undefined): T[] {
  const words = name.toLocaleLowerCase();
  return (options ?? []).filter((o): o is T => o !== null && !(o.value && words.includes(o.value.toLocaleLowerCase())));
}

/** What a line's errors are worded against (cart-errors.ts): its step, the cart's device, another subscription. */
export function lineErrorContext(cart: Cart | null | undefined, line: CartItem, signedIn?: boolean): CartErrorContext {
  const lines = cartLines(cart);
  return {
    step: line.qty_increments ?? null,
    signedIn,
    cartHasDevice: lines.some((l) => l.hasDevice === true && !l.is_gift),
    tooManyTradeIns: lines.filter((l) => l.tradeIn === true).reduce((n, l) => n + l.quantity, 0) > 1,
    otherSubscription: lines.some((l) => l.uid !== line.uid && l.subscription === true),
  };
}

/** The line's errors (stock, limits), without nulls. */
export function lineErrors(line: CartItem): { code: string; message: string | null }[] {
  return (line.errors ?? []).filter((e): e is NonNullable<typeof e> => e !== null);
}

/** The shipping methods the checkout offers: the available ones, by ascending amount (spec §5); ties keep the server's order. */
export function sortShippingMethods<T extends { amount: { value: number | null }; available: boolean }>(methods: (T | null)[] | null | undefined): T[] {
  return (methods ?? [])
    .filter((m): m is T => m !== null && m.available)
    .sort((a, b) => (a.amount.value ?? 0) - (b.amount.value ?? 0));
}
