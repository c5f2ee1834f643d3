import { phrase, render as renderPhrase, say, type Phrase } from '../../platform/messages.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type { Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enforce } from '../../platform/rate-limit.js';
import { clientIp } from '../../platform/rest.js';
import { decodeUid } from '../catalog/catalog.mapper.js';
import { graphqlSession } from '../identity/identity.auth.js';
import type { AddressInput } from '../checkout/checkout.service.js';
import { placeOrder, type AdditionalAttribute } from '../../workflows/place-order.js';
import { GUEST_CHECKOUT_REFUSED, type AddRequest, type Caller, type ComputedCart, type UserError } from './cart.service.js';
import type { CartAddressRow, CartRow } from './cart.store.js';
import { cartView } from './cart.view.js';
import { cartItemPointsResolvers } from './cart.points.js';
import { guestKeyOf, issueGuestKey } from './cart.guest-key.js';

const COUPON_WINDOW_MS = 10 * 60_000;

/** How many codes an applyCouponToCart input tries: its distinct comma-separated codes, at least one, at most what may be applied. */
function couponGuesses(input: string): number {
  const codes = new Set(String(input).slice(0, 300).split(',').map((c) => c.trim().toUpperCase()).filter(Boolean));
  return Math.min(Math.max(codes.size, 1), 5);
}
const NEW_CART_WINDOW_MS = 10 * 60_000;

/** New guest carts cost a row each: per client address, a shopper's handful and a shared address's many pass, a script does not. */
function limitNewGuestCarts(ctx: GraphQLContext): Promise<void> {
  return enforce(ctx.services.limiter, [
    { key: `new-cart:ip:${clientIp(ctx.request)}`, limit: Math.round(120 * ctx.config.RATE_LIMIT_IP_FACTOR), windowMs: NEW_CART_WINDOW_MS },
  ]);
}

/**
 * The caller: store view, the customer of the bearer token or the storefront's session cookie, and
 * the digest of the guest cart credential cookie. `claim` (a call that gives a guest cart personal
 * data) issues a credential to a browser without one, so a cart made before credentials existed can
 * be bound to it.
 */
async function callerOf(ctx: GraphQLContext, opts: { claim?: boolean } = {}): Promise<Caller> {
  const session = await graphqlSession(ctx.services.identity, ctx.request);
  let guestKey = guestKeyOf(ctx.request, ctx.config);
  if (!guestKey && opts.claim && !session) guestKey = issueGuestKey(ctx.request, ctx.reply, ctx.config);
  return { store: ctx.store, customerUuid: session?.uuid ?? null, guestKey };
}

async function requireCustomer(ctx: GraphQLContext): Promise<Caller & { customerUuid: string }> {
  const caller = await callerOf(ctx);
  if (!caller.customerUuid) throw new AppError('UNAUTHORISED', "The current customer isn't authorized.");
  return caller as Caller & { customerUuid: string };
}

/** The Magento Cart of a cart row, read in the caller's transaction. */
async function render(tx: Queryable, ctx: GraphQLContext, cart: CartRow, known?: ComputedCart) {
  // compute reads the cart row afresh, so changes made by the mutation show; a mutation that
  // priced the cart as its last step hands that over instead.
  const computed = known ?? (await ctx.services.cart.compute(tx, ctx.store, cart));
  const categories = await ctx.services.catalog.categories(ctx.store, tx);
  // Country names are needed only for the addresses the cart has.
  const countries = computed.shipping || computed.billing ? await ctx.services.checkout.countries(tx, ctx.store) : [];
  return cartView(computed, { categories, countries: new Map(countries.map((c) => [c.id, c.full_name_locale])), store: ctx.store });
}

/** Runs a cart mutation in one transaction on the locked cart and answers with the cart after it. */
async function onCart<T>(
  ctx: GraphQLContext, cartId: string, fn: (tx: Queryable, cart: CartRow, caller: Caller) => Promise<T>,
  computedOf?: (result: T) => ComputedCart, opts: { claim?: boolean } = {},
) {
  const caller = await callerOf(ctx, opts);
  return ctx.db.transaction(async (tx) => {
    const cart = await ctx.services.cart.access(tx, caller, cartId, { lock: true, claim: opts.claim });
    const result = await fn(tx, cart, caller);
    return { result, cart: await render(tx, ctx, cart, computedOf?.(result)) };
  });
}

