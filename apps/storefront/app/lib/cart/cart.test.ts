import type { TFunction } from '../../i18n/i18n';
import { describe, expect, it } from 'vitest';
import type { Cart, CartItem } from '../api/cart.api';
import type { CurrencyEnum } from '../api/graphql.generated';
import type { ProductDetail } from '../api/catalog.api';
import type { CheckoutConfig } from '../api/store.api';
import { cartErrorText, normaliseCartErrorCode } from './cart-errors';
import { cartItemFor } from './cart-items';
import { bundleChoiceText, lineErrorContext, lineOptions, sortShippingMethods } from './cart-lines';
import { checkoutAddressResolver, postcodeProblem, toCartAddress, type CheckoutAddressValues } from './checkout-forms';
import { addToCartEvent } from '../tracking/data-layer';
import { addPaymentInfoEvent, addShippingInfoEvent, beginCheckoutEvent, lineChangeEvent, purchaseEvent, viewCartEvent } from '../tracking/checkout-events';
import { refundEvent } from '../tracking/order-events';
import type { OrderDetail } from '../api/orders.api';

const gbConfig: CheckoutConfig = {
  default_country: 'GB',
  is_order_limit_enabled: true,
  order_limit_value: 20,
  cartons_limit_value: 10,
  postcode_validation_enabled: true,
  postcode_is_required: true,
  postcode_min_length: 5,
  postcode_max_length: 8,
  postcode_validate_regex: '^[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}$',
  allow_empty_firstname: false,
  is_guest_checkout_enabled: true,
};

describe('postcodeProblem', () => {
  it('accepts a postcode that meets the store rules', () => {
    expect(postcodeProblem('SW1A 1AA', gbConfig)).toBeNull();
  });

  it('names the broken rule: required, length, then pattern', () => {
    expect(postcodeProblem('', gbConfig)).toBe('required');
    expect(postcodeProblem('SW1', gbConfig)).toBe('tooShort:5');
    expect(postcodeProblem('SW1A 1AAAA', gbConfig)).toBe('tooLong:8');
    expect(postcodeProblem('12345', gbConfig)).toBe('postcodeFormat');
  });

  it('lets an empty postcode pass where the store does not require one, and skips rules when validation is off', () => {
    expect(postcodeProblem('', { ...gbConfig, postcode_is_required: false })).toBeNull();
    expect(postcodeProblem('12345', { ...gbConfig, postcode_validation_enabled: false })).toBeNull();
  });

  it('leaves a pattern the browser cannot compile to the server', () => {
    expect(postcodeProblem('SW1A 1AA', { ...gbConfig, postcode_validate_regex: '([' })).toBeNull();
  });
});

const address: CheckoutAddressValues = {
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['12 Carnaby Street', ''],
  city: 'London',
  postcode: 'w1f 9pw',
  country_code: 'GB',
  telephone: '',
};

