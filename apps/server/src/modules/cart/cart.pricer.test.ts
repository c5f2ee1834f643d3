import { describe, expect, it } from 'vitest';
import type { ProductDoc } from '../catalog/catalog.service.js';
import type { ShippingMethodRow } from '../checkout/checkout.store.js';
import type { StoreView } from '../store/store.service.js';
import { candidateLines, resolveAdd } from './cart.add.js';
import { product } from './cart.line-fixtures.js';
import { campaignAboveItems, orphanGifts, priceCart, problemBrought, type PricingInputs, type PricingLine } from './cart.pricer.js';
import type { CartAddressRow, CartRuleRow, PromotionRow } from './cart.store.js';

/** priceCart on plain inputs and lines: no database, no clock (spec §5 cart rules, decision 0036). */

const STORE = {
  code: 'gb', language: 'en', base_currency_code: 'GBP', is_order_limit_enabled: true, order_limit_value: 20, cartons_limit_value: 8,
  is_free_gifts_enabled: true, gift_basket_quantity_limitation: 2,
} as StoreView;

const NOW = Date.parse('2026-06-01T12:00:00Z');

function priced(id: number, over: Partial<ProductDoc> = {}): ProductDoc {
  return product(id, { regular_minor: 1000, special_minor: null, tiers: [], children: [], ...over } as Partial<ProductDoc>);
}

function inputs(products: ProductDoc[], over: Partial<PricingInputs> = {}): PricingInputs {
  return {
    store: STORE, now: NOW,
    cart: { id: '1', masked_id: 'm', store_code: 'gb', customer_uuid: 'c-1', status: 'active', email: null, shipping_carrier_code: null, shipping_method_code: null, payment_method_code: null, agreement_ids: [], purpose: 'shop' },
    lines: [], products: { byId: new Map(products.map((p) => [p.id, p])), bySku: new Map(products.map((p) => [p.sku, p])) },
    promotions: [], rules: [], customerUses: new Map(), campaign: null, tax: { title: 'VAT', rate_bp: 2000 },
    shipping: null, billing: null, pickupStores: [], shippingMethods: [], buyer: { isGuest: false, hasOngoingSubscription: false },
    ...over,
  };
}

function line(key: string, p: ProductDoc, quantity: number, over: Partial<PricingLine> = {}): PricingLine {
  return { key, product_id: p.id, parent_product_id: null, sku: p.sku, quantity, is_gift: false, parent_gift_sku: null, bundle_selections: [], ...over };
}

const codes = (c: ReturnType<typeof priceCart>) => c.problems.map((p) => p.code);

function rule(id: number, over: Partial<CartRuleRow> = {}): CartRuleRow {
  return {
    id, code: `CODE${id}`, label: `Rule ${id}`, discount_type: 'percent', discount_value: 1000, store_code: null, min_subtotal_minor: 0,
    from_at: null, to_at: null, uses_per_coupon: null, uses_per_customer: null, times_used: 0, is_active: true, ...over,
  };
}

function promotion(over: Partial<PromotionRow>): PromotionRow {
  return { id: 1, code: 'PROMO', store_code: 'gb', type: 'free_gift_fixed', trigger_skus: [], min_qty: 0, min_subtotal_minor: 0, skus: [], allowed_qty: 1, texts: {}, ...over };
}

