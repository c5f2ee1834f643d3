import { toMajor } from '@ember/contracts';
import { bundlePriceRange, finalMinor, stockStatusOf, type ProductDoc } from './catalog.service.js';

/** Magento's base64 uids: opaque on the wire, derived from internal ids. */
export const encodeUid = (raw: string | number): string => Buffer.from(String(raw)).toString('base64');
export const decodeUid = (uid: string): string => Buffer.from(uid, 'base64').toString('utf8');

const TYPE_NAMES = {
  simple: 'SimpleProduct',
  virtual: 'VirtualProduct',
  configurable: 'ConfigurableProduct',
  bundle: 'BundleProduct',
} as const;

const ATTRIBUTE_IDS = { color: 93, flavor: 94 } as const;
const ATTRIBUTE_LABELS: Record<string, Record<'color' | 'flavor', string>> = {
  en: { color: 'Colour', flavor: 'Flavour' },
  de: { color: 'Farbe', flavor: 'Geschmack' },
};

/** The name of a configurable attribute (colour, flavour) in a store view's language. */
export function attributeLabel(code: string, language: string): string {
  const labels = ATTRIBUTE_LABELS[language] ?? ATTRIBUTE_LABELS.en!;
  return code === 'color' ? labels.color : labels.flavor;
}

export function money(minor: number, currency: string) {
  return { value: toMajor(minor, currency), currency };
}

export function productPrice(regular: number, final: number, currency: string) {
  const off = Math.max(0, regular - final);
  return {
    regular_price: money(regular, currency),
    final_price: money(final, currency),
    discount: {
      amount_off: toMajor(off, currency),
      percent_off: regular > 0 ? Math.round((off / regular) * 10_000) / 100 : 0,
    },
  };
}

function priceRange(p: ProductDoc) {
  if (p.type_id === 'bundle') {
    const extra = bundlePriceRange(p);
    return {
      minimum_price: productPrice(p.regular_minor + extra.min, finalMinor(p) + extra.min, p.currency),
      maximum_price: productPrice(p.regular_minor + extra.max, finalMinor(p) + extra.max, p.currency),
    };
  }
  const priced = p.type_id === 'configurable' && p.children.length ? p.children : [p];
  const sorted = [...priced].sort((a, b) => finalMinor(a) - finalMinor(b));
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  return {
    minimum_price: productPrice(min.regular_minor, finalMinor(min), p.currency),
    maximum_price: productPrice(max.regular_minor, finalMinor(max), p.currency),
  };
}

function image(p: ProductDoc) {
  const main = p.media.find((m) => m.is_main && !m.disabled) ?? p.media.find((m) => !m.disabled);
  return main ? { url: main.file, label: main.label ?? p.name, position: main.position, disabled: false } : null;
}

function optionValue(p: ProductDoc, code: 'color' | 'flavor') {
  return code === 'color'
    ? { code: p.color, label: p.color_label ?? p.color, index: p.color_value_index, hex: p.color_hex }
    : { code: p.flavor, label: p.flavor_label ?? p.flavor, index: p.flavor_value_index, hex: p.flavor_hex };
}

function configurableOptions(p: ProductDoc, language: string) {
  return p.configurable_attributes.map((code, position) => {
    const attributeId = ATTRIBUTE_IDS[code];
    const seen = new Map<number, ReturnType<typeof optionValue>>();
    for (const child of p.children) {
      const v = optionValue(child, code);
      if (v.index !== null && !seen.has(v.index)) seen.set(v.index, v);
    }
    const label = (ATTRIBUTE_LABELS[language] ?? ATTRIBUTE_LABELS.en!)[code];
    return {
      id: p.id * 100 + position,
      uid: encodeUid(`configurable/${p.id}/${attributeId}`),
      attribute_id: String(attributeId),
      attribute_uid: encodeUid(`catalog_product/${code}`),
      attribute_code: code,
      label,
      position,
      use_default: true,
      product_id: p.id,
      values: [...seen.values()].map((v) => ({
        value_index: v.index,
        uid: encodeUid(`configurable/${attributeId}/${v.index}`),
        label: v.label,
        default_label: v.label,
        store_label: v.label,
        use_default_value: true,
        swatch_data: v.hex ? { __typename: 'ColorSwatchData', value: v.hex } : null,
      })),
    };
  });
}