async function resolve(values: CheckoutAddressValues, config: CheckoutConfig | null, guest: boolean) {
  return checkoutAddressResolver(config, { guest })(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('checkout address form', () => {
  it('accepts a complete guest address and turns it into a cart address', async () => {
    const result = await resolve(address, gbConfig, true);
    expect(result.errors).toEqual({});
    expect(toCartAddress(result.values as never)).toEqual({
      firstname: 'Ada', lastname: 'Lovelace', street: ['12 Carnaby Street'], city: 'London', postcode: 'W1F 9PW', country_code: 'GB',
    });
  });

  it('asks a guest for the e-mail and checks its form, but not a signed-in customer', async () => {
    expect((await resolve({ ...address, email: '' }, gbConfig, true)).errors.email?.message).toBe('required');
    expect((await resolve({ ...address, email: 'nope' }, gbConfig, true)).errors.email?.message).toBe('email');
    expect((await resolve({ ...address, email: '' }, gbConfig, false)).errors).toEqual({});
  });

  it('puts the store postcode rule and a missing street on their fields', async () => {
    const result = await resolve({ ...address, postcode: '12345', street: ['', ''] }, gbConfig, true);
    expect(result.errors.postcode?.message).toBe('postcodeFormat');
    expect((result.errors.street as unknown as Record<string, { message: string }>)[0]?.message).toBe('required');
  });

  it('allows an empty first name only where the store allows it', async () => {
    expect((await resolve({ ...address, firstname: '' }, gbConfig, true)).errors.firstname?.message).toBe('required');
    expect((await resolve({ ...address, firstname: '' }, { ...gbConfig, allow_empty_firstname: true }, true)).errors).toEqual({});
  });
});

const t = ((key: string, options?: { count?: number }) => (options?.count !== undefined ? `${key}|${options.count}` : key)) as unknown as TFunction;

describe('cartErrorText', () => {
  it('words the spec codes, with the store limit when it is configured', () => {
    expect(cartErrorText(t, 'ITEM_QTY', 'raw')).toBe('cart.errors.ITEM_QTY');
    expect(cartErrorText(t, 'INSUFFICIENT_STOCK', 'raw')).toBe('cart.errors.INSUFFICIENT_STOCK');
    expect(cartErrorText(t, 'CARTONS_LIMIT', 'raw', gbConfig)).toBe('cart.errors.CARTONS_LIMIT_limit|10');
    expect(cartErrorText(t, 'CARTONS_LIMIT', 'raw', null)).toBe('cart.errors.CARTONS_LIMIT');
  });

  it('tells a quantity off the sales step (ITEM_INCREMENT, with the step) from one that is not whole (ITEM_INCREMENTS)', () => {
    expect(normaliseCartErrorCode('item_increment')).toBe('ITEM_INCREMENT');
    expect(cartErrorText(t, 'ITEM_INCREMENT', 'raw', null, { step: 2 })).toBe('cart.errors.ITEM_INCREMENT_step|2');
    expect(cartErrorText(t, 'ITEM_INCREMENT', 'raw')).toBe('cart.errors.ITEM_INCREMENT');
    expect(cartErrorText(t, 'ITEM_INCREMENTS', 'raw', null, { step: 2 })).toBe('cart.errors.ITEM_INCREMENTS');
  });

  it('words a trade-in refusal for its cause: a guest, no device in the cart, or one too many', () => {
    expect(cartErrorText(t, 'TRADEIN_LIMIT', 'raw', null, { signedIn: false, cartHasDevice: true })).toBe('cart.errors.TRADEIN_LIMIT_signIn');
    expect(cartErrorText(t, 'TRADEIN_LIMIT', 'raw', null, { signedIn: true, cartHasDevice: false })).toBe('cart.errors.TRADEIN_LIMIT_device');
    expect(cartErrorText(t, 'TRADEIN_LIMIT', 'raw', null, { signedIn: true, cartHasDevice: true })).toBe('cart.errors.TRADEIN_LIMIT');
    expect(cartErrorText(t, 'TRADEIN_LIMIT', 'raw', null, { signedIn: true, cartHasDevice: true, tooManyTradeIns: true })).toBe('cart.errors.TRADEIN_LIMIT');
    expect(cartErrorText(t, 'TRADEIN_LIMIT', 'raw', null, { signedIn: true, cartHasDevice: true, tooManyTradeIns: false })).toBe('cart.errors.TRADEIN_LIMIT_notEligible');
    expect(cartErrorText(t, 'TRADEIN_LIMIT', 'raw')).toBe('cart.errors.TRADEIN_LIMIT');
  });

  it('words a subscription refusal as a second subscription in the order or an ongoing one', () => {
    expect(cartErrorText(t, 'ONGOING_SUBSCRIPTION', 'raw', null, { otherSubscription: true })).toBe('cart.errors.ONGOING_SUBSCRIPTION_another');
    expect(cartErrorText(t, 'ONGOING_SUBSCRIPTION', 'raw', null, { otherSubscription: false })).toBe('cart.errors.ONGOING_SUBSCRIPTION');
  });

  it("falls back to the server's message, then to a general sentence", () => {
    expect(cartErrorText(t, 'SOMETHING_NEW', 'The server says no')).toBe('The server says no');
    expect(cartErrorText(t, null, '  ')).toBe('cart.errors.UNDEFINED');
  });
});

const money = (value: number, currency: CurrencyEnum = 'GBP') => ({ value, currency });

const device = {
  __typename: 'ConfigurableProduct', sku: 'EMBER-ONE', name: 'Ember One',
  items: null,
} as unknown as ProductDetail;
const variant = { sku: 'EMBER-ONE-SAGE' } as never;

describe('cartItemFor', () => {
  it('sends a configurable product as its chosen variant with the parent SKU', () => {
    expect(cartItemFor(device, variant, 2)).toEqual({ sku: 'EMBER-ONE-SAGE', parent_sku: 'EMBER-ONE', quantity: 2 });
    expect(cartItemFor(device, null, 1)).toBeNull();
  });

  it('sends a bundle with the options chosen, else its default options or the first option of a required item without one', () => {
    const bundle = {
      __typename: 'BundleProduct', sku: 'BUNDLE-ONE-STARTER', name: 'Starter',
      items: [
        { uid: 'i1', required: true, position: 1, options: [{ uid: 'b', is_default: false, position: 2 }, { uid: 'a', is_default: true, position: 1 }] },
        { uid: 'i2', required: true, position: 2, options: [{ uid: 'd', is_default: false, position: 2 }, { uid: 'c', is_default: false, position: 1 }] },
        { uid: 'i3', required: false, position: 3, options: [{ uid: 'e', is_default: false, position: 1 }] },
      ],
    } as unknown as ProductDetail;
    expect(cartItemFor(bundle, null, 1)).toEqual({ sku: 'BUNDLE-ONE-STARTER', quantity: 1, selected_options: ['a', 'c'] });
    expect(cartItemFor(bundle, null, 2, { i2: ['d'], i1: ['b'], i3: ['e'] })).toEqual({ sku: 'BUNDLE-ONE-STARTER', quantity: 2, selected_options: ['b', 'd', 'e'] });
  });

  it('sends anything else by its SKU', () => {
    expect(cartItemFor({ __typename: 'SimpleProduct', sku: 'STK-AMBER-CARTON' } as ProductDetail, null, 3)).toEqual({ sku: 'STK-AMBER-CARTON', quantity: 3 });
  });
});

describe('shipping methods', () => {
  it('offers the available methods cheapest first', () => {
    const methods = [
      { carrier_code: 'express', method_code: 'next_day', amount: money(7.95), available: true },
      null,
      { carrier_code: 'tablerate', method_code: 'standard', amount: money(3.95), available: true },
      { carrier_code: 'broken', method_code: 'x', amount: money(1), available: false },
      { carrier_code: 'pickup', method_code: 'store', amount: money(0), available: true },
    ];
    const sorted = sortShippingMethods(methods);
    expect(sorted.map((m) => m.carrier_code)).toEqual(['pickup', 'tablerate', 'express']);
  });
});

// A line with the fields these tests read; the other selected fields are left out.
const line = (over: Partial<CartItem>): CartItem => (<CartItem>{
  __typename: 'SimpleCartItem',
  uid: 'u1',
  quantity: 2,
  is_available: true,
  errors: [],
  prices: { price: money(8.33), price_including_tax: money(10), row_total: money(16.67), row_total_including_tax: money(20), total_item_discount: money(0) },
  product: { uid: 'p', sku: 'STK-AMBER-CARTON', name: 'Amber Carton', url_key: 'amber', stock_status: 'IN_STOCK', product_kind: 'sticks_carton', is_age_restricted: null, small_image: null },
  ...over,
});

const cart: Cart = {
  id: 'cart-1',
  email: 'ada@example.com',
  total_quantity: 3,
  is_virtual: false,
  applied_coupons: [{ code: 'WELCOME10' }],
  applied_campaign: null,
  itemsV2: {
    total_count: 2,
    items: [
      line({}),
      line({
        uid: 'u2', quantity: 1, __typename: 'ConfigurableCartItem',
        product: { uid: 'q', sku: 'EMBER-ONE', name: 'Ember One', url_key: 'ember-one', stock_status: 'IN_STOCK', product_kind: 'device', is_age_restricted: null, small_image: null },
        prices: { price: money(40.83), price_including_tax: money(49), row_total: money(40.83), row_total_including_tax: money(49), total_item_discount: null },
        configurable_options: [{ option_label: 'Colour', value_label: 'Sage' }],
        configured_variant: { sku: 'EMBER-ONE-SAGE', small_image: null },
      }),
    ],
  },
  prices: {
    grand_total: money(65.05), subtotal_including_tax: money(69), subtotal_excluding_tax: money(57.5), total_after_trial: money(0),
    applied_taxes: [{ label: 'VAT', amount: money(10.84) }], discounts: [{ label: 'WELCOME10', amount: money(6.9) }],
  },
  shipping_addresses: [{
    firstname: 'Ada', lastname: 'Lovelace', street: ['1 Road'], city: 'London', postcode: 'W1F 9PW', telephone: null,
    country: { code: 'GB', label: 'United Kingdom' }, pickup_location_code: null, available_shipping_methods: [],
    selected_shipping_method: { carrier_code: 'tablerate', method_code: 'standard', carrier_title: 'Royal Mail', method_title: 'Standard', amount: money(2.95), price_excl_tax: money(2.46) },
  }],
  billing_address: null,
  available_payment_methods: [],
  selected_payment_method: null,
};

describe('lineOptions', () => {
  it('words a variant choice and bundle contents', () => {
    expect(lineOptions(cart.itemsV2!.items[1]!)).toBe('Colour: Sage');
    expect(lineOptions(line({ bundle_options: [{ uid: 'o', label: 'Sticks', values: [{ uid: 'v', label: 'Amber Carton', quantity: 2 }] }] }))).toBe('2 × Amber Carton');
    expect(lineOptions(line({ bundle_options: [
      { uid: 'd', label: 'Device', values: [{ uid: 'c', label: 'Ember One Copper', quantity: 1 }] },
      { uid: 'o', label: 'Cartons', values: [{ uid: 'v', label: 'Ember Sticks Amber Carton', quantity: 2 }] },
    ] }))).toBe('Ember One Copper; 2 × Ember Sticks Amber Carton');
    expect(bundleChoiceText([
      { values: [{ product_name: 'Ember One Copper', quantity: 1 }] },
      null,
      { values: [{ product_name: 'Ember Sticks Amber Carton', quantity: 2 }, null] },
    ])).toBe('Ember One Copper; 2 × Ember Sticks Amber Carton');
    expect(bundleChoiceText(undefined)).toBe('');
  });
});

describe('GA4 cart events', () => {
  it('add_to_cart carries the sold SKU, unit price, quantity and value', () => {
    expect(addToCartEvent({ sku: 'EMBER-ONE-SAGE', name: 'Ember One', price: 49, currency: 'GBP', quantity: 2, category: 'device' })).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'GBP', value: 98,
        items: [{ item_id: 'EMBER-ONE-SAGE', item_name: 'Ember One', price: 49, currency: 'GBP', item_category: 'device', quantity: 2 }],
      },
    });
  });

  it('begin_checkout and add_payment_info list the lines with the variant SKU, the total and the coupon', () => {
    const begin = beginCheckoutEvent(cart)!;
    expect(begin.event).toBe('begin_checkout');
    expect(begin.ecommerce).toMatchObject({ currency: 'GBP', value: 65.05, coupon: 'WELCOME10' });
    expect(begin.ecommerce.items.map((i) => [i.item_id, i.quantity])).toEqual([['STK-AMBER-CARTON', 2], ['EMBER-ONE-SAGE', 1]]);
    expect(addPaymentInfoEvent(cart, 'checkmo').ecommerce).toMatchObject({ payment_type: 'checkmo', value: 65.05 });
  });

  it('begin_checkout is not sent for an empty cart', () => {
    expect(beginCheckoutEvent({ ...cart, itemsV2: { total_count: 0, items: [] } })).toBeNull();
  });

  it('purchase names the order number as transaction, with shipping and tax', () => {
    expect(purchaseEvent(cart, '000000042').ecommerce).toMatchObject({ transaction_id: '000000042', value: 65.05, shipping: 2.95, tax: 10.84, currency: 'GBP' });
  });
});