describe('priceCart: totals', () => {
  it('prices lines with tax included, tiers by quantity, and costs nothing for a gift', () => {
    const a = priced(1, { tiers: [{ quantity: 3, price_minor: 800 }] } as Partial<ProductDoc>);
    const c = priceCart(inputs([a]), [line('1', a, 3)]);
    expect(c.lines[0]!.unit_price).toBe(800);
    expect(c.totals.subtotal_incl_tax).toBe(2400);
    expect(c.totals.tax_total).toBe(400);
    expect(c.totals.grand_total).toBe(2400);
    expect(c.problems).toEqual([]);
  });

  it('prices lines that are in no cart, and leaves a line whose product is not sold out of the totals', () => {
    const a = priced(1);
    const c = priceCart(inputs([a]), [line('renewal', a, 1), line('gone', priced(99), 1)]);
    expect(c.lines.map((l) => l.key)).toEqual(['renewal']);
    expect(c.missing.map((l) => l.key)).toEqual(['gone']);
    expect(c.totals.grand_total).toBe(1000);
  });

  it('is pure: the same inputs and lines give the same cart, and the inputs are left as they were', () => {
    const a = priced(1);
    const given = inputs([a], { rules: [rule(1)] });
    const lines = [line('1', a, 2)];
    const snapshot = JSON.stringify({ ...given, products: [...given.products.byId.keys()] });
    expect(priceCart(given, lines).totals).toEqual(priceCart(given, lines).totals);
    expect(JSON.stringify({ ...given, products: [...given.products.byId.keys()] })).toBe(snapshot);
    expect(lines[0]!.quantity).toBe(2);
  });

  it('prices a kit as its own price plus its chosen selections times their quantities', () => {
    const part = priced(2);
    const kit = priced(1, {
      type_id: 'bundle', regular_minor: 500,
      bundle_options: [{ id: 7, title: 'Pods', required: true, type: 'select', selections: [{ id: 70, product: part, quantity: 1, can_change_quantity: true, price_minor: 300 }] }],
    } as Partial<ProductDoc>);
    const c = priceCart(inputs([kit, part]), [line('1', kit, 2, { bundle_selections: [{ option_id: 7, selection_id: 70, quantity: 2 }] })]);
    expect(c.lines[0]!.unit_price).toBe(1100);
    expect(c.totals.subtotal_incl_tax).toBe(2200);
  });
});

describe('priceCart: quantity limits, sales steps and cartons (spec §5)', () => {
  it('flags stock, the product order quantity limit and the store order limit', () => {
    expect(codes(priceCart(inputs([]), []))).toEqual([]);
    const low = priced(1, { stock_qty: 1 });
    expect(codes(priceCart(inputs([low]), [line('1', low, 2)]))).toEqual(['INSUFFICIENT_STOCK']);
    const limited = priced(2, { order_quantity_limit: 2 });
    const c = priceCart(inputs([limited]), [line('1', limited, 3)]);
    expect(codes(c)).toEqual(['ITEM_QTY']);
    expect(c.lines[0]!.errors.map((e) => e.code)).toEqual(['ITEM_QTY']);
    const plain = priced(3);
    expect(codes(priceCart(inputs([plain]), [line('1', plain, 21)]))).toEqual(['ITEM_QTY']);
  });

  it('reads stock problems as ITEM_QTY on the item, as Magento does', () => {
    const none = priced(1, { stock_qty: 0 });
    const c = priceCart(inputs([none]), [line('1', none, 1)]);
    expect(codes(c)).toEqual(['NOT_SALABLE']);
    expect(c.lines[0]!.errors.map((e) => e.code)).toEqual(['ITEM_QTY']);
  });

  it('sells a product with a sales step only in multiples of it (ITEM_INCREMENT)', () => {
    const sticks = priced(1, { qty_increments: 5 });
    expect(codes(priceCart(inputs([sticks]), [line('1', sticks, 10)]))).toEqual([]);
    expect(codes(priceCart(inputs([sticks]), [line('1', sticks, 7)]))).toEqual(['ITEM_INCREMENT']);
  });

  it('counts cartons against the store view cartons limit (CARTONS_LIMIT)', () => {
    const carton = priced(1, { kind: 'sticks_carton' });
    expect(codes(priceCart(inputs([carton]), [line('1', carton, 8)]))).toEqual([]);
    expect(codes(priceCart(inputs([carton]), [line('1', carton, 9)]))).toEqual(['CARTONS_LIMIT']);
  });
});

