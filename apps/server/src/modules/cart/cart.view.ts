import { toMajor } from '@ember/contracts';
import { phrase, render } from '../../platform/messages.js';
import type { StoreView } from '../store/store.service.js';
import type { CategoryRow } from '../catalog/catalog.store.js';
import { encodeUid, money, toGraphQLProduct } from '../catalog/catalog.mapper.js';
import { stockStatusOf } from '../catalog/catalog.service.js';
import { paymentMethodsFor } from '../payments/payments.methods.js';
import type { PricedShippingMethod } from '../checkout/checkout.service.js';
import { EXTRA_ADDRESS_FIELDS } from '../checkout/checkout.service.js';
import type { PickupStoreRow } from '../checkout/checkout.store.js';
import { taxOf } from './cart.pricing.js';
import { freeGiftsFor, offersFor } from './cart.promotions.js';
import { deliveryFrequency, frequenciesOf, isSubscriptionLine, isTradeInLine, lineHasDevice, salesStep } from './cart.rules.js';
import type { ComputedCart, ComputedLine } from './cart.service.js';
import type { CartAddressRow } from './cart.store.js';

const ATTRIBUTE_IDS = { color: 93, flavor: 94 } as const;

function itemTypename(l: ComputedLine): string {
  if (l.product.type_id === 'bundle') return 'BundleCartItem';
  if (l.parent) return 'ConfigurableCartItem';
  return l.product.type_id === 'virtual' ? 'VirtualCartItem' : 'SimpleCartItem';
}

/** Not schema fields: what the item's `points` and `rules` look up once the cart's transaction is over (cart.points.ts). */
export interface PointsLookup {
  /** The sold product's sku, then its configurable parent's. */
  skus: string[];
  /** Every sku of the cart, looked up together. */
  cart: string[];
  /** Gifts earn nothing. */
  paid: boolean;
}

function lineView(c: ComputedCart, l: ComputedLine, categories: CategoryRow[], cartSkus: string[]) {
  const cur = c.currency;
  const rate = c.tax.rate_bp;
  const row = c.totals.rows.get(l.key)!;
  const display = l.parent ?? l.product;
  const product = toGraphQLProduct(display, c.store.language);
  const exclUnit = l.unit_price - taxOf(l.unit_price, rate);
  const discountAmount = row.row_discount;
  const cats = display.category_ids
    .map((id) => categories.find((x) => x.id === id))
    .filter((x): x is CategoryRow => !!x)
    .map((x) => ({ uid: encodeUid(x.id), id: x.id, name: x.name, store_locator_name: x.store_locator_name }));
  const limitSource = l.parent?.order_quantity_limit != null ? l.parent : l.product;
  const subscription = isSubscriptionLine(l);
  // The frequency the subscription its order starts will have (docs/decisions/0059).
  const weeks = subscription ? deliveryFrequency(l, l.row.subscription_frequency_weeks, c.inputs.subscriptionFrequencies) : null;
  const pointsLookup: PointsLookup = { skus: [l.product.sku, ...(l.parent ? [l.parent.sku] : [])], cart: cartSkus, paid: !l.is_gift };
  return {
    __typename: itemTypename(l),
    id: l.key,
    uid: encodeUid(l.key),
    quantity: l.quantity,
    is_available: l.errors.length === 0,
    product,
    errors: l.errors,
    prices: {
      price: money(exclUnit, cur),
      price_including_tax: money(l.unit_price, cur),
      row_total: money(row.row_total - row.row_tax, cur),
      row_total_including_tax: money(row.row_total, cur),
      total_item_discount: money(discountAmount, cur),
      discounts: discountAmount > 0
        ? c.totals.discounts.map((d) => ({ amount: money(discountAmount, cur), applied_to: 'ITEM', label: d.label, coupon_code: d.coupon_code, coupon: d.coupon_code ? { code: d.coupon_code } : null })).slice(0, 1)
        : [],
    },
    status: stockStatusOf(l.product),
    is_gift: l.is_gift,
    parent_gift_sku: l.parent_gift_sku,
    enable_order_quantity_limit: limitSource.order_quantity_limit !== null,
    order_quantity_limit: limitSource.order_quantity_limit,
    qty_increments: salesStep(l),
    tradeIn: isTradeInLine(l),
    subscription,
    subscription_format: subscription ? (weeks ? render(phrase(weeks === 1 ? 'cart.everyWeek' : 'cart.everyWeeks', { count: weeks }), c.store) : l.product.subscription_format ?? l.parent?.subscription_format ?? null) : null,
    subscription_frequency_weeks: weeks,
    subscription_frequencies_weeks: subscription ? frequenciesOf(l, c.inputs.subscriptionFrequencies)?.frequencies_weeks ?? null : null,
    hasDevice: lineHasDevice(l),
    points_lookup: pointsLookup,
    flavor: l.product.flavor,
    flavor_label: l.product.flavor_label,
    color_label: l.product.color_label,
    subtitle: display.subtitle,
    categories: cats,
    configured_variant: l.parent ? toGraphQLProduct(l.product, c.store.language) : null,
    configurable_options: l.parent
      ? l.parent.configurable_attributes.map((code) => {
        const index = code === 'color' ? l.product.color_value_index : l.product.flavor_value_index;
        return {
          id: ATTRIBUTE_IDS[code],
          configurable_product_option_uid: encodeUid(`configurable/${l.parent!.id}/${ATTRIBUTE_IDS[code]}`),
          option_label: code === 'color' ? (c.store.language === 'de' ? 'Farbe' : 'Colour') : (c.store.language === 'de' ? 'Geschmack' : 'Flavour'),
          value_id: index,
          configurable_product_option_value_uid: encodeUid(`configurable/${ATTRIBUTE_IDS[code]}/${index}`),
          value_label: code === 'color' ? l.product.color_label ?? l.product.color : l.product.flavor_label ?? l.product.flavor,
        };
      })
      : [],
    bundle_options: groupBundle(l),
    free_gifts: freeGiftsFor(c.store, l, c.lines, c.promotions, c.giftDocs, c.store.language),
    promotionalOffers: offersFor(c.store, l, c.lines, c.promotions, c.store.language),
  };
}

