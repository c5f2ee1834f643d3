import { CART_USER_ERRORS, type CartItemErrorCode } from '@ember/contracts';
import { phrase, render, said, type Phrase } from '../../platform/messages.js';
import type { StoreView } from '../store/store.service.js';
import type { ProductDoc } from '../catalog/catalog.service.js';
import { priceShippingMethods, type PricedShippingMethod } from '../checkout/checkout.service.js';
import type { PickupStoreRow, ShippingMethodRow } from '../checkout/checkout.store.js';
import { cartProblems, unitPrice, type Line, type Problem } from './cart.lines.js';
import { finalMinor } from '../catalog/catalog.service.js';
import { computeTotals, type RuleForPricing, type Totals } from './cart.pricing.js';
import { isGiftPromotion } from './cart.promotions.js';
import { isTradeInLine, isTrialKitLine, type CartBuyer, type SubscriptionFrequencies } from './cart.rules.js';
import type { BundleSelectionRef, CartAddressRow, CartRow, CartRuleRow, PromotionRow } from './cart.store.js';

/**
 * The cart priced by one pure function (docs/decisions/0036). `loadPricingInputs` (cart.inputs.ts)
 * reads everything a price depends on once per transaction; `priceCart(inputs, lines)` turns plain
 * lines into totals and per-line problems without any I/O, so an addition, a change, a coupon, a
 * campaign, placeOrder, and lines that are in no cart (a renewal, a trial order) are priced alike.
 */

/** A line to price: what it sells and how many; `key` is the caller's name for it (a cart line's id). */
export interface PricingLine {
  key: string;
  product_id: number;
  parent_product_id: number | null;
  sku: string;
  quantity: number;
  is_gift: boolean;
  parent_gift_sku: string | null;
  bundle_selections: BundleSelectionRef[];
  /** A subscription line's delivery frequency as chosen (weeks); absent or null: the plan's default. It prices nothing. */
  subscription_frequency_weeks?: number | null;
}

/** The loyalty campaign applied to a customer's cart, priced as a fixed discount after the coupons. */
export interface AppliedCampaign {
  campaign_uuid: string;
  name: string;
  loyalty_discount_points: number;
  loyalty_discount_amount: number;
  currency: string;
}

/** Everything a price depends on beyond its lines, read once (cart.inputs.ts). */
export interface PricingInputs {
  store: StoreView;
  /** The moment the prices hold for (coupon date ranges). */
  now: number;
  cart: CartRow;
  /** The cart's own lines, as read. */
  lines: PricingLine[];
  /** Products as sold now, by id and by sku (configurable children and the promotions' gifts included). */
  products: { byId: Map<number, ProductDoc>; bySku: Map<string, ProductDoc> };
  promotions: PromotionRow[];
  /** The rules of the applied coupons, in the order they were applied. */
  rules: CartRuleRow[];
  /** Times the buyer used each limited rule (by rule id); null when the buyer is not known yet (a guest without e-mail). */
  customerUses: Map<number, number> | null;
  campaign: AppliedCampaign | null;
  tax: { title: string; rate_bp: number };
  shipping: CartAddressRow | null;
  billing: CartAddressRow | null;
  /** The store view's pick-up stores and shipping methods (read when the cart has a delivery address). */
  pickupStores: PickupStoreRow[];
  shippingMethods: ShippingMethodRow[];
  buyer: CartBuyer;
  /** The frequencies the plans offer, by subscription product sku: read for a shopper's cart with a subscription product in play. */
  subscriptionFrequencies?: ReadonlyMap<string, SubscriptionFrequencies>;
}

export interface ComputedLine extends Line {
  row: PricingLine;
  unit_price: number;
  errors: { code: CartItemErrorCode; message: string; phrase?: Phrase | null }[];
}

/** Why a coupon cannot be used on a cart (the storefront words each). */
export type CouponRefusal = 'NOT_VALID' | 'USED_UP' | 'ALREADY_USED' | 'MIN_SUBTOTAL' | 'TOO_MANY';

/** A priced cart: lines with their errors, coupons, campaign, totals, addresses and shipping. */
export interface ComputedCart {
  cart: CartRow;
  /** What the cart was priced from, so a change can be priced again without reading anything. */
  inputs: PricingInputs;
  campaign: AppliedCampaign | null;
  store: StoreView;
  currency: string;
  lines: ComputedLine[];
  /** Lines whose product is no longer sold in the store view. */
  missing: PricingLine[];
  problems: Problem[];
  /** The promotions running in the store view, and the gift products they offer (by sku). */
  promotions: PromotionRow[];
  giftDocs: Map<string, ProductDoc>;
  /** The applied coupons' rules still valid for the cart. */
  rules: CartRuleRow[];
  ruleProblems: { code: string; message: string; phrase: Phrase }[];
  totals: Totals;
  tax: { title: string; rate_bp: number };
  shipping: CartAddressRow | null;
  billing: CartAddressRow | null;
  pickupStore: PickupStoreRow | null;
  methods: PricedShippingMethod[];
  selectedMethod: PricedShippingMethod | null;
  hasSubscription: boolean;
  /**
   * A trial store view's cart with the kit, priced for its buyer (docs/decisions/0057): whether they may
   * have the trial, and what keeping the kits costs after it (`total_after_trial`); null otherwise.
   */
  trial: { eligible: boolean; totalAfterTrial: number } | null;
  /** Paid with a card the provider keeps for later charges (a subscription's deliveries, a kept trial device). */
  savesCard: boolean;
  isVirtual: boolean;
}