describe('priceCart: gifts and promotions (spec §4, §5)', () => {
  const device = priced(1, { sku: 'DEVICE' });
  const gift = priced(2, { sku: 'GIFT' });
  const promo = promotion({ type: 'free_gift_fixed', trigger_skus: ['DEVICE'], skus: ['GIFT'], allowed_qty: 1 });

  it('gives a gift free with its product, within the offer and the gift basket', () => {
    const c = priceCart(inputs([device, gift], { promotions: [promo] }), [line('1', device, 1), line('2', gift, 1, { is_gift: true, parent_gift_sku: 'DEVICE' })]);
    expect(c.problems).toEqual([]);
    expect(c.totals.rows.get('2')!.row_total).toBe(0);
    expect(c.giftDocs.get('GIFT')).toBe(gift);
  });

  it('refuses a gift without its product, beyond the offer, or when gifts are off (GIFT_ERROR)', () => {
    const alone = priceCart(inputs([device, gift], { promotions: [promo] }), [line('2', gift, 1, { is_gift: true, parent_gift_sku: 'DEVICE' })]);
    expect(codes(alone)).toEqual(['GIFT_ERROR']);
    const many = priceCart(inputs([device, gift], { promotions: [promo] }), [line('1', device, 1), line('2', gift, 2, { is_gift: true, parent_gift_sku: 'DEVICE' })]);
    expect(codes(many)).toEqual(['GIFT_ERROR']);
    const off = priceCart(inputs([device, gift], { promotions: [promo], store: { ...STORE, is_free_gifts_enabled: false } }), [line('1', device, 1), line('2', gift, 1, { is_gift: true, parent_gift_sku: 'DEVICE' })]);
    expect(codes(off)).toContain('GIFT_ERROR');
  });

  it('lets a conditional-purchase product in only with its condition (PERMISSION_DENIED), up to its allowed quantity', () => {
    const offer = priced(3, { sku: 'OFFER' });
    const conditional = promotion({ type: 'conditional_purchase', trigger_skus: ['DEVICE'], skus: ['OFFER'], allowed_qty: 1 });
    expect(codes(priceCart(inputs([device, offer], { promotions: [conditional] }), [line('3', offer, 1)]))).toEqual(['PERMISSION_DENIED']);
    expect(codes(priceCart(inputs([device, offer], { promotions: [conditional] }), [line('1', device, 1), line('3', offer, 1)]))).toEqual([]);
    expect(codes(priceCart(inputs([device, offer], { promotions: [conditional] }), [line('1', device, 1), line('3', offer, 2)]))).toEqual(['ITEM_QTY']);
  });

  it('names the gifts a removal leaves without their product', () => {
    const c = priceCart(inputs([device, gift], { promotions: [promo] }), [line('2', gift, 1, { is_gift: true, parent_gift_sku: 'DEVICE' })]);
    expect(orphanGifts(c).map((g) => g.key)).toEqual(['2']);
  });
});

describe('priceCart: coupons and campaigns', () => {
  const a = priced(1);

  it('takes coupons off in the order applied, then the campaign as a fixed discount', () => {
    const campaign = { campaign_uuid: 'u', name: 'Club', loyalty_discount_points: 100, loyalty_discount_amount: 500, currency: 'GBP' };
    const c = priceCart(inputs([a], { rules: [rule(1), rule(2, { discount_type: 'fixed', discount_value: 300 })], campaign }), [line('1', a, 2)]);
    expect(c.totals.discounts).toEqual([
      { label: 'Rule 1', amount: 200, coupon_code: 'CODE1' },
      { label: 'Rule 2', amount: 300, coupon_code: 'CODE2' },
      { label: 'Club', amount: 500, coupon_code: null },
    ]);
    expect(c.totals.grand_total).toBe(1000);
    expect(campaignAboveItems(c, campaign)).toBe(false);
    expect(campaignAboveItems(c, { loyalty_discount_amount: 1600 })).toBe(true);
  });

  it('ignores a campaign held in another currency', () => {
    const c = priceCart(inputs([a], { campaign: { campaign_uuid: 'u', name: 'Club', loyalty_discount_points: 1, loyalty_discount_amount: 100, currency: 'EUR' } }), [line('1', a, 1)]);
    expect(c.campaign).toBeNull();
    expect(c.totals.discount_total).toBe(0);
  });

  it('keeps out a coupon that is inactive, expired at the given moment, used up, used by this buyer, or above the subtotal', () => {
    const refused = [
      rule(1, { is_active: false }),
      rule(2, { to_at: new Date(NOW) }),
      rule(3, { uses_per_coupon: 5, times_used: 5 }),
      rule(4, { uses_per_customer: 1 }),
      rule(5, { min_subtotal_minor: 5000 }),
      rule(6, { store_code: 'de' }),
    ];
    const c = priceCart(inputs([a], { rules: [...refused, rule(7)], customerUses: new Map([[4, 1]]) }), [line('1', a, 2)]);
    expect(c.rules.map((r) => r.id)).toEqual([7]);
    expect(c.ruleProblems.map((p) => p.code)).toEqual(['CODE1', 'CODE2', 'CODE3', 'CODE4', 'CODE5', 'CODE6']);
    expect(priceCart(inputs([a], { rules: [rule(2, { to_at: new Date(NOW + 1) })] }), [line('1', a, 1)]).rules).toHaveLength(1);
  });

  it('does not count a buyer it does not know yet against a per-customer limit', () => {
    const c = priceCart(inputs([a], { rules: [rule(4, { uses_per_customer: 1 })], customerUses: null }), [line('1', a, 1)]);
    expect(c.rules).toHaveLength(1);
  });
});