function groupBundle(l: ComputedLine) {
  const out: { id: number; uid: string; label: string; type: string; values: { id: number; uid: string; label: string; quantity: number; price: number }[] }[] = [];
  for (const b of l.bundle) {
    let o = out.find((x) => x.id === b.option.id);
    if (!o) {
      o = { id: b.option.id, uid: encodeUid(`bundle/${b.option.id}`), label: b.option.title, type: b.option.type, values: [] };
      out.push(o);
    }
    o.values.push({ id: b.selection.id, uid: encodeUid(`bundle/${b.option.id}/${b.selection.id}/${b.quantity}`), label: b.selection.product.name, quantity: b.quantity, price: toMajor(b.selection.price_minor, l.product.currency) });
  }
  return out;
}

function methodView(m: PricedShippingMethod, currency: string, rate: number) {
  return {
    carrier_code: m.row.carrier_code,
    carrier_title: m.row.carrier_title,
    method_code: m.row.method_code,
    method_title: m.row.method_title,
    description: m.row.description,
    disable_for_subscription: m.row.disable_for_subscription,
    error_message: m.error_message,
    amount: money(m.amount, currency),
    base_amount: money(m.amount, currency),
    price_incl_tax: money(m.amount, currency),
    price_excl_tax: money(m.amount - taxOf(m.amount, rate), currency),
    available: m.available,
  };
}

function addressView(a: CartAddressRow, countries: Map<string, string>, pickup: PickupStoreRow | null) {
  const extra = Object.fromEntries(EXTRA_ADDRESS_FIELDS.map((f) => [f, a.extra[f] ?? null]));
  return {
    uid: encodeUid(`${a.kind}`),
    firstname: a.firstname,
    lastname: a.lastname,
    company: a.company,
    street: a.street,
    city: a.city,
    region: a.region ? { code: null, label: a.region, region_id: null } : null,
    postcode: a.postcode,
    country: { code: a.country_code, label: countries.get(a.country_code) ?? a.country_code },
    telephone: a.telephone,
    customer_address_id: a.customer_address_id,
    save_in_address_book: a.save_in_address_book,
    pickup_location_code: a.pickup_location_code,
    is_pickup_address: a.pickup_location_code !== null,
    pickup_information: pickup
      ? { store_id: pickup.code, name: pickup.name, street: pickup.street, city: pickup.city, postcode: pickup.postcode, country_code: pickup.country_code, telephone: pickup.telephone, description: pickup.description }
      : null,
    ...extra,
  };
}