/** A line with the products it sells, or null when one of them is no longer sold. */
export function toLine(l: PricingLine, products: PricingInputs['products']): Line | null {
  const product = products.byId.get(l.product_id);
  const parent = l.parent_product_id ? products.byId.get(l.parent_product_id) ?? null : null;
  if (!product || (l.parent_product_id && !parent)) return null;
  const bundle: Line['bundle'] = [];
  for (const ref of l.bundle_selections) {
    const option = product.bundle_options.find((o) => o.id === ref.option_id);
    const selection = option?.selections.find((s) => s.id === ref.selection_id);
    if (!option || !selection) return null;
    bundle.push({ option, selection, quantity: ref.quantity });
  }
  return { key: l.key, sku: l.sku, quantity: l.quantity, is_gift: l.is_gift, parent_gift_sku: l.parent_gift_sku, product, parent, bundle };
}

/** The key per-customer coupon limits count under: the customer, or a guest's e-mail. */
export function customerKey(cart: Pick<CartRow, 'customer_uuid' | 'email'>): string | null {
  return cart.customer_uuid ?? (cart.email ? `email:${cart.email}` : null);
}

/**
 * Why a rule may not be used on a cart whose item subtotal is `subtotal`, as a code and the phrase
 * the client shows; null when it may. `uses` are the buyer's uses by rule id (null: buyer unknown).
 */
export function couponRefusal(
  rule: CartRuleRow, at: { storeCode: string; now: number; subtotal: number; currency: string; uses: Map<number, number> | null },
): { reason: CouponRefusal; phrase: Phrase } | null {
  const invalid = { reason: 'NOT_VALID' as const, phrase: phrase('coupon.invalid', { code: rule.code }) };
  if (!rule.is_active || (rule.store_code !== null && rule.store_code !== at.storeCode)) return invalid;
  if ((rule.from_at && rule.from_at.getTime() > at.now) || (rule.to_at && rule.to_at.getTime() <= at.now)) return invalid;
  if (rule.uses_per_coupon !== null && rule.times_used >= rule.uses_per_coupon) return { reason: 'USED_UP', phrase: phrase('coupon.usedUp', { code: rule.code }) };
  if (rule.uses_per_customer !== null && at.uses && (at.uses.get(rule.id) ?? 0) >= rule.uses_per_customer) {
    return { reason: 'ALREADY_USED', phrase: phrase('coupon.alreadyUsed', { code: rule.code }) };
  }
  if (at.subtotal < rule.min_subtotal_minor) {
    return { reason: 'MIN_SUBTOTAL', phrase: phrase('coupon.minSubtotal', { code: rule.code, amount: { minor: rule.min_subtotal_minor, currency: at.currency } }) };
  }
  return null;
}

/** The gift products the running promotions offer. */
export function giftSkusOf(promotions: PromotionRow[]): string[] {
  return [...new Set(promotions.filter(isGiftPromotion).flatMap((p) => p.skus))];
}

