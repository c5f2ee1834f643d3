import { phrase, type Phrase } from '../../platform/messages.js';
import type { Queryable, Reader, Tx } from '../../platform/db.js';
import type { Transactions } from '../../platform/transaction.js';
import { AppError } from '../../platform/errors.js';
import type { StoreView } from '../store/store.service.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import * as access from './cart.access.js';
import { newMaskedId, type Caller } from './cart.access.js';
import type { AddRequest, UserError } from './cart.add.js';
import * as addresses from './cart.addresses.js';
import type { BookAddress, CartAddressInput } from './cart.addresses.js';
import * as coupons from './cart.coupons.js';
import { PricingLoader, type CartDeps, type CartLoyaltyPort, type CartTradeInPort } from './cart.inputs.js';
import * as items from './cart.items.js';
import type { MergeDrop } from './cart.items.js';
import type { Line } from './cart.lines.js';
import { customerKey, priceCart, type ComputedCart, type PricingInputs, type PricingLine } from './cart.pricer.js';
import { buyerFacts, isSubscriptionLine, type CartSubscriptionsPort, type CartTrialsPort } from './cart.rules.js';
import * as store from './cart.store.js';
import type { CartRow, CartRuleRow, CartState } from './cart.store.js';

export { newMaskedId, type Caller } from './cart.access.js';
export type { AddRequest, UserError } from './cart.add.js';
export type { MergeDrop } from './cart.items.js';
export type { CartLoyaltyPort } from './cart.inputs.js';
export type { ComputedCart, ComputedLine, CouponRefusal } from './cart.pricer.js';

/** Magento's words when a store view has guest checkout off (checkout/options/guest_checkout). */
export const GUEST_CHECKOUT_REFUSED = phrase('checkout.guestNotAllowed');

/**
 * Carts (Magento quotes), one entry point per use case: access (cart.access.ts), lines
 * (cart.items.ts, cart.add.ts), coupons and campaigns (cart.coupons.ts), addresses and shipping
 * (cart.addresses.ts). Every price comes from `priceCart` (cart.pricer.ts) on inputs read once by
 * `loadPricingInputs` (cart.inputs.ts).
 */
export class CartService {
  private readonly deps: CartDeps;

  private readonly loader: PricingLoader;

  constructor(checkout: CheckoutService, catalog: CatalogService) {
    this.deps = { checkout, catalog, loyalty: null, subscriptions: null };
    this.loader = new PricingLoader(this.deps);
  }

  /** Wires loyalty in: a campaign applied to a customer's cart becomes a fixed discount after coupons. */
  useLoyalty(port: CartLoyaltyPort): void {
    this.deps.loyalty = port;
  }

  /** Wires trade-in in: a trade-in line is judged on the customer's registered devices. */
  useTradeIn(port: CartTradeInPort): void {
    this.deps.tradeIn = port;
  }

  /** Wires subscriptions in: the ongoing-subscription rule asks whether the customer has one. */
  useSubscriptions(port: CartSubscriptionsPort): void {
    this.deps.subscriptions = port;
  }

  /** Wires trials in: a trial store view's cart asks whether its buyer may have the trial and what keeping it costs. */
  useTrials(port: CartTrialsPort): void {
    this.deps.trials = port;
  }

  // ---------- access ----------

  access(q: Reader, caller: Caller, maskedId: string, opts: { lock: boolean; allowInactive?: boolean; claim?: boolean }): Promise<CartRow> {
    return access.access(q, caller, maskedId, opts);
  }

  /**
   * A locking access that reads the cart's state with the lock, for a mutation that prices the cart
   * (`askedSkus`: products about to be added). `storeWide`: the store view's tax rate, promotions
   * and gifts come from what this process keeps (PricingLoader.storeWide), for a mutation that
   * changes no line; placeOrder and line changes read them in their transaction.
   */
  async accessWithState(
    tx: Tx, caller: Caller, maskedId: string, opts: { allowInactive?: boolean; claim?: boolean; askedSkus?: string[]; storeWide?: boolean } = {},
  ): Promise<{ cart: CartRow; state: CartState }> {
    const wide = opts.storeWide ? await this.loader.storeWide(tx, caller.store.code) : undefined;
    return access.accessWithState(tx, caller, maskedId, { ...opts, wide });
  }

  /** Drops what is kept of the store views' promotions, gifts and tax rates (a change was announced). */
  invalidate(): void {
    this.loader.invalidate();
  }

  /** The store view's tax rate in basis points (prices include it), for showing prices without it (docs/decisions/0074). */
  async taxRateBp(q: Reader, storeCode: string): Promise<number> {
    return (await this.loader.storeWide(q, storeCode)).tax.rate_bp;
  }

