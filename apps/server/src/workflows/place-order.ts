import { CART_USER_ERRORS, isPlaceOrderErrorCode, type PlaceOrderErrorCode } from '@ember/contracts';
import { attributeLabel } from '../modules/catalog/catalog.mapper.js';
import { phrase, type Phrase } from '../platform/messages.js';
import type { Db, Tx } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import type { Services } from '../services.js';
import type { StoreView } from '../modules/store/store.service.js';
import type { OrderDraft, OrderDraftAddress, OrderDraftItem, PlacedOrder } from '../modules/orders/orders.contract.js';
import { reserveStock } from '../modules/catalog/catalog.inventory.js';
import { stockDemand } from '../modules/cart/cart.lines.js';
import { isSubscriptionLine, isTradeInLine, tradeInSku } from '../modules/cart/cart.rules.js';
import { dayOf } from '../modules/subscriptions/subscriptions.service.js';
import type { Caller, ComputedCart } from '../modules/cart/cart.service.js';
import type { CartAddressRow } from '../modules/cart/cart.store.js';
import { GUEST_CHECKOUT_REFUSED } from '../modules/cart/cart.service.js';
import { paymentMethodsFor } from '../modules/payments/payments.methods.js';
import { idempotencyScope } from '../modules/payments/payments.idempotency.js';
import { faultPoint } from '../platform/faults.js';
import { DEFAULT_UNPAID_LIMITS, holdForPayment } from './unpaid-holds.js';
import { inTransaction } from '../platform/transaction.js';

export interface PlaceOrderResult {
  order: PlacedOrder | null;
  errors: { code: string; message: string; phrase?: Phrase | null }[];
}

/** Order attributes as Magento's AttributeValueInput sends them. */
export interface AdditionalAttribute {
  attribute_code: string;
  value?: string | null;
}

function draftAddress(a: CartAddressRow, pickup: ComputedCart['pickupStore']): OrderDraftAddress {
  return {
    firstname: a.firstname,
    lastname: a.lastname,
    street: a.street,
    city: a.city,
    postcode: a.postcode,
    country_code: a.country_code,
    region: a.region,
    telephone: a.telephone,
    extra: a.extra,
    pickup: pickup ? { store_id: pickup.code, name: pickup.name } : null,
  };
}

function fail(code: PlaceOrderErrorCode, message: string | Phrase): never {
  throw new AppError(code, message);
}

/** Re-validates a locked cart priced by the cart's pricer and turns it into an order draft; amounts come only from the server. */
async function buildDraft(c: ComputedCart, email: string, attributes: OrderDraft['additional_attributes']): Promise<OrderDraft> {
  const { cart, store, totals } = c;
  // Lines whose product is no longer sold are neither shown nor priced (cart.view.ts), so they are not ordered either.
  if (!c.lines.length) fail('UNABLE_TO_PLACE_ORDER', phrase('checkout.cartEmpty'));
  // A line problem stops the order with the PlaceOrderError code packages/contracts maps it to.
  const problem = c.problems[0];
  if (problem) fail(CART_USER_ERRORS[problem.code].order, problem.phrase ?? problem.message);
  if (c.ruleProblems.length) fail('UNABLE_TO_PLACE_ORDER', c.ruleProblems[0]!.phrase);
  if (!c.billing) fail('UNABLE_TO_PLACE_ORDER', phrase('checkout.billingMissing'));
  if (!c.isVirtual) {
    if (!c.shipping) fail('UNABLE_TO_PLACE_ORDER', phrase('checkout.addressUnusable'));
    if (c.shipping.pickup_location_code && !c.pickupStore) fail('UNABLE_TO_PLACE_ORDER', phrase('checkout.pickupGone'));
    if (!c.selectedMethod) fail('UNABLE_TO_PLACE_ORDER', phrase('checkout.shippingMethodMissing'));
  }
  if (!cart.payment_method_code || !paymentMethodsFor(store.code).some((m) => m.code === cart.payment_method_code)) {
    fail('UNABLE_TO_PLACE_ORDER', phrase('checkout.paymentMethodMissing'));
  }
  const rate = c.tax.rate_bp;
  const items: OrderDraftItem[] = c.lines.map((l) => {
    const row = totals.rows.get(l.key)!;
    return {
      sku: l.product.sku,
      product_id: l.product.id,
      parent_sku: l.parent?.sku ?? null,
      // A variant is named as its product; its colour or flavour is its option (no "Ember One Copper · Colour: Copper").
      name: l.parent ? l.parent.name : l.product.name,
      product_type: l.parent ? 'configurable' : l.product.type_id,
      quantity: l.quantity,
      unit_price_incl_tax: l.unit_price,
      row_total_incl_tax: row.row_total,
      row_tax: row.row_tax,
      row_discount: row.row_discount,
      is_gift: l.is_gift,
      parent_gift_sku: l.parent_gift_sku,
      selected_options: l.parent
        ? l.parent.configurable_attributes.map((code) => ({
          label: attributeLabel(code, store.language),
          value: (code === 'color' ? l.product.color_label ?? l.product.color : l.product.flavor_label ?? l.product.flavor) ?? '',
        }))
        : [],
      bundle_options: groupBundle(l.bundle),
    };
  });
  const sm = c.selectedMethod;
  // A virtual cart ships nothing: neither the shipping amount nor its tax belongs to the order.
  const taxes = c.isVirtual ? totals.tax_total - totals.shipping_tax : totals.tax_total;
  return {
    cart_id: cart.masked_id,
    store_code: store.code,
    website_code: store.website_code,
    currency: c.currency,
    customer_uuid: cart.customer_uuid,
    email,
    items,
    shipping_address: c.shipping && !c.isVirtual ? draftAddress(c.shipping, c.pickupStore) : null,
    billing_address: draftAddress(c.billing, null),
    shipping: sm && !c.isVirtual
      ? { carrier_code: sm.row.carrier_code, method_code: sm.row.method_code, carrier_title: sm.row.carrier_title, method_title: sm.row.method_title, amount_incl_tax: sm.amount }
      : null,
    payment_method_code: cart.payment_method_code!,
    totals: {
      subtotal_incl_tax: totals.subtotal_incl_tax,
      subtotal_excl_tax: totals.subtotal_excl_tax,
      discounts: totals.discounts.map((d) => ({ label: d.label, amount: d.amount, coupon_code: d.coupon_code })),
      shipping_incl_tax: c.isVirtual ? 0 : totals.shipping_incl_tax,
      taxes: taxes > 0 ? [{ title: c.tax.title, rate_percent: rate / 100, amount: taxes }] : [],
      grand_total: c.isVirtual ? totals.grand_total - totals.shipping_incl_tax : totals.grand_total,
    },
    coupon_codes: c.rules.map((r) => r.code),
    additional_attributes: attributes,
    initial_status: totals.grand_total > 0 ? 'pending_payment' : 'pending',
    // Set by placeOrder once the agreements are checked.
    accepted_agreements: [],
  };
}

