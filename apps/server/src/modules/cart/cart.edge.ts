import { inTransaction } from '../../platform/transaction.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enforce } from '../../platform/rate-limit.js';
import { clientIp } from '../../platform/rest.js';
import { decodeUid } from '../catalog/catalog.mapper.js';
import { graphqlSession } from '../identity/identity.auth.js';
import type { AddRequest, Caller, CartService, ComputedCart, UserError } from './cart.service.js';
import type { CartRow, CartState } from './cart.store.js';
import { askedSkus, FREQUENCY_OPTION } from './cart.add.js';
import { isCredentialedGuest } from './cart.access.js';
import type { BookAddress } from './cart.addresses.js';
import { cartView } from './cart.view.js';
import { guestKeyOf, issueGuestKey } from './cart.guest-key.js';
import type { BundleOptionInput, CartItemInput, CustomizableOptionInput } from '../../graphql/generated/schema-types.js';

/**
 * The GraphQL edge of the cart (cart.resolvers.ts): who is asking, input checks, rate limits, the
 * one transaction a mutation runs in and the Magento shape of the cart it answers with.
 */

export const COUPON_WINDOW_MS = 10 * 60_000;

/** How many codes an applyCouponToCart input tries: its distinct comma-separated codes, at least one, at most what may be applied. */
export function couponGuesses(input: string): number {
  const codes = new Set(String(input).slice(0, 300).split(',').map((c) => c.trim().toUpperCase()).filter(Boolean));
  return Math.min(Math.max(codes.size, 1), 5);
}
const NEW_CART_WINDOW_MS = 10 * 60_000;