describe('lineErrorContext', () => {
  it('tells a line its step, whether the cart holds a paid device and whether another line is a subscription', () => {
    const device = line({ uid: 'd', hasDevice: true });
    const tradeIn = line({ uid: 't', tradeIn: true, hasDevice: false, quantity: 1 });
    const sub = line({ uid: 's', subscription: true, qty_increments: 1 });
    const pack = line({ uid: 'p', qty_increments: 2 });
    const withLines = (...items: CartItem[]): Cart => ({ ...cart, itemsV2: { total_count: items.length, items } });
    expect(lineErrorContext(withLines(device, tradeIn), tradeIn, true)).toEqual({ step: null, signedIn: true, cartHasDevice: true, tooManyTradeIns: false, otherSubscription: false });
    // Two trade-ins (two lines, or one line of two) are one too many; one alone is judged on the customer's devices.
    expect(lineErrorContext(withLines(device, tradeIn, { ...tradeIn, uid: 't2' }), tradeIn, true).tooManyTradeIns).toBe(true);
    expect(lineErrorContext(withLines(device, { ...tradeIn, quantity: 2 }), tradeIn, true).tooManyTradeIns).toBe(true);
    expect(lineErrorContext(withLines({ ...device, is_gift: true }, tradeIn), tradeIn, true).cartHasDevice).toBe(false);
    expect(lineErrorContext(withLines(sub, pack), pack).step).toBe(2);
    expect(lineErrorContext(withLines(sub, line({ uid: 's2', subscription: true })), sub).otherSubscription).toBe(true);
    expect(lineErrorContext(withLines(sub), sub).otherSubscription).toBe(false);
  });
});