/** The store view's order attribute definitions, as the orders module publishes them. */
type AttributeDefinition = Awaited<ReturnType<Services['orders']['attributes']>>[number];

/**
 * Order attributes checked against the store view's definitions (spec §5): codes without a
 * definition (so without a listed placement) are dropped, required ones must be there, values
 * follow their length and pattern rules; the result keeps the definitions' order.
 */
export function checkAttributes(attributes: AdditionalAttribute[], definitions: AttributeDefinition[]): OrderDraft['additional_attributes'] {
  const given = new Map<string, string>();
  for (const a of attributes) {
    if (typeof a.value === 'string' && !given.has(a.attribute_code)) given.set(a.attribute_code, a.value.trim());
  }
  const out: OrderDraft['additional_attributes'] = [];
  for (const d of definitions) {
    const value = given.get(d.code) ?? '';
    if (!value) {
      if (d.is_required) fail('UNABLE_TO_PLACE_ORDER', phrase('checkout.attributeRequired', { label: d.label }));
      continue;
    }
    if ((d.min_length !== null && value.length < d.min_length) || value.length > (d.max_length ?? 2000)) {
      fail('UNABLE_TO_PLACE_ORDER', phrase('checkout.attributeLength', { label: d.label, min: d.min_length ?? 0, max: d.max_length ?? 2000 }));
    }
    if (d.validate_regex && !new RegExp(d.validate_regex).test(value)) fail('UNABLE_TO_PLACE_ORDER', phrase('checkout.attributeInvalid', { label: d.label }));
    if (d.options.length && !d.options.some((o) => o.value === value)) fail('UNABLE_TO_PLACE_ORDER', phrase('checkout.attributeInvalid', { label: d.label }));
    out.push({ code: d.code, value });
  }
  return out;
}

function groupBundle(bundle: ComputedCart['lines'][number]['bundle']): OrderDraftItem['bundle_options'] {
  const out: OrderDraftItem['bundle_options'] = [];
  for (const b of bundle) {
    let o = out.find((x) => x.label === b.option.title);
    if (!o) out.push((o = { label: b.option.title, values: [] }));
    o.values.push({ sku: b.selection.product.sku, name: b.selection.product.name, quantity: b.quantity, price_incl_tax: b.selection.price_minor });
  }
  return out;
}

/**
 * placeOrder under the Idempotency-Key protocol (docs/decisions/0034): with a key, the first answer
 * is kept for a day for the caller (customer, or the guest's cart) and replayed to a retry; the same
 * key while the first runs answers 409, with other input 422. Without a key a first call works as
 * Magento's does, but a call for a cart that already made its order is a retry and must carry its key (400).
 */
