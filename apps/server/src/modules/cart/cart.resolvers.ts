import { phrase, say, type Phrase } from '../../platform/messages.js';
import { inTransaction } from '../../platform/transaction.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { AppError } from '../../platform/errors.js';
import { enforce } from '../../platform/rate-limit.js';
import { clientIp } from '../../platform/rest.js';
import { placeOrder } from '../../workflows/place-order.js';
import { GUEST_CHECKOUT_REFUSED, type AddRequest, type Caller } from './cart.service.js';
import { cartItemPointsResolvers } from './cart.points.js';
import { batchStatus, reorderError, reorderRequests } from './cart.reorder.js';
import { issueGuestKey } from './cart.guest-key.js';
import { noteCartChange } from './cart.context.js';
import {
  addToCart, bounded, callerOf, COUPON_WINDOW_MS, couponGuesses, customerAddress, itemId, limitNewGuestCarts, onCart, onCartPriced, render, requireCustomer, tickedAgreements, writeGuestAddress, writeGuestEmail, writeGuestPayment,
  addRequest, chosenFrequency, given,
} from './cart.edge.js';
import type {
  CartItemsV2Args, MutationAddBundleProductsToCartArgs, MutationAssignCustomerToGuestCartArgs, MutationReorderItemsArgs, MutationAddConfigurableProductsToCartArgs, MutationAddProductsToCartArgs,
  MutationAddSimpleProductsToCartArgs, MutationApplyCampaignToCartArgs, MutationApplyCouponToCartArgs, MutationCreateEmptyCartArgs,
  MutationCreateGuestCartArgs, MutationMergeCartsArgs, MutationPlaceOrderArgs, MutationRemoveCampaignFromCartArgs,
  MutationRemoveCouponFromCartArgs, MutationRemoveItemFromCartArgs, MutationResolvers, MutationSetBillingAddressOnCartArgs,
  MutationSetGuestEmailOnCartArgs, MutationSetPaymentMethodOnCartArgs, MutationSetShippingAddressesOnCartArgs,
  MutationSetShippingMethodsOnCartArgs, MutationUpdateCartItemsArgs, QueryCartArgs, QueryResolvers,
} from '../../graphql/generated/schema-types.js';

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
    async cart(_: unknown, args: QueryCartArgs, ctx: GraphQLContext) {
      const caller = await callerOf(ctx);
      return inTransaction(ctx.db, async (tx) => render(tx, ctx, await ctx.services.cart.access(tx, caller, args.cart_id, { lock: false })));
    },
    async customerCart(_: unknown, __: Record<PropertyKey, never>, ctx: GraphQLContext) {
      const caller = await requireCustomer(ctx);
      return inTransaction(ctx.db, async (tx) => render(tx, ctx, await ctx.services.cart.customerCart(tx, ctx.store, caller.customerUuid)));
    },
  } satisfies QueryResolvers,
  Cart: {
    /** A customer's cart carries the account e-mail (read after the cart transaction, from identity). */
    async email(cart: { email: string | null; customer_uuid: string | null }, _: unknown, ctx: GraphQLContext) {
      if (cart.email || !cart.customer_uuid) return cart.email;
      // The account's e-mail alone (one indexed read), not the whole profile.
      return ctx.services.identity.activeEmail(ctx.db, cart.customer_uuid);
    },
    itemsV2(cart: { items: unknown[] }, args: Partial<CartItemsV2Args>) {
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
    async createEmptyCart(_: unknown, args: MutationCreateEmptyCartArgs, ctx: GraphQLContext) {
      if (args.input?.cart_id) throw new AppError('VALIDATION_FAILED', 'A cart id cannot be chosen by the client.');
      const caller = await callerOf(ctx);
      // A guest cart is one INSERT, atomic on its own; a customer's cart is found or created in a transaction.
      if (!caller.customerUuid) await limitNewGuestCarts(ctx);
      const cart = caller.customerUuid
        ? await inTransaction(ctx.db, (tx) => ctx.services.cart.customerCart(tx, ctx.store, caller.customerUuid!))
        : await ctx.services.cart.createGuestCart(ctx.db, ctx.store, issueGuestKey(ctx.request, ctx.reply, ctx.config));
      return cart.masked_id;
    },
    async createGuestCart(_: unknown, args: MutationCreateGuestCartArgs, ctx: GraphQLContext) {
      if (args.input?.cart_uid) throw new AppError('VALIDATION_FAILED', 'A cart id cannot be chosen by the client.');
      const caller = await callerOf(ctx);
      if (caller.customerUuid) throw new AppError('VALIDATION_FAILED', 'Use `Query.customerCart` for logged in customer.');
      await limitNewGuestCarts(ctx);
      const key = issueGuestKey(ctx.request, ctx.reply, ctx.config);
      return inTransaction(ctx.db, async (tx) => ({ cart: await render(tx, ctx, await ctx.services.cart.createGuestCart(tx, ctx.store, key)) }));
    },
    async mergeCarts(_: unknown, args: MutationMergeCartsArgs, ctx: GraphQLContext) {
      const caller = await requireCustomer(ctx);
      return inTransaction(ctx.db, async (tx) => {
        const destination = args.destination_cart_id
          ? await ctx.services.cart.access(tx, caller, args.destination_cart_id, { lock: true })
          : await ctx.services.cart.customerCart(tx, ctx.store, caller.customerUuid);
        if (destination.customer_uuid !== caller.customerUuid) throw new AppError('CART_NOT_FOUND', 'The destination cart must belong to the customer.');
        // Merging a guest cart takes it over: only the browser that created it may (decision 0033).
        const source = await ctx.services.cart.access(tx, caller, args.source_cart_id, { lock: true, claim: true });
        const { drops, computed } = await ctx.services.cart.merge(tx, ctx.store, source, destination);
        return { ...(await render(tx, ctx, destination, computed)), dropped_on_merge: drops };
      });
    },
    /** Magento's assignCustomerToGuestCart: the guest cart of this browser joins the customer's cart, which is answered. */
    async assignCustomerToGuestCart(_: unknown, args: MutationAssignCustomerToGuestCartArgs, ctx: GraphQLContext) {
      const caller = await requireCustomer(ctx);
      return inTransaction(ctx.db, async (tx) => {
        const destination = await ctx.services.cart.customerCart(tx, ctx.store, caller.customerUuid);
        const source = await ctx.services.cart.access(tx, caller, args.cart_id, { lock: true, claim: true });
        if (source.customer_uuid) throw new AppError('CART_NOT_FOUND', `The cart "${args.cart_id.slice(0, 64)}" is not a guest cart.`);
        const { computed } = await ctx.services.cart.merge(tx, ctx.store, source, destination);
        return render(tx, ctx, destination, computed);
      });
    },
    /** Magento's reorderItems: the lines of one of the customer's orders go into their cart again; what cannot comes back as userInputErrors. */
    async reorderItems(_: unknown, args: MutationReorderItemsArgs, ctx: GraphQLContext) {
      const caller = await requireCustomer(ctx);
      const view = await ctx.services.orders.viewForCustomer(caller.customerUuid, args.orderNumber);
      const { requests, refused } = reorderRequests(view.items);
      const cartId = await inTransaction(ctx.db, async (tx) => (await ctx.services.cart.customerCart(tx, ctx.store, caller.customerUuid)).masked_id);
      const { result, cart } = await addToCart(ctx, cartId, requests, false);
      const errors = [...refused, ...result.errors.map(reorderError)];
      return {
        cart,
        userInputErrors: errors.map((e) => ({ code: e.code, message: say(e, ctx.store), path: ['orderNumber'] })),
        status: batchStatus(requests.length + refused.length, errors.length),
      };
    },
    async addSimpleProductsToCart(_: unknown, args: MutationAddSimpleProductsToCartArgs, ctx: GraphQLContext) {
      noteCartChange(ctx, 'addSimpleProductsToCart');
      const input = given(args.input);
      const { cart } = await addToCart(ctx, input.cart_id, bounded(input.cart_items).map((i) => addRequest(i.data)), true);
      return { cart };
    },
    async addConfigurableProductsToCart(
      _: unknown, args: MutationAddConfigurableProductsToCartArgs, ctx: GraphQLContext,
    ) {
      noteCartChange(ctx, 'addConfigurableProductsToCart');
      const input = given(args.input);
      const requests: AddRequest[] = bounded(input.cart_items).map((i) => addRequest(i.data, {
        sku: i.variant_sku ?? i.data.sku, parent_sku: i.parent_sku ?? i.data.parent_sku ?? null,
      }));
      const { cart } = await addToCart(ctx, input.cart_id, requests, true);
      return { cart };
    },
    async addBundleProductsToCart(
      _: unknown, args: MutationAddBundleProductsToCartArgs, ctx: GraphQLContext,
    ) {
      noteCartChange(ctx, 'addBundleProductsToCart');
      const input = given(args.input);
      const requests: AddRequest[] = bounded(input.cart_items).map((i) => addRequest(i.data, { bundle_options: i.bundle_options ?? [] }));
      const { cart } = await addToCart(ctx, input.cart_id, requests, true);
      return { cart };
    },
    async addProductsToCart(_: unknown, args: MutationAddProductsToCartArgs, ctx: GraphQLContext) {
      noteCartChange(ctx, 'addProductsToCart');
      const items = bounded(args.cartItems).map((i) => addRequest(i));
      const { result, cart } = await addToCart(ctx, args.cartId, items, false);
      return { cart, user_errors: result.errors, status: batchStatus(items.length, result.errors.length) };
    },
    async updateCartItems(
      _: unknown, args: MutationUpdateCartItemsArgs, ctx: GraphQLContext,
    ) {
      noteCartChange(ctx, 'updateCartItems');
      const input = given(args.input);
      const updates = bounded(input.cart_items).map((i) => {
        const frequencyWeeks = chosenFrequency(i.customizable_options);
        if (i.quantity == null && frequencyWeeks === undefined) throw new AppError('VALIDATION_FAILED', 'Required parameter "quantity" for "cart_items" is missing.');
        return { itemId: itemId(i.cart_item_uid, i.cart_item_id), quantity: i.quantity ?? undefined, frequencyWeeks };
      });
      const { cart } = await onCart(ctx, input.cart_id, (tx, c) => ctx.services.cart.updateItems(tx, ctx.store, c, updates));
      return { cart };
    },
    async removeItemFromCart(_: unknown, args: MutationRemoveItemFromCartArgs, ctx: GraphQLContext) {
      noteCartChange(ctx, 'removeItemFromCart');
      const input = given(args.input);
      const id = itemId(input.cart_item_uid, input.cart_item_id);
      const { cart } = await onCart(ctx, input.cart_id, (tx, c) => ctx.services.cart.removeItem(tx, ctx.store, c, id));
      return { cart };
    },
    async applyCouponToCart(_: unknown, args: MutationApplyCouponToCartArgs, ctx: GraphQLContext) {
      const input = given(args.input);
      const caller = await callerOf(ctx);
      const cartRow = await ctx.services.cart.access(ctx.db, caller, input.cart_id, { lock: false });
      // Guessing codes costs attempts: each code of a comma-joined list is one (so is each alias, each
      // being its own call), per cart, per client address and per customer (account, or a guest's e-mail).
      const cost = couponGuesses(input.coupon_code);
      const customer = ctx.services.cart.customerKey(cartRow);
      await enforce(ctx.services.limiter, [
        { key: `coupon:cart:${cartRow.id}`, limit: 10, windowMs: COUPON_WINDOW_MS, cost },
        { key: `coupon:ip:${clientIp(ctx.request)}`, limit: Math.round(30 * ctx.config.RATE_LIMIT_IP_FACTOR), windowMs: COUPON_WINDOW_MS, cost },
        ...(customer ? [{ key: `coupon:customer:${customer}`, limit: 20, windowMs: COUPON_WINDOW_MS, cost }] : []),
      ]);
      const { result } = await onCart(ctx, input.cart_id, (tx, c) => ctx.services.cart.applyCoupons(tx, ctx.store, c, input.coupon_code.slice(0, 300)));
      // Codes that passed stay applied (committed above); the first failure is the answer (spec §8).
      if (result.length) throw new AppError('VALIDATION_FAILED', result[0]!);
      const cart = await inTransaction(ctx.db, async (tx) => render(tx, ctx, cartRow));
      return { cart };
    },
    async removeCouponFromCart(_: unknown, args: MutationRemoveCouponFromCartArgs, ctx: GraphQLContext) {
      const input = given(args.input);
      const { cart } = await onCart(ctx, input.cart_id, (tx, c) => ctx.services.cart.removeCoupons(tx, c));
      return { cart };
    },
    async applyCampaignToCart(_: unknown, args: MutationApplyCampaignToCartArgs, ctx: GraphQLContext) {
      const { input } = args;
      if (!(await ctx.services.loyalty.enabledIn(ctx.store.code))) throw new AppError('NOT_AVAILABLE', phrase('loyalty.notAvailable'));
      const campaignUuid = input.campaign_uuid.trim();
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(campaignUuid)) throw new AppError('ENTITY_NOT_FOUND', 'No data found');
      const { cart } = await onCart(ctx, input.cart_id, (tx, c) => ctx.services.cart.applyCampaign(tx, ctx.store, c, campaignUuid), (computed) => computed);
      return { cart };
    },
    async removeCampaignFromCart(_: unknown, args: MutationRemoveCampaignFromCartArgs, ctx: GraphQLContext) {
      const { input } = args;
      const { cart } = await onCart(ctx, input.cart_id, (tx, c) => ctx.services.cart.removeCampaign(tx, c));
      return { cart };
    },
    async setGuestEmailOnCart(_: unknown, args: MutationSetGuestEmailOnCartArgs, ctx: GraphQLContext) {
      const input = given(args.input);
      const caller = await callerOf(ctx);
      const written = await writeGuestEmail(ctx, caller, input.cart_id, input.email);
      if (written) return { cart: written };
      const { cart } = await onCartPriced(ctx, input.cart_id, async (tx, c, _caller, state) => {
        if (c.customer_uuid) throw new AppError('VALIDATION_FAILED', 'The request is not allowed for logged in customers');
        if (!ctx.store.is_guest_checkout_enabled) throw new AppError('PERMISSION_DENIED', GUEST_CHECKOUT_REFUSED);
        return ctx.services.cart.setEmail(tx, ctx.store, c, input.email, state);
      }, { claim: true, caller });
      return { cart };
    },
    async setShippingAddressesOnCart(
      _: unknown,
      args: MutationSetShippingAddressesOnCartArgs,
      ctx: GraphQLContext,
    ) {
      const input = given(args.input);
      const list = input.shipping_addresses.filter(Boolean);
      if (list.length !== 1) throw new AppError('VALIDATION_FAILED', 'You cannot specify multiple shipping addresses.');
      const caller = await callerOf(ctx);
      const written = await writeGuestAddress(ctx, caller, input.cart_id, 'shipping', list[0]!);
      if (written) return { cart: written };
      const book = await customerAddress(ctx, caller, list[0]!.customer_address_id);
      const { cart } = await onCartPriced(ctx, input.cart_id, (tx, c, who, state) => ctx.services.cart.setShippingAddress(tx, ctx.store, c, who, list[0]!, book, state), { claim: true, caller });
      return { cart };
    },
    async setBillingAddressOnCart(
      _: unknown,
      args: MutationSetBillingAddressOnCartArgs,
      ctx: GraphQLContext,
    ) {
      const input = given(args.input);
      const b = input.billing_address;
      const caller = await callerOf(ctx);
      const written = await writeGuestAddress(ctx, caller, input.cart_id, 'billing', b);
      if (written) return { cart: written };
      const book = await customerAddress(ctx, caller, b.customer_address_id);
      const { cart } = await onCartPriced(ctx, input.cart_id, (tx, c, who, state) => ctx.services.cart.setBillingAddress(tx, ctx.store, c, who, b, book, state), { claim: true, caller });
      return { cart };
    },
    async setShippingMethodsOnCart(_: unknown, args: MutationSetShippingMethodsOnCartArgs, ctx: GraphQLContext) {
      const input = given(args.input);
      const list = input.shipping_methods.filter(Boolean);
      if (list.length !== 1) throw new AppError('VALIDATION_FAILED', 'You cannot specify multiple shipping methods.');
      const { cart } = await onCartPriced(ctx, input.cart_id, (tx, c, _caller, state) => ctx.services.cart.setShippingMethod(tx, ctx.store, c, list[0]!.carrier_code, list[0]!.method_code, state));
      return { cart };
    },
    async setPaymentMethodOnCart(_: unknown, args: MutationSetPaymentMethodOnCartArgs, ctx: GraphQLContext) {
      const input = given(args.input);
      const ids = input.payment_method.agreement_ids;
      const caller = await callerOf(ctx);
      const written = await writeGuestPayment(ctx, caller, input.cart_id, input.payment_method.code, ids);
      if (written) return { cart: written };
      const { cart } = await onCartPriced(ctx, input.cart_id, async (tx, c, _caller, state) => {
        const ticked = await tickedAgreements(ctx, tx, ids);
        if (ticked === 'stale') throw new AppError('VALIDATION_FAILED', phrase('checkout.agreementsChanged'));
        return ctx.services.cart.setPaymentMethod(tx, ctx.store, c, input.payment_method.code, ticked, state);
      }, { caller });
      return { cart };
    },
    async placeOrder(_: unknown, args: MutationPlaceOrderArgs, ctx: GraphQLContext) {
      const input = given(args.input);
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
      const r = await placeOrder(ctx.db, ctx.services, caller, input.cart_id, (input.additional_attributes ?? []).filter(Boolean), {
        idempotencyKey: ctx.request.headers['idempotency-key'],
      });
      return {
        order: r.order ? { order_number: r.order.order_number, order_id: r.order.order_number, entity_id: r.order.entity_id } : null,
        errors: r.errors,
      };
    },
  } satisfies MutationResolvers,
};
