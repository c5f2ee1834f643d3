import type { CartItemInput } from '../api/cart.types';
import type { ProductDetail, Variant } from '../api/catalog.types';

type VariantProduct = NonNullable<Variant['product']>;

/**
 * What "Add to cart" sends for the product as chosen: a configurable product's chosen variant
 * with its parent, a bundle with its default (or first) option of every item, anything else by SKU.
 */
export function cartItemFor(product: ProductDetail, variant: VariantProduct | null, quantity: number): CartItemInput | null {
  if (product.__typename === 'ConfigurableProduct') {
    return variant ? { sku: variant.sku, parent_sku: product.sku, quantity } : null;
  }
  if (product.__typename === 'BundleProduct') {
    const selected = (product.items ?? []).flatMap((item) => {
      const options = [...(item.options ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
      const chosen = options.filter((o) => o.is_default);
      if (chosen.length) return chosen.map((o) => o.uid);
      return item.required && options[0] ? [options[0].uid] : [];
    });
    return { sku: product.sku, quantity, selected_options: selected };
  }
  return { sku: product.sku, quantity };
}