/**
 * Adds entries to a cart in one transaction: the user errors, and the cart as the additions left
 * it. `strict` (the older add mutations) turns the first user error into an error that undoes all.
 */
function addToCart(ctx: GraphQLContext, cartId: string, requests: AddRequest[], strict: boolean) {
  return onCart(ctx, cartId, async (tx, c) => {
    const r = await ctx.services.cart.addItems(tx, ctx.store, c, requests);
    if (strict) throwFirst(r.errors);
    return r;
  }, (r) => r.computed);
}

const MAX_ENTRIES = 50;

/** One request may touch at most MAX_ENTRIES lines: each entry costs a priced check of the cart. */
function bounded<T>(list: (T | null)[]): T[] {
  if (list.length > MAX_ENTRIES) throw new AppError('VALIDATION_FAILED', `At most ${MAX_ENTRIES} items can be sent at once.`);
  return list.filter((x): x is T => x != null);
}

function throwFirst(errors: UserError[]): void {
  if (errors.length) throw new AppError(errors[0]!.code as never, errors[0]!.phrase ?? errors[0]!.message);
}

function itemId(uid: string | null | undefined, id: number | null | undefined): string {
  const raw = uid != null ? decodeUid(String(uid)) : id != null ? String(id) : '';
  if (!/^\d{1,18}$/.test(raw)) throw new AppError('VALIDATION_FAILED', 'Required parameter "cart_item_uid" is missing or invalid.');
  return raw;
}

interface CartItemData { sku: string; quantity: number; parent_sku?: string | null; selected_options?: string[] | null; entered_options?: { uid: string; value: string }[] | null }

type BookAddress = Awaited<ReturnType<GraphQLContext['services']['identity']['addresses']>>[number];

/** The customer's own address-book entry, read before the cart transaction opens (identity owns its connection). */
async function customerAddress(ctx: GraphQLContext, caller: Caller, id: number | null | undefined): Promise<BookAddress | null> {
  if (id == null) return null;
  if (!caller.customerUuid) throw new AppError('UNAUTHORISED', 'The current customer isn\'t authorized.');
  const found = (await ctx.services.identity.addresses(caller.customerUuid)).find((a) => a.id === id);
  if (!found) throw new AppError('ENTITY_NOT_FOUND', `Could not find a address with ID "${id}"`);
  return found;
}

/** An address row from inline input or the customer's own address book, validated by the store's rules. */
async function addressRow(
  tx: Queryable, ctx: GraphQLContext, caller: Caller, kind: 'shipping' | 'billing',
  input: { address?: AddressInput | null; customer_address_id?: number | null; pickup_location_code?: string | null },
  book: BookAddress | null,
): Promise<CartAddressRow> {
  let source: AddressInput;
  let customerAddressId: number | null = null;
  if (book) {
    source = { ...book, street: book.street };
    customerAddressId = book.id;
  } else if (input.address) {
    source = input.address;
  } else {
    throw new AppError('VALIDATION_FAILED', 'The address or customer_address_id must be given.');
  }
  const pickupCode = input.pickup_location_code?.trim() || null;
  if (pickupCode) {
    const pickup = (await ctx.services.checkout.pickupStores(tx, ctx.store)).find((s) => s.code === pickupCode);
    if (!pickup) throw new AppError('VALIDATION_FAILED', `The pick-up location "${pickupCode.slice(0, 40)}" is not available.`);
    // The parcel goes to the store: its address replaces the street part, the customer's names stay.
    source = { ...source, street: [pickup.street], city: pickup.city, postcode: pickup.postcode, country_code: pickup.country_code, region: null };
  }
  const clean = await ctx.services.checkout.cleanAddress(tx, ctx.store, source, { skipPostcode: Boolean(pickupCode) });
  return {
    kind, ...clean,
    customer_address_id: customerAddressId,
    // Magento: true unless the shopper says otherwise; only a signed-in customer has a book to save to.
    save_in_address_book: Boolean(caller.customerUuid && !customerAddressId && (input.address?.save_in_address_book ?? true)),
    pickup_location_code: pickupCode,
  };
}

/** A message field Magento calls "localized": its phrase, or its code's sentence, in the store view's language. */
const spoken = {
  message: (e: { code?: string | null; message: string; phrase?: Phrase | null }, _: unknown, ctx: GraphQLContext) => say(e, ctx.store),
};