/** New guest carts cost a row each: per client address, a shopper's handful and a shared address's many pass, a script does not. */
export function limitNewGuestCarts(ctx: GraphQLContext): Promise<void> {
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
export async function callerOf(ctx: GraphQLContext, opts: { claim?: boolean } = {}): Promise<Caller> {
  const session = await graphqlSession(ctx.services.identity, ctx.request);
  let guestKey = guestKeyOf(ctx.request, ctx.config);
  if (!guestKey && opts.claim && !session) guestKey = issueGuestKey(ctx.request, ctx.reply, ctx.config);
  return { store: ctx.store, customerUuid: session?.uuid ?? null, guestKey };
}

export async function requireCustomer(ctx: GraphQLContext): Promise<Caller & { customerUuid: string }> {
  const caller = await callerOf(ctx);
  if (!caller.customerUuid) throw new AppError('UNAUTHORISED', "The current customer isn't authorized.");
  return caller as Caller & { customerUuid: string };
}

/** The Magento Cart of a cart row, read in the caller's transaction. */
export async function render(tx: Tx, ctx: GraphQLContext, cart: CartRow, known?: ComputedCart) {
  // compute reads the cart row afresh, so changes made by the mutation show; a mutation that
  // priced the cart as its last step hands that over instead.
  return renderPriced(tx, ctx, known ?? (await ctx.services.cart.compute(tx, ctx.store, cart)));
}

/** The Magento Cart of a priced cart; the categories and country names it names are read through `q`. */
async function renderPriced(q: Reader, ctx: GraphQLContext, computed: ComputedCart) {
  const categories = await ctx.services.catalog.categories(ctx.store, q);
  // Country names are needed only for the addresses the cart has.
  const countries = computed.shipping || computed.billing ? await ctx.services.checkout.countries(q, ctx.store) : [];
  return cartView(computed, { categories, countries: new Map(countries.map((c) => [c.id, c.full_name_locale])), store: ctx.store });
}

/**
 * setGuestEmailOnCart for a guest whose browser holds the cart's credential, in one statement with
 * no transaction around it (CartService.writeGuestEmail, docs/decisions/0053): the cart as written,
 * or null when the locking path must answer, which names any refusal as it always has.
 */
export async function writeGuestEmail(ctx: GraphQLContext, caller: Caller, cartId: string, email: string) {
  if (!ctx.store.is_guest_checkout_enabled) return null;
  const computed = await ctx.services.cart.writeGuestEmail(ctx.db, caller, cartId, email);
  return computed && renderPriced(ctx.db, ctx, computed);
}

/**
 * setShippingAddressesOnCart / setBillingAddressOnCart for a guest whose browser holds the cart's
 * credential, in one statement with no transaction around it (CartService.writeGuestAddress,
 * docs/decisions/0054): the cart as written, or null when the locking path must answer.
 */
export async function writeGuestAddress(
  ctx: GraphQLContext, caller: Caller, cartId: string, kind: 'shipping' | 'billing', input: Parameters<CartService['writeGuestAddress']>[4],
) {
  const computed = await ctx.services.cart.writeGuestAddress(ctx.db, caller, cartId, kind, input);
  return computed && renderPriced(ctx.db, ctx, computed);
}

/**
 * setPaymentMethodOnCart for a guest whose browser holds the cart's credential, in one statement with
 * no transaction around it (CartService.writeGuestPayment, docs/decisions/0054): the cart as written,
 * or null when the locking path must answer. Ticked agreements must all be the store's current ones.
 */
export async function writeGuestPayment(ctx: GraphQLContext, caller: Caller, cartId: string, code: string, ids: readonly number[] | null | undefined) {
  if (!isCredentialedGuest(caller)) return null;
  const ticked = await tickedAgreements(ctx, ctx.db, ids);
  if (ticked === 'stale') return null;
  const computed = await ctx.services.cart.writeGuestPayment(ctx.db, caller, cartId, code, ticked);
  return computed && renderPriced(ctx.db, ctx, computed);
}

/**
 * The checkout agreements a shopper ticked with the payment method, once each: undefined when none
 * were sent, 'stale' when one is not a current agreement of the store view (the terms changed since
 * the page loaded), since only current ones can be ticked.
 */
export async function tickedAgreements(ctx: GraphQLContext, q: Queryable, ids: readonly number[] | null | undefined): Promise<number[] | undefined | 'stale'> {
  if (!ids) return undefined;
  const current = new Set((await ctx.services.legal.checkoutTerms(q, ctx.store)).agreementIds);
  return ids.every((id) => current.has(id)) ? [...new Set(ids)] : 'stale';
}

/**
 * Runs a cart mutation in one transaction on the locked cart and answers with the cart after it.
 * `withState` reads the cart's state with the lock, in the same statement, and hands it to the
 * mutation (which then prices from it); `askedSkus` are products about to be added, read with it.
 */
export async function onCart<T>(
  ctx: GraphQLContext, cartId: string, fn: (tx: Tx, cart: CartRow, caller: Caller, state: CartState | undefined) => Promise<T>,
  computedOf?: (result: T) => ComputedCart, opts: { claim?: boolean; withState?: boolean; askedSkus?: string[]; storeWide?: boolean; caller?: Caller } = {},
) {
  // A caller the resolver already has is reused, unless claiming would give it a credential it lacks.
  const known = opts.caller;
  const caller = known && !(opts.claim && !known.guestKey && !known.customerUuid) ? known : await callerOf(ctx, opts);
  return inTransaction(ctx.db, async (tx) => {
    const { cart, state } = opts.withState
      ? await ctx.services.cart.accessWithState(tx, caller, cartId, { claim: opts.claim, askedSkus: opts.askedSkus, storeWide: opts.storeWide })
      : { cart: await ctx.services.cart.access(tx, caller, cartId, { lock: true, claim: opts.claim }), state: undefined };
    const result = await fn(tx, cart, caller, state);
    return { result, cart: await render(tx, ctx, cart, computedOf?.(result)) };
  });
}

/**
 * A checkout field (e-mail, addresses, shipping and payment method) that answers the cart priced
 * after it, on the state read with the cart's lock. It changes no line, so the store view's tax rate,
 * promotions and gifts are taken from what the process keeps (docs/decisions/0044); placeOrder
 * reads them again in its own transaction.
 */
export function onCartPriced(
  ctx: GraphQLContext, cartId: string, fn: (tx: Tx, cart: CartRow, caller: Caller, state: CartState | undefined) => Promise<ComputedCart>,
  opts: { claim?: boolean; caller?: Caller } = {},
) {
  return onCart(ctx, cartId, fn, (computed) => computed, { ...opts, withState: true, storeWide: true });
}

/**
 * Adds entries to a cart in one transaction: the user errors, and the cart as the additions left
 * it. `strict` (the older add mutations) turns the first user error into an error that undoes all.
 */
export function addToCart(ctx: GraphQLContext, cartId: string, requests: AddRequest[], strict: boolean) {
  return onCart(ctx, cartId, async (tx, c, _caller, state) => {
    const r = await ctx.services.cart.addItems(tx, ctx.store, c, requests, state);
    if (strict) throwFirst(r.errors);
    return r;
  }, (r) => r.computed, { withState: true, askedSkus: askedSkus(requests) });
}

const MAX_ENTRIES = 50;

/** One request may touch at most MAX_ENTRIES lines: each entry costs a priced check of the cart. */
export function bounded<T>(list: (T | null)[]): T[] {
  if (list.length > MAX_ENTRIES) throw new AppError('VALIDATION_FAILED', `At most ${MAX_ENTRIES} items can be sent at once.`);
  return list.filter((x): x is T => x != null);
}

export function throwFirst(errors: UserError[]): void {
  if (errors.length) throw new AppError(errors[0]!.code as never, errors[0]!.phrase ?? errors[0]!.message);
}

export function itemId(uid: string | null | undefined, id: number | null | undefined): string {
  const raw = uid != null ? decodeUid(String(uid)) : id != null ? String(id) : '';
  if (!/^\d{1,18}$/.test(raw)) throw new AppError('VALIDATION_FAILED', 'Required parameter "cart_item_uid" is missing or invalid.');
  return raw;
}

/**
 * A mutation's `input`. The GraphQL edge refuses a missing one whose type has required fields before
 * the resolver runs (requireInputObjects); this answers the same for a direct call.
 */
export function given<T>(input: T | null | undefined): T {
  if (input == null) throw new AppError('BAD_REQUEST', 'Required parameter "input" is missing');
  return input;
}

const present = <T>(list: (T | null | undefined)[] | null | undefined): T[] | null | undefined => list?.filter((x): x is T => x != null);

/** The add request of a schema cart entry (`CartItemInput`): its lists without empty entries. */
export function addRequest(data: CartItemInput, more: Partial<Pick<AddRequest, 'sku' | 'parent_sku'>> & { bundle_options?: (BundleOptionInput | null)[] } = {}): AddRequest {
  return {
    sku: more.sku ?? data.sku,
    quantity: data.quantity,
    parent_sku: more.parent_sku !== undefined ? more.parent_sku : data.parent_sku,
    selected_options: present(data.selected_options),
    entered_options: present(data.entered_options),
    ...(more.bundle_options ? { bundle_options: more.bundle_options.filter((o): o is BundleOptionInput => o != null).map((o) => ({ ...o, value: present(o.value) ?? [] })) } : {}),
  };
}

/**
 * The delivery frequency an updateCartItems entry chooses for a subscription line: its customizable
 * option `subscription_frequency_weeks` (plain or as a base64 uid) as a whole number of weeks, 0 when
 * it is not one (the plan refuses it); undefined when the entry names none.
 */
export function chosenFrequency(options: (CustomizableOptionInput | null)[] | null | undefined): number | undefined {
  const option = options?.find((o) => o?.uid != null && [o.uid, decodeUid(String(o.uid))].includes(FREQUENCY_OPTION));
  if (!option) return undefined;
  return /^\d{1,2}$/.test(option.value_string.trim()) ? Number(option.value_string.trim()) : 0;
}

/** The customer's own address-book entry, read before the cart transaction opens (identity owns its connection). */
export async function customerAddress(ctx: GraphQLContext, caller: Caller, id: number | null | undefined): Promise<BookAddress | null> {
  if (id == null) return null;
  if (!caller.customerUuid) throw new AppError('UNAUTHORISED', 'The current customer isn\'t authorized.');
  const found = (await ctx.services.identity.addresses(caller.customerUuid)).find((a) => a.id === id);
  if (!found) throw new AppError('ENTITY_NOT_FOUND', `Could not find a address with ID "${id}"`);
  return found;
}