/** Prices `lines` with `inputs`: pure, no I/O; the same inputs and lines always give the same cart. */
export function priceCart(inputs: PricingInputs, lines: PricingLine[]): ComputedCart {
  const { store, cart, promotions, tax, shipping, billing } = inputs;
  const giftDocs = new Map(giftSkusOf(promotions).flatMap((sku) => {
    const d = inputs.products.bySku.get(sku);
    return d ? [[sku, d] as const] : [];
  }));
  const priced: ComputedLine[] = [];
  const missing: PricingLine[] = [];
  for (const row of lines) {
    const l = toLine(row, inputs.products);
    if (!l) missing.push(row);
    else priced.push({ ...l, row, unit_price: unitPrice(l), errors: [] });
  }
  const problems = cartProblems(store, priced, promotions, inputs.buyer);
  for (const p of problems) {
    for (const l of priced.filter((x) => p.keys.includes(x.key))) l.errors.push({ code: CART_USER_ERRORS[p.code].item, message: p.message, phrase: p.phrase });
  }
  const currency = store.base_currency_code;
  const subtotal = priced.reduce((s, l) => s + l.unit_price * l.quantity, 0);
  const valid: CartRuleRow[] = [];
  const ruleProblems: ComputedCart['ruleProblems'] = [];
  for (const r of inputs.rules) {
    const refusal = couponRefusal(r, { storeCode: cart.store_code, now: inputs.now, subtotal, currency, uses: inputs.customerUses });
    if (refusal) ruleProblems.push({ code: r.code, ...said(refusal.phrase) });
    else valid.push(r);
  }
  const pricedLines = priced.map((l) => ({ key: l.key, unit_price: l.unit_price, quantity: l.quantity, is_gift: l.is_gift }));
  const campaign = inputs.campaign && inputs.campaign.currency === currency ? inputs.campaign : null;
  // The campaign's discount comes after the coupons; its empty code marks it as no coupon.
  const pricing: RuleForPricing[] = campaign
    ? [...valid, { code: '', label: campaign.name, discount_type: 'fixed' as const, discount_value: campaign.loyalty_discount_amount }]
    : [...valid];
  // A trade-in the cart may hold gives its product's price as a credit, after every other discount.
  const credit = tradeInCredit(priced);
  if (credit > 0) {
    pricing.push({ code: '', label: render(phrase('cart.tradeInCredit'), { language: store.language, locale: store.locale }), discount_type: 'fixed', discount_value: credit });
  }
  const noShipping = computeTotals(pricedLines, pricing, 0, tax.rate_bp);
  const hasSubscription = priced.some((l) => l.product.is_subscription);
  const kits = priced.filter(isTrialKitLine);
  const trialFacts = inputs.buyer.trial;
  const trial = trialFacts && kits.length
    ? { eligible: trialFacts.eligible, totalAfterTrial: kits.reduce((sum, l) => sum + l.quantity * trialFacts.amountAfterTrial, 0) }
    : null;
  const isVirtual = priced.length > 0 && priced.every((l) => l.product.type_id === 'virtual');
  const pickupStore = shipping?.pickup_location_code ? inputs.pickupStores.find((s) => s.code === shipping.pickup_location_code) ?? null : null;
  const methods = shipping
    ? priceShippingMethods(inputs.shippingMethods, { pickup: shipping.pickup_location_code !== null, itemsAfterDiscount: noShipping.grand_total, hasSubscription })
    : [];
  const selectedMethod = methods.find(
    (m) => m.available && m.row.carrier_code === cart.shipping_carrier_code && m.row.method_code === cart.shipping_method_code,
  ) ?? null;
  const totals = selectedMethod ? computeTotals(pricedLines, pricing, selectedMethod.amount, tax.rate_bp) : noShipping;
  return {
    cart, inputs, campaign, store, currency, lines: priced, missing, problems, promotions, giftDocs, rules: valid, ruleProblems, totals, tax,
    shipping, billing, pickupStore, methods, selectedMethod, hasSubscription, trial, savesCard: hasSubscription || trial !== null, isVirtual,
  };
}

/** The credit of the cart's trade-in lines that have no problem (one, by the cart's rules). */
export function tradeInCredit(lines: ComputedLine[]): number {
  return lines.filter((l) => isTradeInLine(l) && !l.errors.length).reduce((s, l) => s + finalMinor(l.parent?.kind === 'trade_in' ? l.parent : l.product) * l.quantity, 0);
}

/**
 * The problem a change brings, judged by pricing the lines before and after it: one the change
 * created, or one it made bigger (more units involved than before); null when it brings none.
 */
export function problemBrought(before: ComputedCart, after: ComputedCart): Problem | null {
  const units = (c: ComputedCart, keys: string[]) => c.lines.filter((l) => keys.includes(l.key)).reduce((s, l) => s + l.quantity, 0);
  return after.problems.find((p) => {
    const prev = before.problems.find((b) => b.code === p.code && b.message === p.message);
    return !prev || units(after, p.keys) > units(before, prev.keys);
  }) ?? null;
}

/** The free gifts left without a paid line of their parent product (also a configurable parent). */
export function orphanGifts(c: ComputedCart): ComputedLine[] {
  const paid = c.lines.filter((l) => !l.is_gift);
  return c.lines.filter((g) => g.is_gift && !paid.some((l) => l.sku === g.parent_gift_sku || l.parent?.sku === g.parent_gift_sku));
}

/** Whether the campaign's discount is above what the items cost after the coupons (it may not be). */
export function campaignAboveItems(c: ComputedCart, campaign: Pick<AppliedCampaign, 'loyalty_discount_amount'>): boolean {
  const items = c.totals.subtotal_incl_tax - c.totals.discounts.filter((d) => d.coupon_code).reduce((s, d) => s + d.amount, 0);
  return items < campaign.loyalty_discount_amount;
}