export const cartResolvers = {
  ...cartItemPointsResolvers,
  CartItemError: spoken,
  CartUserInputError: spoken,
  PlaceOrderError: spoken,
  Query: {
    async cart(_: unknown, args: { cart_id: string }, ctx: GraphQLContext) {
      const caller = await callerOf(ctx);
      return ctx.db.transaction(async (tx) => render(tx, ctx, await ctx.services.cart.access(tx, caller, args.cart_id, { lock: false })));
    },
    async customerCart(_: unknown, __: unknown, ctx: GraphQLContext) {
      const caller = await requireCustomer(ctx);
      return ctx.db.transaction(async (tx) => render(tx, ctx, await ctx.services.cart.customerCart(tx, ctx.store, caller.customerUuid)));
    },
  },
  Cart: {
    /** A customer's cart carries the account e-mail (read after the cart transaction, from identity). */
    async email(cart: { email: string | null; customer_uuid: string | null }, _: unknown, ctx: GraphQLContext) {
      if (cart.email || !cart.customer_uuid) return cart.email;
      return (await ctx.services.identity.profile(cart.customer_uuid)).personalInfo.email;
    },
    itemsV2(cart: { items: unknown[] }, args: { pageSize?: number | null; currentPage?: number | null }) {
      const pageSize = args.pageSize ?? 20;
      const currentPage = args.currentPage ?? 1;
      if (pageSize < 1 || pageSize > 100) throw new AppError('VALIDATION_FAILED', 'pageSize value must be between 1 and 100.');
      if (currentPage < 1) throw new AppError('VALIDATION_FAILED', 'currentPage value must be greater than 0.');
      const total = cart.items.length;
      return {
        items: cart.items.slice((currentPage - 1) * pageSize, currentPage * pageSize),
        total_count: total,
        page_info: { page_size: pageSize, current_page: currentPage, total_pages: Math.ceil(total / pageSize) },
      };
    },
  },
  Mutation: {
    async createEmptyCart(_: unknown, args: { input?: { cart_id?: string | null } | null }, ctx: GraphQLContext) {
      if (args.input?.cart_id) throw new AppError('VALIDATION_FAILED', 'A cart id cannot be chosen by the client.');
      const caller = await callerOf(ctx);
      // A guest cart is one INSERT, atomic on its own; a customer's cart is found or created in a transaction.
      if (!caller.customerUuid) await limitNewGuestCarts(ctx);
      const cart = caller.customerUuid
        ? await ctx.db.transaction((tx) => ctx.services.cart.customerCart(tx, ctx.store, caller.customerUuid!))
        : await ctx.services.cart.createGuestCart(ctx.db, ctx.store, issueGuestKey(ctx.request, ctx.reply, ctx.config));
      return cart.masked_id;
    },
    async createGuestCart(_: unknown, args: { input?: { cart_uid?: string | null } | null }, ctx: GraphQLContext) {
      if (args.input?.cart_uid) throw new AppError('VALIDATION_FAILED', 'A cart id cannot be chosen by the client.');
      const caller = await callerOf(ctx);
      if (caller.customerUuid) throw new AppError('VALIDATION_FAILED', 'Use `Query.customerCart` for logged in customer.');
      await limitNewGuestCarts(ctx);
      const key = issueGuestKey(ctx.request, ctx.reply, ctx.config);
      return ctx.db.transaction(async (tx) => ({ cart: await render(tx, ctx, await ctx.services.cart.createGuestCart(tx, ctx.store, key)) }));
    },
    async mergeCarts(_: unknown, args: { source_cart_id: string; destination_cart_id?: string | null }, ctx: GraphQLContext) {
      const caller = await requireCustomer(ctx);
      return ctx.db.transaction(async (tx) => {
        const destination = args.destination_cart_id
          ? await ctx.services.cart.access(tx, caller, args.destination_cart_id, { lock: true })
          : await ctx.services.cart.customerCart(tx, ctx.store, caller.customerUuid);
        if (destination.customer_uuid !== caller.customerUuid) throw new AppError('CART_NOT_FOUND', 'The destination cart must belong to the customer.');
        // Merging a guest cart takes it over: only the browser that created it may (decision 0033).
        const source = await ctx.services.cart.access(tx, caller, args.source_cart_id, { lock: true, claim: true });
        const dropped = await ctx.services.cart.merge(tx, ctx.store, source, destination);
        // A guest cart holds no campaign; the customer's stays while the merged items still cover its discount.
        let computed = await ctx.services.cart.compute(tx, ctx.store, destination);
        if (computed.campaign) {
          const items = computed.totals.subtotal_incl_tax - computed.totals.discounts.filter((d) => d.coupon_code).reduce((s, d) => s + d.amount, 0);
          if (items < computed.campaign.loyalty_discount_amount) {
            await ctx.services.loyalty.removeCampaignFromCart(tx, caller.customerUuid, destination.masked_id);
            dropped.push({ type: 'CAMPAIGN', code: computed.campaign.name, reason: 'ABOVE_TOTAL', message: renderPhrase(phrase('cart.campaignAboveTotal'), ctx.store) });
            computed = await ctx.services.cart.compute(tx, ctx.store, destination);
          }
        }
        return { ...(await render(tx, ctx, destination, computed)), dropped_on_merge: dropped };
      });
    },
    async addSimpleProductsToCart(_: unknown, args: { input: { cart_id: string; cart_items: { data: CartItemData }[] } }, ctx: GraphQLContext) {
      const { cart } = await addToCart(ctx, args.input.cart_id, bounded(args.input.cart_items).map((i) => ({ ...i.data })), true);
      return { cart };
    },
    async addConfigurableProductsToCart(
      _: unknown, args: { input: { cart_id: string; cart_items: { data: CartItemData; parent_sku?: string | null; variant_sku?: string | null }[] } }, ctx: GraphQLContext,
    ) {
      const requests: AddRequest[] = bounded(args.input.cart_items).map((i) => ({
        ...i.data, sku: i.variant_sku ?? i.data.sku, parent_sku: i.parent_sku ?? i.data.parent_sku ?? null,
      }));
      const { cart } = await addToCart(ctx, args.input.cart_id, requests, true);
      return { cart };
    },
    async addBundleProductsToCart(
      _: unknown, args: { input: { cart_id: string; cart_items: { data: CartItemData; bundle_options: { id: number; quantity: number; value: string[] }[] }[] } }, ctx: GraphQLContext,
    ) {
      const requests: AddRequest[] = bounded(args.input.cart_items).map((i) => ({ ...i.data, bundle_options: (i.bundle_options ?? []).filter(Boolean) }));
      const { cart } = await addToCart(ctx, args.input.cart_id, requests, true);
      return { cart };
    },
    async addProductsToCart(_: unknown, args: { cartId: string; cartItems: CartItemData[] }, ctx: GraphQLContext) {
      const items = bounded(args.cartItems);
      const { result, cart } = await addToCart(ctx, args.cartId, items, false);
      return { cart, user_errors: result.errors };
    },
    async updateCartItems(
      _: unknown, args: { input: { cart_id: string; cart_items: { cart_item_uid?: string | null; cart_item_id?: number | null; quantity?: number | null }[] } }, ctx: GraphQLContext,
    ) {
      const updates = bounded(args.input.cart_items).map((i) => {
        if (i.quantity == null) throw new AppError('VALIDATION_FAILED', 'Required parameter "quantity" for "cart_items" is missing.');
        return { itemId: itemId(i.cart_item_uid, i.cart_item_id), quantity: i.quantity };
      });
      const { cart } = await onCart(ctx, args.input.cart_id, (tx, c) => ctx.services.cart.updateItems(tx, ctx.store, c, updates));
      return { cart };
    },
    async removeItemFromCart(_: unknown, args: { input: { cart_id: string; cart_item_uid?: string | null; cart_item_id?: number | null } }, ctx: GraphQLContext) {
      const id = itemId(args.input.cart_item_uid, args.input.cart_item_id);
      const { cart } = await onCart(ctx, args.input.cart_id, (tx, c) => ctx.services.cart.removeItem(tx, ctx.store, c, id));
      return { cart };
    },
    async applyCouponToCart(_: unknown, args: { input: { cart_id: string; coupon_code: string } }, ctx: GraphQLContext) {
      const caller = await callerOf(ctx);
      const cartRow = await ctx.services.cart.access(ctx.db, caller, args.input.cart_id, { lock: false });
      // Guessing codes costs attempts: each code of a comma-joined list is one (so is each alias, each
      // being its own call), per cart, per client address and per customer (account, or a guest's e-mail).
      const cost = couponGuesses(args.input.coupon_code);
      const customer = ctx.services.cart.customerKey(cartRow);
      await enforce(ctx.services.limiter, [
        { key: `coupon:cart:${cartRow.id}`, limit: 10, windowMs: COUPON_WINDOW_MS, cost },
        { key: `coupon:ip:${clientIp(ctx.request)}`, limit: Math.round(30 * ctx.config.RATE_LIMIT_IP_FACTOR), windowMs: COUPON_WINDOW_MS, cost },
        ...(customer ? [{ key: `coupon:customer:${customer}`, limit: 20, windowMs: COUPON_WINDOW_MS, cost }] : []),
      ]);
      const { result } = await onCart(ctx, args.input.cart_id, (tx, c) => ctx.services.cart.applyCoupons(tx, ctx.store, c, args.input.coupon_code.slice(0, 300)));
      // Codes that passed stay applied (committed above); the first failure is the answer (spec §8).
      if (result.length) throw new AppError('VALIDATION_FAILED', result[0]!);
      const cart = await ctx.db.transaction(async (tx) => render(tx, ctx, cartRow));
      return { cart };
    },
    async removeCouponFromCart(_: unknown, args: { input: { cart_id: string } }, ctx: GraphQLContext) {
      const { cart } = await onCart(ctx, args.input.cart_id, (tx, c) => ctx.services.cart.removeCoupons(tx, c));
      return { cart };
    },
    async applyCampaignToCart(_: unknown, args: { input: { cart_id: string; campaign_uuid: string } }, ctx: GraphQLContext) {
      if (!(await ctx.services.loyalty.enabledIn(ctx.store.code))) throw new AppError('NOT_AVAILABLE', phrase('loyalty.notAvailable'));
      const campaignUuid = args.input.campaign_uuid.trim();
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(campaignUuid)) throw new AppError('ENTITY_NOT_FOUND', 'No data found');
      const { cart } = await onCart(ctx, args.input.cart_id, async (tx, c) => {
        // Points belong to a customer: a guest cart has none to spend.
        if (!c.customer_uuid) throw new AppError('UNAUTHORISED', phrase('loyalty.signInForPoints'));
        // Points are held, not yet spent: placeOrder debits them in its transaction.
        const applied = await ctx.services.loyalty.applyCampaignToCart(tx, {
          consumer: c.customer_uuid, cartId: c.masked_id, campaignUuid, currency: ctx.store.base_currency_code, storeCode: ctx.store.code,
        });
        const computed = await ctx.services.cart.compute(tx, ctx.store, c);
        const items = computed.totals.subtotal_incl_tax - computed.totals.discounts.filter((d) => d.coupon_code).reduce((s, d) => s + d.amount, 0);
        if (items < applied.loyalty_discount_amount) throw new AppError('NOT_ELIGIBLE', 'The cart total is below the campaign\'s discount.');
      });
      return { cart };
    },
    async removeCampaignFromCart(_: unknown, args: { input: { cart_id: string } }, ctx: GraphQLContext) {
      const { cart } = await onCart(ctx, args.input.cart_id, async (tx, c) => {
        if (c.customer_uuid) await ctx.services.loyalty.removeCampaignFromCart(tx, c.customer_uuid, c.masked_id);
      });
      return { cart };
    },
    async setGuestEmailOnCart(_: unknown, args: { input: { cart_id: string; email: string } }, ctx: GraphQLContext) {
      const { cart } = await onCart(ctx, args.input.cart_id, async (tx, c) => {
        if (c.customer_uuid) throw new AppError('VALIDATION_FAILED', 'The request is not allowed for logged in customers');
        if (!ctx.store.is_guest_checkout_enabled) throw new AppError('PERMISSION_DENIED', GUEST_CHECKOUT_REFUSED);
        await ctx.services.cart.setEmail(tx, c, args.input.email);
      }, undefined, { claim: true });
      return { cart };
    },
    async setShippingAddressesOnCart(
      _: unknown,
      args: { input: { cart_id: string; shipping_addresses: { address?: AddressInput | null; customer_address_id?: number | null; pickup_location_code?: string | null }[] } },
      ctx: GraphQLContext,
    ) {
      const list = args.input.shipping_addresses.filter(Boolean);
      if (list.length !== 1) throw new AppError('VALIDATION_FAILED', 'You cannot specify multiple shipping addresses.');
      const book = await customerAddress(ctx, await callerOf(ctx), list[0]!.customer_address_id);
      const { cart } = await onCart(ctx, args.input.cart_id, async (tx, c, caller) => {
        await ctx.services.cart.setAddress(tx, c, await addressRow(tx, ctx, caller, 'shipping', list[0]!, book));
      }, undefined, { claim: true });
      return { cart };
    },
    async setBillingAddressOnCart(
      _: unknown,
      args: { input: { cart_id: string; billing_address: { address?: AddressInput | null; customer_address_id?: number | null; same_as_shipping?: boolean | null; use_for_shipping?: boolean | null } } },
      ctx: GraphQLContext,
    ) {
      const b = args.input.billing_address;
      const book = await customerAddress(ctx, await callerOf(ctx), b.customer_address_id);
      const { cart } = await onCart(ctx, args.input.cart_id, async (tx, c, caller) => {
        let row: CartAddressRow;
        if (b.same_as_shipping && !b.address && b.customer_address_id == null) {
          const shipping = (await ctx.services.cart.compute(tx, ctx.store, c)).shipping;
          if (!shipping) throw new AppError('VALIDATION_FAILED', 'Could not use the "same_as_shipping" option, because the shipping address has not been set.');
          if (shipping.pickup_location_code) throw new AppError('VALIDATION_FAILED', 'A pick-up store cannot be the billing address.');
          row = { ...shipping, kind: 'billing', pickup_location_code: null };
        } else {
          row = await addressRow(tx, ctx, caller, 'billing', b, book);
        }
        await ctx.services.cart.setAddress(tx, c, row);
        if (b.use_for_shipping || b.same_as_shipping) await ctx.services.cart.setAddress(tx, c, { ...row, kind: 'shipping', pickup_location_code: null });
      }, undefined, { claim: true });
      return { cart };
    },
    async setShippingMethodsOnCart(_: unknown, args: { input: { cart_id: string; shipping_methods: { carrier_code: string; method_code: string }[] } }, ctx: GraphQLContext) {
      const list = args.input.shipping_methods.filter(Boolean);
      if (list.length !== 1) throw new AppError('VALIDATION_FAILED', 'You cannot specify multiple shipping methods.');
      const { cart } = await onCart(ctx, args.input.cart_id, (tx, c) => ctx.services.cart.setShippingMethod(tx, ctx.store, c, list[0]!.carrier_code, list[0]!.method_code), (computed) => computed);
      return { cart };
    },
    async setPaymentMethodOnCart(_: unknown, args: { input: { cart_id: string; payment_method: { code: string; agreement_ids?: number[] | null } } }, ctx: GraphQLContext) {
      const ids = args.input.payment_method.agreement_ids;
      const { cart } = await onCart(ctx, args.input.cart_id, async (tx, c) => {
        let agreementIds: number[] | undefined;
        if (ids) {
          // Only the store view's current agreements can be ticked: a stale id means the terms changed since the page loaded.
          const current = new Set((await ctx.services.legal.checkoutAgreements(tx, ctx.store)).map((a) => a.agreement_id));
          if (ids.some((id) => !current.has(id))) {
            throw new AppError('VALIDATION_FAILED', phrase('checkout.agreementsChanged'));
          }
          agreementIds = [...new Set(ids)];
        }
        await ctx.services.cart.setPaymentMethod(tx, ctx.store, c, args.input.payment_method.code, agreementIds);
      });
      return { cart };
    },
    async placeOrder(_: unknown, args: { input: { cart_id: string; additional_attributes?: AdditionalAttribute[] | null } }, ctx: GraphQLContext) {
      const caller: Caller = {
        ...(await callerOf(ctx)),
        client: {
          ip: clientIp(ctx.request),
          unpaidLimits: {
            buyer: ctx.config.ORDERS_UNPAID_PER_BUYER,
            address: ctx.config.ORDERS_UNPAID_PER_ADDRESS,
            client: Math.round(ctx.config.ORDERS_UNPAID_PER_CLIENT * ctx.config.RATE_LIMIT_IP_FACTOR),
          },
        },
      };
      const r = await placeOrder(ctx.db, ctx.services, caller, args.input.cart_id, (args.input.additional_attributes ?? []).filter(Boolean), {
        idempotencyKey: ctx.request.headers['idempotency-key'],
      });
      return {
        order: r.order ? { order_number: r.order.order_number, order_id: r.order.order_number, entity_id: r.order.entity_id } : null,
        errors: r.errors,
      };
    },
  },
};