describe('priceCart: trade-in and subscription lines (spec §5)', () => {
  const device = priced(1, { kind: 'device' });
  const tradeIn = priced(2, { kind: 'trade_in', regular_minor: 0 });
  const subscription = priced(3, { is_subscription: true });

  it('takes one trade-in alongside a new device from a customer; refuses it alone, twice, or for a guest (TRADEIN_LIMIT)', () => {
    expect(codes(priceCart(inputs([device, tradeIn]), [line('1', device, 1), line('2', tradeIn, 1)]))).toEqual([]);
    expect(codes(priceCart(inputs([device, tradeIn]), [line('2', tradeIn, 1)]))).toEqual(['TRADEIN_LIMIT']);
    expect(codes(priceCart(inputs([device, tradeIn]), [line('1', device, 1), line('2', tradeIn, 2)]))).toEqual(['TRADEIN_LIMIT']);
    const guest = inputs([device, tradeIn], { buyer: { isGuest: true, hasOngoingSubscription: false } });
    expect(codes(priceCart(guest, [line('1', device, 1), line('2', tradeIn, 1)]))).toEqual(['TRADEIN_LIMIT']);
  });

  it('prices the trade-in line at nothing and takes its price off the order as a credit, after the coupons', () => {
    const credit = priced(5, { kind: 'trade_in', sku: 'TRADEIN', regular_minor: 2900 });
    const eligible = inputs([device, credit], { buyer: { isGuest: false, hasOngoingSubscription: false, tradeIns: new Set(['TRADEIN']) } });
    const c = priceCart(eligible, [line('1', device, 1), line('2', credit, 1)]);
    expect(c.problems).toEqual([]);
    expect(c.lines.map((l) => l.unit_price)).toEqual([1000, 0]);
    // A credit above what the items cost takes them to nothing, never below.
    expect(c.totals.discounts).toEqual([{ label: 'Trade-in credit', amount: 1000, coupon_code: null }]);
    expect(c.totals.grand_total).toBe(0);
    // With a 10 % coupon the credit comes off what is left after it, in the store view's language.
    const dearer = priced(6, { kind: 'device', regular_minor: 9900 });
    const withCoupon = priceCart(
      { ...eligible, store: { ...STORE, language: 'de', locale: 'de_DE' } as StoreView, products: inputs([dearer, credit]).products, rules: [rule(1)] },
      [line('1', dearer, 1), line('2', credit, 1)],
    );
    expect(withCoupon.totals.discounts).toEqual([
      { label: 'Rule 1', amount: 990, coupon_code: 'CODE1' },
      { label: 'Gutschrift für Inzahlungnahme', amount: 2900, coupon_code: null },
    ]);
    expect(withCoupon.totals.grand_total).toBe(9900 - 990 - 2900);
  });

  it('refuses a trade-in the customer\'s registered devices do not qualify for, and gives no credit for it (TRADEIN_LIMIT)', () => {
    const credit = priced(5, { kind: 'trade_in', sku: 'TRADEIN', regular_minor: 2900 });
    const none = inputs([device, credit], { buyer: { isGuest: false, hasOngoingSubscription: false, tradeIns: new Set() } });
    const c = priceCart(none, [line('1', device, 1), line('2', credit, 1)]);
    expect(c.problems.map((p) => [p.code, p.message])).toEqual([['TRADEIN_LIMIT', 'None of your registered devices can be traded in for this offer.']]);
    expect(c.totals.discounts).toEqual([]);
    expect(c.totals.grand_total).toBe(1000);
  });

  it('sells one subscription to a buyer without an ongoing one (ONGOING_SUBSCRIPTION), and ships it only by methods that allow it', () => {
    const other = priced(4, { is_subscription: true });
    expect(codes(priceCart(inputs([subscription]), [line('1', subscription, 1)]))).toEqual([]);
    expect(codes(priceCart(inputs([subscription, other]), [line('1', subscription, 1), line('2', other, 1)]))).toEqual(['ONGOING_SUBSCRIPTION']);
    const ongoing = inputs([subscription], { buyer: { isGuest: false, hasOngoingSubscription: true } });
    expect(codes(priceCart(ongoing, [line('1', subscription, 1)]))).toEqual(['ONGOING_SUBSCRIPTION']);
    const method = (code: string, over: Partial<ShippingMethodRow> = {}): ShippingMethodRow => ({
      carrier_code: 'tablerate', method_code: code, carrier_title: 'Post', method_title: code, description: null, amount_minor: 400,
      free_above_minor: null, disable_for_subscription: false, is_pickup: false, ...over,
    });
    const shipping = { kind: 'shipping', pickup_location_code: null } as CartAddressRow;
    const c = priceCart(inputs([subscription], { shipping, shippingMethods: [method('standard'), method('express', { disable_for_subscription: true, amount_minor: 900 })] }), [line('1', subscription, 1)]);
    expect(c.hasSubscription).toBe(true);
    expect(c.methods.map((m) => [m.row.method_code, m.available])).toEqual([['standard', true], ['express', false]]);
  });
});

