import type { ConfigurableOption, MediaItem, ProductDetail, Variant } from './api/catalog.api';

/** Chosen value per configurable attribute: attribute code → option value uid. */
export type Selection = Record<string, string>;

type VariantProduct = NonNullable<Variant['product']>;

function options(product: ProductDetail): ConfigurableOption[] {
  return [...(product.configurable_options ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
}

function valueOf(variant: Variant, code: string): string | null {
  return variant.attributes?.find((a) => a.code === code)?.uid ?? null;
}

/** The attribute's option code as the URL shows it (`slate`), from the variant's own field. */
function urlValueOf(variant: Variant, code: string): string | null {
  const p = variant.product;
  if (!p) return null;
  if (code === 'color') return p.color;
  if (code === 'flavor') return p.flavor;
  return valueOf(variant, code);
}

export function configurableOptions(product: ProductDetail): ConfigurableOption[] {
  return options(product).filter((o) => o.attribute_code && o.values?.length);
}

/** The variant matching every chosen attribute, if all are chosen. */
export function findVariant(product: ProductDetail, selection: Selection): Variant | undefined {
  const codes = configurableOptions(product).map((o) => o.attribute_code as string);
  if (!codes.length || codes.some((c) => selection[c] === undefined)) return undefined;
  return product.variants?.find((v) => v.product && codes.every((c) => valueOf(v, c) === selection[c]));
}

function selectionOf(product: ProductDetail, variant: Variant): Selection {
  const selection: Selection = {};
  for (const o of configurableOptions(product)) {
    const value = valueOf(variant, o.attribute_code as string);
    if (value !== null) selection[o.attribute_code as string] = value;
  }
  return selection;
}

/**
 * The selection a page opens with: the one in the URL (`?color=sage`) when it names a variant,
 * otherwise the first variant in stock, otherwise the first variant.
 */
export function initialSelection(product: ProductDetail, search: URLSearchParams): Selection {
  const variants = (product.variants ?? []).filter((v) => v.product);
  const codes = configurableOptions(product).map((o) => o.attribute_code as string);
  if (!codes.length || !variants.length) return {};
  const fromUrl = variants.find((v) => codes.every((c) => search.get(c) !== null && urlValueOf(v, c) === search.get(c)));
  const chosen = fromUrl ?? variants.find((v) => v.product?.stock_status === 'IN_STOCK') ?? variants[0];
  return chosen ? selectionOf(product, chosen) : {};
}

/** Search parameters that reproduce a selection, for a shareable URL. */
export function selectionToSearch(product: ProductDetail, selection: Selection): Record<string, string> {
  const variant = findVariant(product, selection);
  if (!variant) return {};
  const params: Record<string, string> = {};
  for (const code of Object.keys(selection)) {
    const value = urlValueOf(variant, code);
    if (value) params[code] = value;
  }
  return params;
}

/** The variant a value would lead to, holding the other chosen attributes. */
export function variantFor(product: ProductDetail, selection: Selection, code: string, valueUid: string): VariantProduct | null {
  return findVariant(product, { ...selection, [code]: valueUid })?.product ?? null;
}

export function sortedMedia(media: MediaItem[] | null | undefined): MediaItem[] {
  return [...(media ?? [])].filter((m) => m.url).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
}

const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

/** A swatch colour that is safe to put into a style; anything else falls back to text swatches. */
export function swatchColour(value: string | null | undefined): string | null {
  return value && HEX.test(value) ? value : null;
}