/** The Magento `Cart` for a computed cart. */
export function cartView(c: ComputedCart, ctx: { categories: CategoryRow[]; countries: Map<string, string>; store: StoreView }) {
  const cur = c.currency;
  const t = c.totals;
  const cartSkus = [...new Set(c.lines.flatMap((l) => [l.product.sku, ...(l.parent ? [l.parent.sku] : [])]))];
  const items = c.lines.map((l) => lineView(c, l, ctx.categories, cartSkus));
  const coupons = c.rules.map((r) => ({ code: r.code, label: r.label }));
  const selected = c.selectedMethod ? methodView(c.selectedMethod, cur, c.tax.rate_bp) : null;
  // A subscription's deliveries are charged to a card saved at checkout: only methods that can save one are offered.
  const payment = paymentMethodsFor(c.store.code, c.store.language).filter((m) => !c.savesCard || m.tokenizable);
  const chosen = payment.find((m) => m.code === c.cart.payment_method_code);
  const zero = money(0, cur);
  return {
    id: c.cart.masked_id,
    email: c.cart.email,
    /** Not a schema field: lets Cart.email answer a customer's account e-mail. */
    customer_uuid: c.cart.customer_uuid,
    is_virtual: c.isVirtual,
    total_quantity: c.lines.reduce((s, l) => s + l.quantity, 0),
    items,
    applied_coupon: coupons[0] ?? null,
    applied_coupons: coupons.length ? coupons : null,
    can_apply_coupons: c.cart.status === 'active' && c.lines.some((l) => !l.is_gift),
    // A trial store view's cart with the kit: the buyer may have the trial (signed in, none before, spec §4).
    is_trial_eligible: c.trial?.eligible === true,
    applied_campaign: c.campaign
      ? { loyalty_discount_uuid: c.campaign.campaign_uuid, loyalty_discount_points: c.campaign.loyalty_discount_points, loyalty_discount_amount: money(c.campaign.loyalty_discount_amount, cur) }
      : null,
    available_payment_methods: payment.map((m) => ({ code: m.code, title: m.title, is_deferred: false })),
    selected_payment_method: chosen ? { code: chosen.code, title: chosen.title, purchase_order_number: null } : { code: '', title: '', purchase_order_number: null },
    shipping_addresses: c.shipping
      ? [{
        ...addressView(c.shipping, ctx.countries, c.pickupStore),
        available_shipping_methods: c.methods.map((m) => methodView(m, cur, c.tax.rate_bp)),
        selected_shipping_method: selected,
      }]
      : [],
    billing_address: c.billing ? addressView(c.billing, ctx.countries, null) : null,
    prices: {
      grand_total: money(t.grand_total, cur),
      subtotal_including_tax: money(t.subtotal_incl_tax, cur),
      subtotal_excluding_tax: money(t.subtotal_excl_tax, cur),
      subtotal_with_discount_excluding_tax: money(t.subtotal_with_discount_excl_tax, cur),
      applied_taxes: t.tax_total > 0 ? [{ label: c.tax.title, amount: money(t.tax_total, cur) }] : [],
      discount: t.discount_total > 0 ? { amount: money(t.discount_total, cur), label: t.discounts.map((d) => d.label) } : null,
      discounts: t.discounts.map((d) => ({ amount: money(d.amount, cur), applied_to: 'ITEM', label: d.label, coupon_code: d.coupon_code, coupon: d.coupon_code ? { code: d.coupon_code } : null })),
      shipping: money(t.shipping_incl_tax, cur),
      minimum_payable_amount: money(t.grand_total, cur),
      // What each delivery of the cart's subscription costs (its lines, VAT included): charged again every period.
      subscription_amount: money(c.lines.filter(isSubscriptionLine).reduce((sum, l) => sum + (t.rows.get(l.key)?.row_total ?? 0), 0), cur),
      // Charged to the saved card when the trial ends and the device is kept; with today's total, what the trial costs in all.
      total_after_trial: money(c.trial?.totalAfterTrial ?? 0, cur),
      total_including_trial: c.trial ? money(t.grand_total + c.trial.totalAfterTrial, cur) : zero,
    },
  };
}
