import type { CartItemInput } from '../api/cart.api';
import type { ProductDetail, Variant } from '../api/catalog.api';
import { initialBundleChoice, type BundleChoice } from '../catalog/bundle-choice';

type VariantProduct = NonNullable<Variant['product']>;

/**
 * What "Add to cart" sends for the product as chosen: a configurable product's chosen variant
 * with its parent, a bundle with the options the shopper chose (Magento's bundle option uids;
 * without a choice, the defaults the page opens with), anything else by SKU.
 */
export function cartItemFor(product: ProductDetail, variant: VariantProduct | null, quantity: number, bundle?: BundleChoice): CartItemInput | null {
  if (!product.sku) return null;
  if (product.__typename === 'ConfigurableProduct') {
    return variant?.sku ? { sku: variant.sku, parent_sku: product.sku, quantity } : null;
  }
  if (product.__typename === 'BundleProduct') {
    const choice = bundle ?? initialBundleChoice(product);
    const selected = [...(product.items ?? [])]
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .flatMap((item) => (item.uid ? choice[item.uid] ?? [] : []));
    return { sku: product.sku, quantity, selected_options: selected };
  }
  return { sku: product.sku, quantity };
}