  /** One INSERT, atomic on its own: on the database or in the caller's transaction. */
  createGuestCart(q: Queryable, storeView: StoreView, guestKey: Buffer | null = null): Promise<CartRow> {
    return access.createGuestCart(q, storeView, guestKey);
  }

  /** The cart a subscription renewal is placed from: the customer's, apart from their shopping cart, ordered in the same transaction. */
  renewalCart(tx: Tx, storeView: StoreView, uuid: string, purpose: 'renewal' | 'conversion' = 'renewal'): Promise<CartRow> {
    return store.insertCart(tx, { masked_id: newMaskedId(), store_code: storeView.code, customer_uuid: uuid, purpose });
  }

  customerCart(tx: Tx, storeView: StoreView, uuid: string): Promise<CartRow> {
    return access.customerCart(tx, storeView, uuid);
  }

  /** A sweep of one short transaction per batch, each opened through `transactions`. */
  deleteUntouchedGuestCarts(transactions: Transactions, days: number, batch = 500): Promise<number> {
    return access.deleteUntouchedGuestCarts(transactions, days, batch);
  }

  // ---------- pricing ----------

  /** Everything a cart's price depends on, read once in the caller's transaction (`askedSkus`: products about to be added). */
  loadPricingInputs(q: Reader, storeView: StoreView, cart: CartRow, askedSkus: string[] = [], state?: CartState): Promise<PricingInputs> {
    return this.loader.load(q, storeView, cart, askedSkus, state && { state });
  }

  /** Prices `lines` (the cart's own by default) with `inputs`: pure (cart.pricer.ts). */
  price(inputs: PricingInputs, lines: PricingLine[] = inputs.lines): ComputedCart {
    return priceCart(inputs, lines);
  }

  /** Everything about a cart, priced: lines with errors, coupons, totals, addresses, shipping. The cart row is read afresh. */
  async compute(q: Reader, storeView: StoreView, cart: CartRow): Promise<ComputedCart> {
    return this.price(await this.loadPricingInputs(q, storeView, cart));
  }

  /** The key per-customer coupon limits count under: the customer, or a guest's e-mail. */
  customerKey(cart: CartRow): string | null {
    return customerKey(cart);
  }

  // ---------- lines ----------

  addItems(tx: Tx, storeView: StoreView, cart: CartRow, requests: AddRequest[], state?: CartState): Promise<{ errors: UserError[]; computed: ComputedCart }> {
    return items.addItems(tx, this.loader, storeView, cart, requests, state);
  }

  updateItems(tx: Tx, storeView: StoreView, cart: CartRow, updates: { itemId: string; quantity?: number; frequencyWeeks?: number }[]): Promise<void> {
    return items.updateItems(tx, this.loader, storeView, cart, updates);
  }

  removeItem(tx: Tx, storeView: StoreView, cart: CartRow, itemId: string): Promise<void> {
    return items.removeItem(tx, this.loader, storeView, cart, itemId);
  }

  merge(tx: Tx, storeView: StoreView, source: CartRow, destination: CartRow): Promise<{ drops: MergeDrop[]; computed: ComputedCart }> {
    return items.merge(tx, this.loader, this.deps.loyalty, storeView, source, destination);
  }

  // ---------- coupons and campaigns ----------

  applyCoupons(tx: Tx, storeView: StoreView, cart: CartRow, input: string): Promise<Phrase[]> {
    return coupons.applyCoupons(tx, this.loader, storeView, cart, input);
  }

  removeCoupons(tx: Tx, cart: CartRow): Promise<void> {
    return coupons.removeCoupons(tx, cart);
  }

  /** Counts each applied coupon once for this order; the refusal when one is used up (DB-guarded). */
  countCouponUses(tx: Tx, _cart: CartRow, rules: CartRuleRow[], key: string): Promise<Phrase | null> {
    return coupons.countCouponUses(tx, rules, key);
  }

  applyCampaign(tx: Tx, storeView: StoreView, cart: CartRow, campaignUuid: string): Promise<ComputedCart> {
    if (!this.deps.loyalty) throw new AppError('NOT_AVAILABLE', phrase('loyalty.notAvailable'));
    return coupons.applyCampaign(tx, this.loader, this.deps.loyalty, storeView, cart, campaignUuid);
  }

  async removeCampaign(tx: Tx, cart: CartRow): Promise<void> {
    if (this.deps.loyalty) await coupons.removeCampaign(tx, this.deps.loyalty, cart);
  }

  // ---------- checkout fields ----------