describe('GA4 cart, checkout and order events', () => {
  it('view_cart lists the lines with their index, and add_shipping_info names the delivery as shipping_tier', () => {
    const view = viewCartEvent(cart);
    expect(view.event).toBe('view_cart');
    expect(view.ecommerce).toMatchObject({ currency: 'GBP', value: 65.05, coupon: 'WELCOME10' });
    expect(view.ecommerce.items.map((i) => [i.item_id, i.index, i.price, i.quantity])).toEqual([['STK-AMBER-CARTON', 0, 10, 2], ['EMBER-ONE-SAGE', 1, 49, 1]]);
    expect(addShippingInfoEvent(cart, 'tablerate_standard').ecommerce).toMatchObject({ shipping_tier: 'tablerate_standard', value: 65.05, currency: 'GBP' });
  });

  it('a changed quantity is add_to_cart or remove_from_cart of the difference, with its cart context', () => {
    const item = cart.itemsV2!.items[0]!;
    expect(lineChangeEvent(item, 2, 5, 'CART')).toEqual({
      event: 'add_to_cart', cart_context: 'CART',
      ecommerce: { currency: 'GBP', value: 30, items: [{ item_id: 'STK-AMBER-CARTON', item_name: 'Amber Carton', price: 10, currency: 'GBP', item_category: 'sticks_carton', quantity: 3 }] },
    });
    expect(lineChangeEvent(item, 2, 0, 'MINICART')).toMatchObject({ event: 'remove_from_cart', cart_context: 'MINICART', ecommerce: { value: 20, items: [{ quantity: 2 }] } });
    expect(lineChangeEvent(item, 2, 2, 'CART')).toBeNull();
    expect(addToCartEvent({ sku: 'EMBER-ONE-SAGE', name: 'Ember One', price: 49, currency: 'GBP', quantity: 1 }, 'PRODUCT_DETAIL').cart_context).toBe('PRODUCT_DETAIL');
  });

  it('refund names the order, its total, tax, shipping and lines, with the catalogue’s category where known', () => {
    const refund = refundEvent(order, new Map([['EMBER-ONE-SAGE', 'device']]));
    expect(refund).toEqual({
      event: 'refund',
      ecommerce: {
        transaction_id: '000000042', currency: 'GBP', value: 65.05, tax: 10.84, shipping: 2.95,
        items: [{ item_id: 'EMBER-ONE-SAGE', item_name: 'Ember One', price: 49, currency: 'GBP', item_category: 'device', quantity: 1, index: 0 }],
      },
    });
  });

  it('no event carries personal data: no e-mail, name, phone, address or date of birth', () => {
    const events = [
      viewCartEvent(cart), beginCheckoutEvent(cart), addShippingInfoEvent(cart, 'tablerate_standard'), addPaymentInfoEvent(cart, 'checkmo'),
      purchaseEvent(cart, '000000042'), refundEvent(order), lineChangeEvent(cart.itemsV2!.items[1]!, 1, 0, 'CART'),
    ];
    const text = JSON.stringify(events);
    for (const personal of ['ada@example.com', 'Ada', 'Lovelace', '1 Road', 'London', 'W1F 9PW', '+44 7700 900123', '1990-04-01', 'email', 'telephone', 'firstname', 'dob']) {
      expect(text).not.toContain(personal);
    }
  });
});

const order = {
  number: '000000042', entity_id: 'e1', order_date: '2026-11-01 10:00:00', status: 'Canceled', status_code: 'canceled', is_cancelable: false,
  email: 'ada@example.com', carrier: null, shipping_method: 'Royal Mail',
  items: [{
    id: 'i1', product_name: 'Ember One', product_sku: 'EMBER-ONE-SAGE', quantity_ordered: 1,
    product_sale_price_including_tax: money(49), row_total_including_tax: money(49), selected_options: [],
  }],
  total: {
    grand_total: money(65.05), subtotal_including_tax: money(69), total_shipping: money(2.95), discounts: [],
    taxes: [{ title: 'VAT', amount: money(10.84) }],
  },
  shipping_address: { firstname: 'Ada', lastname: 'Lovelace', street: ['1 Road'], city: 'London', postcode: 'W1F 9PW', pickup_location_name: null },
  payment_methods: [], accepted_agreements: [], telephone: '+44 7700 900123', dob: '1990-04-01',
} as unknown as OrderDetail;
