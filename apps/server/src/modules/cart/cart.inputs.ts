import type { Reader, Tx } from '../../platform/db.js';
import type { StoreView } from '../store/store.service.js';
import type { CatalogService, ProductDoc } from '../catalog/catalog.service.js';
import type { SaleFactsRow } from '../catalog/catalog.store.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import { buyerFacts, type CartSubscriptionsPort, type CartTrialsPort } from './cart.rules.js';
import { customerKey, giftSkusOf, type AppliedCampaign, type PricingInputs, type PricingLine } from './cart.pricer.js';
import * as store from './cart.store.js';
import type { CartItemRow, CartRow, CartState, StatePatch, StoreWideState } from './cart.store.js';
import { TtlCache } from '../../platform/ttl-cache.js';

/** What the cart asks of loyalty: the campaign applied to a customer's cart, and holding or releasing one. */
export interface CartLoyaltyPort {
  appliedCampaign(q: Reader, cartMaskedId: string, language?: string): Promise<AppliedCampaign | null>;
  applyCampaignToCart(tx: Tx, input: { consumer: string; cartId: string; campaignUuid: string; currency: string; storeCode: string }): Promise<{ loyalty_discount_amount: number }>;
  removeCampaignFromCart(tx: Tx, consumer: string, cartId: string): Promise<unknown>;
}

/** What the cart asks of trade-in: the trade-in products a customer may use now. */
export interface CartTradeInPort {
  usableTradeIns(q: Reader, storeView: StoreView, customerUuid: string): Promise<ReadonlySet<string>>;
}

/** The services the cart reads through, wired once (services.ts). */
export interface CartDeps {
  catalog: CatalogService;
  checkout: CheckoutService;
  loyalty: CartLoyaltyPort | null;
  subscriptions: CartSubscriptionsPort | null;
  tradeIn?: CartTradeInPort | null;
  trials?: CartTrialsPort | null;
}

/**
 * The state a mutation read with its lock (access.accessWithState) and what it wrote since: the
 * cart's own fields and the addresses it set. A mutation that writes anything else reads afresh.
 */
export interface StateSource {
  state: CartState;
  patch?: StatePatch;
}

/** A state with what a write changed laid over it: its own fields, and its addresses replacing those of their kind. */
export function patched(state: CartState, patch: StateSource['patch']): CartState {
  if (!patch) return state;
  const kinds = new Set(patch.addresses?.map((a) => a.kind));
  return {
    ...state,
    cart: state.cart && { ...state.cart, ...patch.cart },
    addresses: [...state.addresses.filter((a) => !kinds.has(a.kind)), ...(patch.addresses ?? [])],
  };
}

/** A cart line as the pricer takes it: its id is its key. */
export function pricingLine(row: Omit<CartItemRow, 'cart_id'>): PricingLine {
  return {
    key: row.id, product_id: row.product_id, parent_product_id: row.parent_product_id, sku: row.sku, quantity: row.quantity,
    is_gift: row.is_gift, parent_gift_sku: row.parent_gift_sku, bundle_selections: row.bundle_selections,
    subscription_frequency_weeks: row.subscription_frequency_weeks,
  };
}

/** The products lines name: the sold product and a configurable parent. */
function lineProductIds(rows: { product_id: number; parent_product_id: number | null }[]): number[] {
  return [...new Set(rows.flatMap((r) => (r.parent_product_id ? [r.product_id, r.parent_product_id] : [r.product_id])))];
}

type ProductMemo = { byId: Map<number, ProductDoc | null>; bySku: Map<string, ProductDoc | null> };

/** Reads what carts are priced from; products read in a transaction are kept for the rest of it. */
export class PricingLoader {
  private readonly perTx = new WeakMap<Reader, ProductMemo>();

  /**
   * The store-wide share of a cart's state per store view. Dropped when the catalogue (promotions,
   * prices), shown stock or configuration (tax) is announced as changed; the running promotions are
   * picked by time at each use; the time bound covers a process that hears no announcements.
   */
  private readonly wide = new TtlCache<StoreWideState>(60_000, 100);

  constructor(private readonly deps: CartDeps) {}

  /** The store view's tax rate, promotions and their gifts' sale facts, as this process keeps them. */
  storeWide(q: Reader, storeCode: string): Promise<StoreWideState> {
    return this.wide.through(storeCode, () => store.loadStoreWideState(q, storeCode));
  }

  invalidate(): void {
    this.wide.clear();
  }