  // Each answers the cart priced after it; `state` is the one read with the cart's lock (accessWithState).

  /**
   * A guest's e-mail in one statement that runs on its own (access.writeGuest): the cart priced as
   * written, or null when the caller must take the locking path (setEmail in a transaction).
   */
  async writeGuestEmail(q: Queryable, caller: Caller, maskedId: string, email: string): Promise<ComputedCart | null> {
    const e = addresses.cartEmail(email);
    return e ? this.writeGuest(q, caller, maskedId, { cart: { email: e } }) : null;
  }

  /**
   * A guest's payment method in one statement that runs on its own (docs/decisions/0054), with the
   * agreements ticked (`agreementIds`, already checked against the store's current ones): the cart
   * priced as written, or null when the caller must take the locking path (which names a refusal).
   */
  async writeGuestPayment(q: Queryable, caller: Caller, maskedId: string, code: string, agreementIds?: number[]): Promise<ComputedCart | null> {
    if (!addresses.isPaymentMethodOf(caller.store, code)) return null;
    return this.writeGuest(q, caller, maskedId, { cart: { payment_method_code: code, ...(agreementIds ? { agreement_ids: agreementIds } : {}) } });
  }

  /**
   * A guest's delivery or billing address in one statement that runs on its own (docs/decisions/0054):
   * the cart priced as written, or null when the caller must take the locking path.
   */
  async writeGuestAddress(
    q: Queryable, caller: Caller, maskedId: string, kind: 'shipping' | 'billing',
    input: CartAddressInput & { same_as_shipping?: boolean | null; use_for_shipping?: boolean | null },
  ): Promise<ComputedCart | null> {
    if (!access.isCredentialedGuest(caller)) return null;
    const write = await addresses.guestAddressWrite(q, this.deps.checkout, caller.store, kind, input);
    return write ? this.writeGuest(q, caller, maskedId, write) : null;
  }

  private async writeGuest(q: Queryable, caller: Caller, maskedId: string, write: store.GuestWrite): Promise<ComputedCart | null> {
    const written = await access.writeGuest(q, caller, maskedId, await this.loader.storeWide(q, caller.store.code), write);
    return written && addresses.pricedAfter(q, this.loader, caller.store, written.cart, written.state, written.written);
  }

  setEmail(tx: Tx, storeView: StoreView, cart: CartRow, email: string, state?: CartState): Promise<ComputedCart> {
    return addresses.setEmail(tx, this.loader, storeView, cart, email, state);
  }

  setShippingAddress(
    tx: Tx, storeView: StoreView, cart: CartRow, caller: Caller, input: CartAddressInput, book: BookAddress | null, state?: CartState,
  ): Promise<ComputedCart> {
    return addresses.setShippingAddress(tx, this.addressDeps(), storeView, cart, caller.customerUuid, input, book, state);
  }

  setBillingAddress(
    tx: Tx, storeView: StoreView, cart: CartRow, caller: Caller,
    input: CartAddressInput & { same_as_shipping?: boolean | null; use_for_shipping?: boolean | null }, book: BookAddress | null, state?: CartState,
  ): Promise<ComputedCart> {
    return addresses.setBillingAddress(tx, this.addressDeps(), storeView, cart, caller.customerUuid, input, book, state);
  }

  setShippingMethod(tx: Tx, storeView: StoreView, cart: CartRow, carrier: string, method: string, state?: CartState): Promise<ComputedCart> {
    return addresses.setShippingMethod(tx, this.loader, storeView, cart, carrier, method, state);
  }

  setPaymentMethod(tx: Tx, storeView: StoreView, cart: CartRow, code: string, agreementIds?: number[], state?: CartState): Promise<ComputedCart> {
    return addresses.setPaymentMethod(tx, this.loader, storeView, cart, code, agreementIds, state);
  }

  private addressDeps() {
    return { checkout: this.deps.checkout, loader: this.loader };
  }

  // ---------- ordering ----------

  /**
   * placeOrder's second look at a cart with a subscription (others pass at once): with the buyer's
   * placements serialised, no order placed in parallel may have started one since the cart was priced.
   */
  async assertNoOngoingSubscription(tx: Tx, cart: CartRow, lines: Line[]): Promise<void> {
    const buyer = await buyerFacts(tx, this.deps, cart, lines.some(isSubscriptionLine), { lock: true });
    if (buyer.hasOngoingSubscription) throw new AppError('UNABLE_TO_PLACE_ORDER', phrase('cart.ongoingSubscription'));
  }

  async markOrdered(tx: Tx, cart: CartRow): Promise<void> {
    store.updateCart(tx, cart.id, { status: 'ordered' });
  }
}