export async function placeOrder(
  db: Db, services: Services, caller: Caller, maskedId: string, attributes: AdditionalAttribute[],
  opts: { idempotencyKey?: string | string[] } = {},
): Promise<PlaceOrderResult> {
  return services.payments.idempotency.run(
    db,
    {
      scope: idempotencyScope({ customerUuid: caller.customerUuid, cartId: maskedId }),
      operation: 'placeOrder',
      key: opts.idempotencyKey,
      params: { store: caller.store.code, cart_id: maskedId, additional_attributes: attributes },
    },
    async () => {
      const result = await placeOrderOnce(db, services, caller, maskedId, attributes, opts.idempotencyKey !== undefined);
      if (result.order) faultPoint('checkout.after-commit');
      return result;
    },
  );
}

/**
 * placeOrder in one transaction: lock the cart, re-validate and re-price it, count coupon uses,
 * reserve stock, write the order through the orders port and mark the cart ordered. A retry (with
 * its key) for a cart already ordered returns the same order. Failures come back as Magento's PlaceOrderError.
 */
async function placeOrderOnce(
  db: Db, services: Services, caller: Caller, maskedId: string, attributes: AdditionalAttribute[], keyed: boolean,
): Promise<PlaceOrderResult> {
  try {
    const order = await inTransaction(db, (tx) => placeCart(tx, services, caller, maskedId, attributes, keyed));
    return { order, errors: [] };
  } catch (err) {
    if (err instanceof AppError && isPlaceOrderErrorCode(err.code)) return { order: null, errors: [{ code: err.code, message: err.message, phrase: err.phrase }] };
    throw err;
  }
}

/**
 * The order of a cart, in the caller's transaction (placeOrder's, or a subscription renewal's):
 * everything below reads and writes through it, so a failure anywhere rolls all of it back. A refusal
 * is an AppError with a PlaceOrderError code.
 */