  /**
   * Products as sold now (CatalogService.productsForSale), by id and by sku (configurable children
   * included). Facts read with the cart are used when they cover everything asked for; otherwise
   * the facts are read in one statement.
   */
  async products(q: Reader, storeView: StoreView, ids: number[], skus: string[], facts?: SaleFactsRow[]): Promise<PricingInputs['products']> {
    let memo = this.perTx.get(q);
    if (!memo) this.perTx.set(q, (memo = { byId: new Map(), bySku: new Map() }));
    const { byId, bySku } = memo;
    const newIds = [...new Set(ids)].filter((id) => !byId.has(id));
    const newSkus = [...new Set(skus)].filter((sku) => !bySku.has(sku));
    if (newIds.length || newSkus.length) {
      for (const id of newIds) byId.set(id, null);
      for (const sku of newSkus) bySku.set(sku, null);
      const have = facts?.filter((f) => newIds.includes(f.id) || newSkus.includes(f.sku)) ?? [];
      const covered = newIds.every((id) => have.some((f) => f.id === id)) && newSkus.every((sku) => have.some((f) => f.sku === sku));
      for (const d of await this.deps.catalog.productsForSale(q, storeView, { ids: newIds, skus: newSkus, known: facts && covered ? have : undefined })) {
        byId.set(d.id, d);
        bySku.set(d.sku, d);
      }
    }
    // Everything this transaction read so far is priced from.
    const known = <K,>(from: Map<K, ProductDoc | null>) => new Map([...from].flatMap(([k, d]) => (d ? [[k, d] as const] : [])));
    return { byId: known(byId), bySku: known(bySku) };
  }

  /**
   * Everything a cart's price depends on, read once in the caller's transaction: the cart's row,
   * lines, addresses, coupons, tax rate and running promotions in one statement with the lines'
   * sale facts (and those of `askedSkus`, products about to be added); then only what the cart
   * needs: the buyer's coupon uses for limited coupons, the applied campaign of a customer's cart,
   * the buyer's live subscription when a subscription is among the products, and the shipping
   * methods and pick-up stores (kept per process) once there is a delivery address.
   */
  async load(q: Reader, storeView: StoreView, given: CartRow, askedSkus: string[] = [], from?: StateSource): Promise<PricingInputs> {
    const state = from ? patched(from.state, from.patch) : await store.loadCartState(q, given.id, storeView.code, askedSkus);
    const cart = state.cart ?? given;
    let products = await this.products(q, storeView, lineProductIds(state.items), [...giftSkusOf(state.promotions), ...askedSkus], state.facts);
    // A configurable asked for is added as one of its children: those are priced as sold now too.
    const children = askedSkus.flatMap((sku) => products.bySku.get(sku)?.children.map((c) => c.id) ?? []).filter((id) => !products.byId.has(id));
    if (children.length) products = await this.products(q, storeView, children, []);
    const key = customerKey(cart);
    const limited = state.rules.filter((r) => r.uses_per_customer !== null).map((r) => r.id);
    const customerUses = key ? (limited.length ? await store.customerUsesOf(q, limited, key) : new Map<number, number>()) : null;
    const { loyalty, subscriptions, checkout } = this.deps;
    const campaign = cart.customer_uuid && loyalty ? await loyalty.appliedCampaign(q, cart.masked_id, storeView.language) : null;
    const withSubscription = [...products.byId.values()].some((p) => p.is_subscription);
    const buyer = await buyerFacts(q, { subscriptions }, cart, withSubscription);
    // A shopper's subscription line is delivered as often as chosen, among its plan's frequencies.
    const subscriptionFrequencies = subscriptions && withSubscription && cart.purpose === 'shop' ? await subscriptions.frequencies(q, storeView.code) : undefined;
    // A trade-in is judged on the customer's registered devices, read only when one is in play.
    if (cart.customer_uuid && this.deps.tradeIn && [...products.byId.values()].some((p) => p.kind === 'trade_in')) {
      buyer.tradeIns = await this.deps.tradeIn.usableTradeIns(q, storeView, cart.customer_uuid);
    }
    const shipping = state.addresses.find((a) => a.kind === 'shipping') ?? null;
    const billing = state.addresses.find((a) => a.kind === 'billing') ?? null;
    // A trial store view's kit: whether this buyer may have the trial (and at this address), and what keeping it costs.
    if (storeView.is_trial && this.deps.trials && cart.purpose === 'shop' && [...products.byId.values()].some((p) => p.kind === 'trial_kit')) {
      const at = shipping && !shipping.pickup_location_code ? shipping : null;
      buyer.trial = await this.deps.trials.cartFacts(q, storeView.code, cart.customer_uuid, at);
    }
    return {
      store: storeView,
      now: Date.now(),
      cart,
      lines: state.items.map(pricingLine),
      products,
      promotions: state.promotions,
      rules: state.rules,
      customerUses,
      campaign,
      tax: state.tax,
      shipping,
      billing,
      pickupStores: shipping?.pickup_location_code ? await checkout.pickupStores(q, storeView) : [],
      shippingMethods: shipping ? await checkout.shippingMethods(q, storeView) : [],
      buyer,
      subscriptionFrequencies,
    };
  }
}