/**
 * Maps an assembled product to the Magento GraphQL shape. The result is memoised on the document,
 * which lives in the catalogue cache, so repeated reads of a hot product cost no mapping.
 */
export function toGraphQLProduct(p: ProductDoc, language: string): Record<string, unknown> {
  const memo = p as ProductDoc & { __gql?: Record<string, unknown> };
  if (memo.__gql) return memo.__gql;
  const img = image(p);
  const out: Record<string, unknown> = {
    __typename: TYPE_NAMES[p.type_id],
    id: p.id,
    uid: encodeUid(p.id),
    name: p.name,
    sku: p.sku,
    type_id: p.type_id,
    product_type: p.type_id.toUpperCase(),
    url_key: p.url_key,
    description: { html: p.description ?? '' },
    short_description: { html: p.short_description ?? '' },
    meta_title: p.meta_title ?? p.name,
    meta_description: p.meta_description,
    special_price: p.special_minor === null ? null : toMajor(p.special_minor, p.currency),
    image: img,
    small_image: img,
    thumbnail: img,
    media_gallery: p.media.map((m) => ({ __typename: 'ProductImage', url: m.file, label: m.label ?? p.name, position: m.position, disabled: m.disabled })),
    price_range: priceRange(p),
    price_tiers: p.tiers.map((t) => {
      const off = Math.max(0, p.regular_minor - t.price_minor);
      return {
        quantity: t.quantity,
        final_price: money(t.price_minor, p.currency),
        discount: { amount_off: toMajor(off, p.currency), percent_off: p.regular_minor ? Math.round((off / p.regular_minor) * 10_000) / 100 : 0 },
      };
    }),
    category_ids: p.category_ids,
    __related_ids: p.related_ids,
    stock_status: stockStatusOf(p),
    only_x_left_in_stock: p.stock_qty !== null && p.stock_qty > 0 && p.stock_qty <= 5 ? p.stock_qty : null,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
    weight: p.weight === null ? null : Number(p.weight),
    flavor: p.flavor,
    flavor_label: p.flavor_label,
    color: p.color,
    color_label: p.color_label,
    subtitle: p.subtitle,
    disclaimer: p.disclaimer,
    product_kind: p.kind,
    is_age_restricted: p.is_age_restricted,
    is_subscription: p.is_subscription,
    enable_order_quantity_limit: p.order_quantity_limit !== null,
    order_quantity_limit: p.order_quantity_limit,
    qty_increments: p.qty_increments,
    subscription_format: p.is_subscription ? p.subscription_format : null,
  };
  if (p.type_id === 'configurable') {
    out.configurable_options = configurableOptions(p, language);
    out.variants = p.children.map((child) => ({
      attributes: p.configurable_attributes.map((code) => {
        const v = optionValue(child, code);
        return { code, label: v.label, value_index: v.index, uid: encodeUid(`configurable/${ATTRIBUTE_IDS[code]}/${v.index}`) };
      }),
      product: toGraphQLProduct(child, language),
    }));
  }
  if (p.type_id === 'bundle') {
    Object.assign(out, { dynamic_price: false, dynamic_sku: false, price_view: 'PRICE_RANGE', ship_bundle_items: 'TOGETHER' });
    out.items = p.bundle_options.map((o) => ({
      option_id: o.id,
      uid: encodeUid(`bundle/${o.id}`),
      title: o.title,
      required: o.required,
      type: o.type,
      position: o.position,
      sku: p.sku,
      price_range: out.price_range,
      options: o.selections.map((s) => ({
        id: s.id,
        uid: encodeUid(`bundle/${o.id}/${s.id}/${s.quantity}`),
        label: s.product.name,
        quantity: s.quantity,
        position: s.position,
        is_default: s.is_default,
        price: toMajor(s.price_minor, p.currency),
        price_type: 'FIXED',
        can_change_quantity: s.can_change_quantity,
        product: toGraphQLProduct(s.product, language),
      })),
    }));
  }
  memo.__gql = out;
  return out;
}

export { finalMinor };