export async function placeCart(
  tx: Tx, services: Services, caller: Caller, maskedId: string, attributes: AdditionalAttribute[], keyed: boolean,
): Promise<PlacedOrder> {
  const customerEmail = caller.customerUuid ? await services.identity.activeEmail(tx, caller.customerUuid) : null;
  const definitions = await services.orders.attributes(caller.store.code, tx);
  const { cart, state } = await services.cart.accessWithState(tx, caller, maskedId, { allowInactive: true });
  if (cart.status === 'ordered') {
    const placed = await services.orders.findOrderByCart(tx, cart.masked_id);
    if (placed && !keyed) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', phrase('idempotency.placeOrderRetried'));
    if (placed) return placed;
  }
  if (cart.status !== 'active') throw new AppError('CART_NOT_ACTIVE', phrase('cart.notActive'));
  const computed = services.cart.price(await services.cart.loadPricingInputs(tx, caller.store as StoreView, cart, [], state));
  // A store view with guest checkout off sells only to signed-in customers (Magento's guest_checkout option).
  if (!cart.customer_uuid && !(caller.store as StoreView).is_guest_checkout_enabled) {
    fail('PERMISSION_DENIED', GUEST_CHECKOUT_REFUSED);
  }
  const email = cart.customer_uuid ? customerEmail : cart.email;
  if (!email) fail('GUEST_EMAIL_MISSING', phrase('checkout.guestEmailMissing'));
  const draft = await buildDraft(computed, email, checkAttributes(attributes, definitions));
  // A subscription's deliveries are charged to the card saved with its first payment; a kept trial device to the trial's.
  if (computed.trial) draft.total_after_trial = computed.trial.totalAfterTrial;
  if (computed.savesCard && !paymentMethodsFor(caller.store.code).find((m) => m.code === cart.payment_method_code)?.tokenizable) {
    fail('UNABLE_TO_PLACE_ORDER', phrase(computed.hasSubscription ? 'checkout.subscriptionNeedsCard' : 'checkout.trialNeedsCard'));
  }
  // Magento's checkout agreements: every current one must have been ticked (setPaymentMethodOnCart agreement_ids).
  const terms = await services.legal.checkoutTerms(tx, caller.store);
  if (terms.agreementIds.some((id) => !cart.agreement_ids.includes(id))) {
    fail('UNABLE_TO_PLACE_ORDER', phrase('checkout.agreementsMissing'));
  }
  draft.accepted_agreements = terms.accepted;
  // One subscription per buyer: re-checked with the buyer's parallel placements held back.
  await services.cart.assertNoOngoingSubscription(tx, cart, computed.lines);
  // Regulated selling: age verification and the per-customer order limit, in this transaction.
  await services.ageVerification.assertMaySell(tx, {
    store: caller.store as StoreView,
    customerUuid: cart.customer_uuid,
    email,
    items: draft.items.map((i) => ({ sku: i.sku, quantity: i.quantity })),
    reference: `order:${cart.masked_id}`,
    restriction: new Map(computed.lines.map((l) => [l.product.sku, l.product.is_age_restricted])),
  });
  const couponProblem = await services.cart.countCouponUses(tx, cart, computed.rules, cart.customer_uuid ?? `email:${email}`);
  if (couponProblem) fail('UNABLE_TO_PLACE_ORDER', couponProblem);
  await reserveStock(tx, [...stockDemand(computed.lines)].map(([product_id, d]) => ({ product_id, quantity: d.quantity, sku: d.sku })));
  faultPoint('checkout.after-stock');
  const placed = await services.orders.createOrder(tx, draft);
  // A trade-in takes the customer's old device with the order, once: a parallel order that took it first refuses this one.
  const tradeIns = computed.lines.filter(isTradeInLine).map(tradeInSku);
  if (tradeIns.length && cart.customer_uuid) {
    await services.tradeIn.claimForOrder(tx, caller.store as StoreView, {
      customer_uuid: cart.customer_uuid, trade_in_skus: tradeIns, order_entity_id: placed.entity_id, currency: computed.currency,
    });
  }
  // Stock held for payment: a few waiting orders per buyer, address and connection (decision 0033).
  // A renewal's order is the shop's own, charged at once: it is not a shopper holding stock.
  if (cart.purpose === 'shop') await holdForPayment(tx, services, placed, draft, { ip: caller.client?.ip ?? null, limits: caller.client?.unpaidLimits ?? DEFAULT_UNPAID_LIMITS });
  // The campaign's held points are debited with the order, in this transaction (returned if it is cancelled).
  if (cart.customer_uuid && computed.campaign) await services.loyalty.spendCampaignForOrder(tx, cart.masked_id, placed.entity_id, placed.order_number);
  await services.cart.markOrdered(tx, cart);
  if (cart.customer_uuid) await saveToAddressBook(tx, services, cart.customer_uuid, caller.store as StoreView, computed);
  // A subscription starts with its first order; a renewal's order belongs to the one it renews.
  const subscribed = computed.lines.filter(isSubscriptionLine);
  if (subscribed.length && cart.customer_uuid && cart.purpose === 'shop') {
    const delivery = computed.shipping && !computed.shipping.pickup_location_code ? computed.shipping : computed.billing!;
    const started = await services.subscriptions.startFromOrder(tx, {
      view: caller.store as StoreView, customerUuid: cart.customer_uuid, orderId: placed.entity_id, placedOn: dayOf(new Date()), currency: computed.currency,
      items: subscribed.map((l) => ({ sku: l.product.sku, quantity: l.quantity })),
      address: {
        firstname: delivery.firstname, lastname: delivery.lastname, street: delivery.street, city: delivery.city, postcode: delivery.postcode,
        country_code: delivery.country_code, region: delivery.region, telephone: delivery.telephone,
      },
      addressId: delivery.customer_address_id,
      // As often as the shopper chose on the product page or in the cart; the plan's default otherwise.
      frequencyWeeks: subscribed[0]!.row.subscription_frequency_weeks ?? null,
    });
    if (!started) fail('UNABLE_TO_PLACE_ORDER', phrase('cart.subscriptionUnavailable'));
  }
  // A trial starts with its order; its claims (account, e-mail and phone, address) refuse a second trial of the same person.
  if (computed.trial && cart.customer_uuid && cart.purpose === 'shop') {
    const at = computed.shipping && !computed.shipping.pickup_location_code ? computed.shipping : null;
    await services.trials.startFromOrder(tx, {
      storeCode: caller.store.code, customerUuid: cart.customer_uuid, orderId: placed.entity_id, orderNumber: placed.order_number,
      amountAfterTrial: computed.trial.totalAfterTrial, currency: computed.currency, address: at,
    });
  }
  faultPoint('checkout.before-commit');
  return placed;
}

/**
 * save_in_address_book: the customer's typed addresses (not one picked from the book, not a pick-up
 * store) join their address book with the order, in its transaction, so an order that fails saves
 * nothing. Identity keeps one entry for identical addresses (delivery and billing alike).
 */
async function saveToAddressBook(
  tx: Tx, services: Services, customerUuid: string, store: StoreView,
  computed: { shipping: CartAddressRow | null; billing: CartAddressRow | null },
): Promise<void> {
  for (const a of [computed.shipping, computed.billing]) {
    if (!a || !a.save_in_address_book || a.customer_address_id !== null || a.pickup_location_code) continue;
    await services.identity.rememberOrderAddress(tx, customerUuid, a, a.kind, store.default_country);
  }
}