describe('priceCart: shipping', () => {
  it('prices the chosen method, free above its threshold on the discounted items', () => {
    const a = priced(1, { regular_minor: 3000 });
    const method: ShippingMethodRow = {
      carrier_code: 'tablerate', method_code: 'standard', carrier_title: 'Post', method_title: 'Standard', description: null, amount_minor: 400,
      free_above_minor: 5000, disable_for_subscription: false, is_pickup: false,
    };
    const base = inputs([a], {
      shipping: { kind: 'shipping', pickup_location_code: null } as CartAddressRow, shippingMethods: [method],
      cart: { ...inputs([]).cart, shipping_carrier_code: 'tablerate', shipping_method_code: 'standard' },
    });
    expect(priceCart(base, [line('1', a, 1)]).totals.grand_total).toBe(3400);
    expect(priceCart(base, [line('1', a, 2)]).totals.grand_total).toBe(6000);
    expect(priceCart(base, [line('1', a, 2)]).selectedMethod!.amount).toBe(0);
  });
});

describe('an addition judged by pricing the candidate lines', () => {
  const limited = priced(1, { order_quantity_limit: 3 });
  const given = inputs([limited]);

  it('resolves an entry from the products read with the cart, or says why not as a value', () => {
    expect(resolveAdd(given.products, { sku: limited.sku, quantity: 2 }).line).toMatchObject({ product_id: 1, quantity: 2 });
    expect(resolveAdd(given.products, { sku: 'NOPE', quantity: 1 }).error!.code).toBe('PRODUCT_NOT_FOUND');
    expect(resolveAdd(given.products, { sku: limited.sku, quantity: 1.5 }).error!.code).toBe('ITEM_INCREMENTS');
    expect(resolveAdd(given.products, { sku: limited.sku, quantity: 10000 }).error!.code).toBe('ITEM_QTY');
    expect(resolveAdd(given.products, { sku: limited.sku, quantity: 0 }).error!.code).toBe('UNDEFINED');
  });

  it('adds up equal lines, and refuses an addition that brings a new or bigger problem but not one the cart already had', () => {
    const lines = [line('10', limited, 2)];
    const before = priceCart(given, lines);
    const more = candidateLines(lines, lines, resolveAdd(given.products, { sku: limited.sku, quantity: 2 }).line!, 'new');
    if ('error' in more) throw new Error('unexpected');
    expect(more.lines).toEqual([{ ...lines[0], quantity: 4 }]);
    expect(problemBrought(before, priceCart(given, more.lines))!.code).toBe('ITEM_QTY');
    const other = priced(2);
    const withOther = inputs([limited, other]);
    const over = [line('10', limited, 4)];
    const candidate = candidateLines(over, over, resolveAdd(withOther.products, { sku: other.sku, quantity: 1 }).line!, 'new');
    if ('error' in candidate) throw new Error('unexpected');
    expect(problemBrought(priceCart(withOther, over), priceCart(withOther, candidate.lines))).toBeNull();
  });
});
