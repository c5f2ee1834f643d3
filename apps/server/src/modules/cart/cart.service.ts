import { phrase, render, said, type Phrase } from '../../platform/messages.js';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { StoreView } from '../store/store.service.js';
import type { CatalogService, ProductDoc } from '../catalog/catalog.service.js';
import type { SaleFactsRow } from '../catalog/catalog.store.js';
import { decodeUid } from '../catalog/catalog.mapper.js';
import type { CheckoutService, PricedShippingMethod } from '../checkout/checkout.service.js';
import type { PickupStoreRow } from '../checkout/checkout.store.js';
import { paymentMethodsFor } from '../payments/payments.methods.js';
import { cartProblems, itemErrorCode, lineIdentity, unitPrice, type Line, type Problem, type ProblemCode } from './cart.lines.js';
import { buyerFacts, type CartOrdersPort } from './cart.rules.js';
import { computeTotals, type Totals } from './cart.pricing.js';
import * as store from './cart.store.js';
import type { BundleSelectionRef, CartAddressRow, CartItemRow, CartRow, CartRuleRow, PromotionRow } from './cart.store.js';
import { isGiftPromotion } from './cart.promotions.js';
import type { UnpaidLimits } from '../../workflows/unpaid-holds.js';

/** Magento's words when a store view has guest checkout off (checkout/options/guest_checkout). */
export const GUEST_CHECKOUT_REFUSED = phrase('checkout.guestNotAllowed');

const MASKED_ID = /^[A-Za-z0-9_-]{32}$/;
const MAX_LINE_QTY = 9999;
const MAX_LINES = 100;

/** A new masked cart id: 192 random bits, base64url (32 characters, Magento's length). */
export function newMaskedId(): string {
  return randomBytes(24).toString('base64url');
}

/** Who is asking: the store view of the request and the signed-in customer, if any. */
export interface Caller {
  store: StoreView;
  customerUuid: string | null;
  /**
   * The digest of the request's guest cart credential (the httpOnly cookie set when a guest cart is
   * created), null without one; a guest cart holding personal data answers only to it (decision 0033).
   */
  guestKey?: Buffer | null;
  /** The connection placing an order and its limits of orders waiting for payment (placeOrder). */
  client?: { ip: string | null; unpaidLimits: UnpaidLimits };
}

export interface ComputedLine extends Line {
  row: CartItemRow;
  unit_price: number;
  errors: { code: string; message: string; phrase?: Phrase | null }[];
}

/** What the cart asks of loyalty: the campaign applied to a customer's cart, priced as a fixed discount. */
export interface CartLoyaltyPort {
  appliedCampaign(q: Queryable, cartMaskedId: string, language?: string): Promise<{ campaign_uuid: string; name: string; loyalty_discount_points: number; loyalty_discount_amount: number; currency: string } | null>;
}

export interface ComputedCart {
  cart: CartRow;
  /** What the cart was priced from, so a change can be priced again without reading it back. */
  state: store.CartState;
  /** The loyalty campaign applied to the cart (customer carts only). */
  campaign: Awaited<ReturnType<CartLoyaltyPort['appliedCampaign']>>;
  store: StoreView;
  currency: string;
  lines: ComputedLine[];
  /** Lines whose product is no longer sold in the store view. */
  missing: CartItemRow[];
  problems: Problem[];
  /** The promotions running in the store view, and the gift products they offer (by sku). */
  promotions: PromotionRow[];
  giftDocs: Map<string, ProductDoc>;
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
  isVirtual: boolean;
}

/** What one add-to-cart entry asks for, whichever mutation it came through. */
export interface AddRequest {
  sku: string;
  quantity: number;
  parent_sku?: string | null;
  selected_options?: string[] | null;
  entered_options?: { uid: string; value: string }[] | null;
  bundle_options?: { id: number; quantity: number; value: string[] }[] | null;
}

export interface UserError {
  code: string;
  message: string;
  /** What the shopper reads, in the store view's language (platform/messages.ts). */
  phrase?: Phrase | null;
}

class AddRefused extends Error {
  public readonly phrase: Phrase | null;

  constructor(public readonly code: string, message: string | Phrase) {
    super(typeof message === 'string' ? message : render(message));
    this.phrase = typeof message === 'string' ? null : message;
  }
}

function requireInt(quantity: number): number {
  if (!Number.isFinite(quantity) || !Number.isInteger(quantity)) throw new AddRefused('ITEM_INCREMENTS', phrase('cart.quantityWhole'));
  if (quantity > MAX_LINE_QTY) throw new AddRefused('ITEM_QTY', phrase('cart.mostAtOnce', { count: MAX_LINE_QTY }));
  return quantity;
}

/** How many coupons a cart holds at most. */
const MAX_COUPONS = 5;

/** Why a coupon cannot be used on a cart (the storefront words each). */
export type CouponRefusal = 'NOT_VALID' | 'USED_UP' | 'ALREADY_USED' | 'MIN_SUBTOTAL' | 'TOO_MANY';

/** A coupon or loyalty campaign a merge could not carry over to the customer's cart, and why. */
export interface MergeDrop {
  type: 'COUPON' | 'CAMPAIGN';
  /** The coupon code, or the campaign's name. */
  code: string;
  reason: CouponRefusal | 'ABOVE_TOTAL';
  message: string;
}

/** Carts (Magento quotes): access, lines, limits, coupons, and the priced view of a cart. */
export class CartService {
  /** Products read in a transaction, kept for the rest of it (each cart call is one transaction). */
  private readonly perTx = new WeakMap<Queryable, { byId: Map<number, ProductDoc | null>; bySku: Map<string, ProductDoc | null> }>();

  private loyalty: CartLoyaltyPort | null = null;

  private orders: CartOrdersPort | null = null;

  constructor(
    private readonly checkout: CheckoutService,
    private readonly catalog: CatalogService,
  ) {}

  /** Wires loyalty in: a campaign applied to a customer's cart becomes a fixed discount after coupons. */
  useLoyalty(port: CartLoyaltyPort): void {
    this.loyalty = port;
  }

  /** Wires orders in: the ongoing-subscription rule reads the buyer's live orders. */
  useOrders(port: CartOrdersPort): void {
    this.orders = port;
  }

  // ---------- access ----------

  /**
   * The cart a caller may use. A customer's cart answers only to its owner's token; an unknown id,
   * another customer's cart or another store view's cart is CART_NOT_FOUND; a cart already ordered
   * or merged is CART_NOT_ACTIVE.
   */
  async access(
    q: Queryable, caller: Caller, maskedId: string, opts: { lock: boolean; allowInactive?: boolean; claim?: boolean },
  ): Promise<CartRow> {
    const found = MASKED_ID.test(maskedId ?? '') ? await store.findCart(q, maskedId, opts.lock) : null;
    const notFound = () => new AppError('CART_NOT_FOUND', `Could not find a cart with ID "${String(maskedId).slice(0, 40)}"`);
    // A merged cart is gone: its id grants nothing any more (decision 0033).
    if (!found || found.store_code !== caller.store.code || found.status === 'merged' || (found.customer_uuid !== null && found.customer_uuid !== caller.customerUuid)) {
      throw notFound();
    }
    const { guest_key_hash: keyHash, personal, ...cart } = found;
    if (cart.customer_uuid === null && (personal || opts.claim)) {
      // A guest cart with personal data, or about to take some or to be merged, answers only to the
      // browser that created it; anyone else is told what a random id is told.
      if (!caller.guestKey) throw notFound();
      if (keyHash ? !sameKey(keyHash, caller.guestKey) : personal || !(opts.lock && (await store.bindGuestKey(q, cart.id, caller.guestKey)))) throw notFound();
    }
    if (cart.status !== 'active' && !opts.allowInactive) throw new AppError('CART_NOT_ACTIVE', phrase('cart.notActive'));
    return cart;
  }

  /** A new guest cart, bound to the digest of the creating browser's guest credential when there is one. */
  createGuestCart(tx: Queryable, storeView: StoreView, guestKey: Buffer | null = null): Promise<CartRow> {
    return store.insertCart(tx, { masked_id: newMaskedId(), store_code: storeView.code, customer_uuid: null, guest_key_hash: guestKey });
  }

  customerCart(tx: Queryable, storeView: StoreView, uuid: string): Promise<CartRow> {
    return store.ensureCustomerCart(tx, uuid, storeView.code, newMaskedId());
  }

  // ---------- reading ----------

  /**
   * Products as sold now (CatalogService.productsForSale), by id and by sku (configurable children
   * included), kept for the rest of the transaction. Facts the cart state brought along are used when
   * they cover everything asked for; otherwise the facts are read in one statement.
   */
  private async saleProductsFor(q: Queryable, storeView: StoreView, ids: number[], skus: string[], facts?: SaleFactsRow[]) {
    let memo = this.perTx.get(q);
    if (!memo) {
      memo = { byId: new Map(), bySku: new Map() };
      this.perTx.set(q, memo);
    }
    const { byId, bySku } = memo;
    const newIds = [...new Set(ids)].filter((id) => !byId.has(id));
    const newSkus = [...new Set(skus)].filter((sku) => !bySku.has(sku));
    if (newIds.length || newSkus.length) {
      for (const id of newIds) byId.set(id, null);
      for (const sku of newSkus) bySku.set(sku, null);
      const have = facts?.filter((f) => newIds.includes(f.id) || newSkus.includes(f.sku)) ?? [];
      const covered = newIds.every((id) => have.some((f) => f.id === id)) && newSkus.every((sku) => have.some((f) => f.sku === sku));
      for (const d of await this.catalog.productsForSale(q, storeView, { ids: newIds, skus: newSkus, known: facts && covered ? have : undefined })) {
        byId.set(d.id, d);
        bySku.set(d.sku, d);
      }
    }
    const pick = <K,>(keys: K[], from: Map<K, ProductDoc | null>) => new Map(keys.flatMap((k) => {
      const d = from.get(k);
      return d ? [[k, d] as const] : [];
    }));
    return { byId: pick(ids, byId), bySku: pick(skus, bySku) };
  }

  private toLine(storeView: StoreView, row: CartItemRow, docs: Map<number, ProductDoc>): Line | null {
    const product = docs.get(row.product_id);
    const parent = row.parent_product_id ? docs.get(row.parent_product_id) ?? null : null;
    if (!product || (row.parent_product_id && !parent)) return null;
    const bundle: Line['bundle'] = [];
    for (const ref of row.bundle_selections) {
      const option = product.bundle_options.find((o) => o.id === ref.option_id);
      const selection = option?.selections.find((s) => s.id === ref.selection_id);
      if (!option || !selection) return null;
      bundle.push({ option, selection, quantity: ref.quantity });
    }
    void storeView;
    return { key: row.id, sku: row.sku, quantity: row.quantity, is_gift: row.is_gift, parent_gift_sku: row.parent_gift_sku, product, parent, bundle };
  }

  /** Whether a rule may be used on this cart now; the message is the one the client shows. */
  async ruleProblem(q: Queryable, rule: CartRuleRow, cart: CartRow, subtotal: number, currency: string, customerKey: string | null): Promise<Phrase | null> {
    return (await this.ruleRefusal(q, rule, cart, subtotal, currency, customerKey))?.phrase ?? null;
  }

  /** Why a rule may not be used on this cart now, as a code and the phrase the client shows; null when it may. */
  async ruleRefusal(
    q: Queryable, rule: CartRuleRow, cart: CartRow, subtotal: number, currency: string, customerKey: string | null,
  ): Promise<{ reason: CouponRefusal; phrase: Phrase } | null> {
    const invalid = { reason: 'NOT_VALID' as const, phrase: phrase('coupon.invalid', { code: rule.code }) };
    const now = Date.now();
    if (!rule.is_active || (rule.store_code !== null && rule.store_code !== cart.store_code)) return invalid;
    if ((rule.from_at && rule.from_at.getTime() > now) || (rule.to_at && rule.to_at.getTime() <= now)) return invalid;
    if (rule.uses_per_coupon !== null && rule.times_used >= rule.uses_per_coupon) return { reason: 'USED_UP', phrase: phrase('coupon.usedUp', { code: rule.code }) };
    if (rule.uses_per_customer !== null && customerKey && (await store.customerUses(q, rule.id, customerKey)) >= rule.uses_per_customer) {
      return { reason: 'ALREADY_USED', phrase: phrase('coupon.alreadyUsed', { code: rule.code }) };
    }
    if (subtotal < rule.min_subtotal_minor) {
      return { reason: 'MIN_SUBTOTAL', phrase: phrase('coupon.minSubtotal', { code: rule.code, amount: { minor: rule.min_subtotal_minor, currency } }) };
    }
    return null;
  }

  /** The key per-customer coupon limits count under: the customer, or a guest's e-mail. */
  customerKey(cart: CartRow): string | null {
    return cart.customer_uuid ?? (cart.email ? `email:${cart.email}` : null);
  }

  /** Everything about a cart, priced: lines with errors, coupons, totals, addresses, shipping. The cart row is read afresh. */
  async compute(q: Queryable, storeView: StoreView, given: CartRow, known?: store.CartState): Promise<ComputedCart> {
    const state = known ?? (await store.loadCartState(q, given.id, storeView.code));
    const cart = state.cart ?? given;
    const { items: rows, addresses, rules, tax, promotions } = state;
    const giftSkus = giftSkusOf(promotions);
    // Line products and the promotions' gifts are read together.
    const { byId: docs, bySku } = await this.saleProductsFor(q, storeView, lineProductIds(rows), giftSkus, state.facts);
    const giftDocs = new Map(giftSkus.flatMap((sku) => {
      const d = bySku.get(sku);
      return d ? [[sku, d] as const] : [];
    }));
    const lines: ComputedLine[] = [];
    const missing: CartItemRow[] = [];
    for (const row of rows) {
      const l = this.toLine(storeView, row, docs);
      if (!l) missing.push(row);
      else lines.push({ ...l, row, unit_price: unitPrice(l), errors: [] });
    }
    const buyer = await buyerFacts(q, { orders: this.orders, catalog: this.catalog }, cart, lines);
    const problems = cartProblems(storeView, lines, promotions, buyer);
    for (const p of problems) {
      for (const l of lines.filter((x) => p.keys.includes(x.key))) l.errors.push({ code: itemErrorCode(p.code), message: p.message, phrase: p.phrase });
    }
    const currency = storeView.base_currency_code;
    const subtotal = lines.reduce((s, l) => s + l.unit_price * l.quantity, 0);
    const valid: CartRuleRow[] = [];
    const ruleProblems: ComputedCart['ruleProblems'] = [];
    for (const r of rules) {
      const problem = await this.ruleProblem(q, r, cart, subtotal, currency, this.customerKey(cart));
      if (problem) ruleProblems.push({ code: r.code, ...said(problem) });
      else valid.push(r);
    }
    const pricedLines = lines.map((l) => ({ key: l.key, unit_price: l.unit_price, quantity: l.quantity, is_gift: l.is_gift }));
    const found = cart.customer_uuid && this.loyalty ? await this.loyalty.appliedCampaign(q, cart.masked_id, storeView.language) : null;
    const campaign = found && found.currency === currency ? found : null;
    // The campaign's discount comes after the coupons; its empty code marks it as no coupon.
    const pricing = campaign
      ? [...valid, { code: '', label: campaign.name, discount_type: 'fixed' as const, discount_value: campaign.loyalty_discount_amount }]
      : valid;
    const noShipping = computeTotals(pricedLines, pricing, 0, tax.rate_bp);
    const shipping = addresses.find((a) => a.kind === 'shipping') ?? null;
    const billing = addresses.find((a) => a.kind === 'billing') ?? null;
    const hasSubscription = lines.some((l) => l.product.is_subscription);
    const isVirtual = lines.length > 0 && lines.every((l) => l.product.type_id === 'virtual');
    let pickupStore: PickupStoreRow | null = null;
    let methods: PricedShippingMethod[] = [];
    if (shipping) {
      if (shipping.pickup_location_code) {
        pickupStore = (await this.checkout.pickupStores(q, storeView)).find((s) => s.code === shipping.pickup_location_code) ?? null;
      }
      methods = await this.checkout.methodsFor(q, storeView, {
        pickup: shipping.pickup_location_code !== null, itemsAfterDiscount: noShipping.grand_total, hasSubscription,
      });
    }
    const selectedMethod = methods.find(
      (m) => m.available && m.row.carrier_code === cart.shipping_carrier_code && m.row.method_code === cart.shipping_method_code,
    ) ?? null;
    const totals = selectedMethod ? computeTotals(pricedLines, pricing, selectedMethod.amount, tax.rate_bp) : noShipping;
    return {
      cart, state, campaign, store: storeView, currency, lines, missing, problems, promotions, giftDocs, rules: valid, ruleProblems, totals, tax,
      shipping, billing, pickupStore, methods, selectedMethod, hasSubscription, isVirtual,
    };
  }

  // ---------- lines ----------

  /** Resolves one add request to the line it would create, or refuses with a Magento user-error code. */
  private async resolveAdd(q: Queryable, storeView: StoreView, req: AddRequest): Promise<{ line: Omit<CartItemRow, 'id' | 'cart_id'>; docs: ProductDoc[] }> {
    const quantity = requireInt(req.quantity);
    let isGift = false;
    let parentGiftSku: string | null = null;
    for (const o of req.entered_options ?? []) {
      const name = ['is_gift', 'parent_gift_sku'].includes(o.uid) ? o.uid : decodeUid(o.uid);
      if (name === 'is_gift') isGift = o.value === 'true' || o.value === '1';
      else if (name === 'parent_gift_sku') parentGiftSku = o.value.trim().slice(0, 64) || null;
    }
    if (quantity <= 0) throw new AddRefused('UNDEFINED', phrase('cart.quantityPositive'));
    const skus = [req.sku, ...(req.parent_sku ? [req.parent_sku] : [])];
    const found = [...(await this.saleProductsFor(q, storeView, [], skus)).bySku.values()];
    let product = found.find((p) => p.sku === req.sku);
    let parent: ProductDoc | null = req.parent_sku ? found.find((p) => p.sku === req.parent_sku) ?? null : null;
    if (!product || (req.parent_sku && !parent)) {
      throw new AddRefused('PRODUCT_NOT_FOUND', `Could not find a product with SKU "${(req.parent_sku && !parent ? req.parent_sku : req.sku).slice(0, 64)}"`);
    }
    if (product.type_id === 'configurable') {
      // The parent sku with selected options (configurable/<attribute id>/<value index>) picks the child.
      const wanted = (req.selected_options ?? []).map(decodeUid).map((s) => s.split('/')).filter((p) => p[0] === 'configurable');
      const child = wanted.length
        ? product.children.find((c) => wanted.every(([, attr, value]) => String(attr === '93' ? c.color_value_index : c.flavor_value_index) === value))
        : undefined;
      if (!child) throw new AddRefused('UNDEFINED', phrase('cart.chooseOptions'));
      parent = product;
      product = child;
    }
    if (parent) {
      if (parent.type_id !== 'configurable' || !parent.children.some((c) => c.id === product!.id)) {
        throw new AddRefused('PRODUCT_NOT_FOUND', `Could not find the variant "${product.sku}" of "${parent.sku}"`);
      }
    }
    const bundle: BundleSelectionRef[] = [];
    if (product.type_id === 'bundle') {
      const chosen: BundleSelectionRef[] = [];
      for (const o of req.bundle_options ?? []) {
        for (const v of o.value) chosen.push({ option_id: o.id, selection_id: Number(v), quantity: o.quantity });
      }
      for (const uid of req.selected_options ?? []) {
        const [kind, optionId, selectionId, qty] = decodeUid(uid).split('/');
        if (kind === 'bundle') chosen.push({ option_id: Number(optionId), selection_id: Number(selectionId), quantity: Number(qty ?? 1) });
      }
      for (const option of product.bundle_options) {
        const picks = chosen.filter((c) => c.option_id === option.id);
        if (option.required && picks.length === 0) throw new AddRefused('UNDEFINED', phrase('cart.requiredOptions'));
        if (picks.length > 1 && (option.type === 'select' || option.type === 'radio')) throw new AddRefused('UNDEFINED', `Option "${option.title}" takes one choice.`);
        for (const pick of picks) {
          const sel = option.selections.find((s) => s.id === pick.selection_id);
          if (!sel) throw new AddRefused('UNDEFINED', `The bundle option "${option.title}" has no such choice.`);
          const q = sel.can_change_quantity ? pick.quantity : sel.quantity;
          if (!Number.isInteger(q) || q < 1 || q > 99) throw new AddRefused('ITEM_INCREMENTS', 'Bundle option quantities must be whole numbers from 1 to 99.');
          bundle.push({ option_id: option.id, selection_id: sel.id, quantity: q });
        }
      }
      if (chosen.some((c) => !product!.bundle_options.some((o) => o.id === c.option_id))) throw new AddRefused('UNDEFINED', 'The bundle has no such option.');
      bundle.sort((a, b) => a.option_id - b.option_id || a.selection_id - b.selection_id);
    } else if ((req.bundle_options ?? []).length) {
      throw new AddRefused('UNDEFINED', `${product.sku} is not a bundle.`);
    }
    if (isGift && !parentGiftSku) throw new AddRefused('GIFT_ERROR', 'A gift needs parent_gift_sku.');
    return {
      line: {
        product_id: product.id, parent_product_id: parent?.id ?? null, sku: product.sku, quantity,
        is_gift: isGift, parent_gift_sku: isGift ? parentGiftSku : null, bundle_selections: bundle,
      },
      docs: [product, ...(parent ? [parent] : [])],
    };
  }

  /**
   * Adds entries one by one (Magento semantics): each either lands whole or comes back as a user
   * error, judged on the cart as it would be after the addition (priced in memory before anything
   * is written). Gift entries with quantity ≤ 0 are skipped (spec §5). Answers the errors and the
   * priced cart after the additions.
   */
  async addItems(tx: Queryable, storeView: StoreView, cart: CartRow, requests: AddRequest[]): Promise<{ errors: UserError[]; computed: ComputedCart }> {
    const errors: UserError[] = [];
    // The products asked for are read with the cart itself, in one statement.
    const asked = requests.flatMap((r) => [r.sku, ...(r.parent_sku ? [r.parent_sku] : [])]).filter((sku) => typeof sku === 'string' && sku.length <= 64);
    let state = await store.loadCartState(tx, cart.id, storeView.code, asked);
    await this.saleProductsFor(tx, storeView, lineProductIds(state.items), [...giftSkusOf(state.promotions), ...asked], state.facts);
    let current = await this.compute(tx, storeView, cart, state);
    for (const req of requests) {
      const giftish = (req.entered_options ?? []).some((o) => (o.uid === 'is_gift' || decodeUid(o.uid) === 'is_gift') && (o.value === 'true' || o.value === '1'));
      if (giftish && !(req.quantity > 0)) continue;
      try {
        const { line } = await this.resolveAdd(tx, storeView, req);
        const identity = lineIdentity(line);
        const existing = current.lines.find((l) => lineIdentity(l.row) === identity);
        const newQty = (existing?.quantity ?? 0) + line.quantity;
        if (newQty > MAX_LINE_QTY) throw new AddRefused('ITEM_QTY', phrase('cart.mostPerLine', { count: MAX_LINE_QTY }));
        if (!existing && current.lines.length + current.missing.length >= MAX_LINES) throw new AddRefused('UNDEFINED', phrase('cart.mostLines', { count: MAX_LINES }));
        const items = existing
          ? state.items.map((r) => (r.id === existing.row.id ? { ...r, quantity: newQty } : r))
          : [...state.items, { ...line, id: PENDING_LINE, cart_id: cart.id }];
        refuseWorse(current, await this.compute(tx, storeView, cart, { ...state, items }));
        if (existing) {
          await store.setItemQuantity(tx, cart.id, existing.row.id, newQty);
          state = { ...state, items };
        } else {
          const id = await store.insertItem(tx, cart.id, line);
          state = { ...state, items: items.map((r) => (r.id === PENDING_LINE ? { ...r, id } : r)) };
        }
        current = await this.compute(tx, storeView, cart, state);
      } catch (err) {
        if (err instanceof AddRefused) errors.push({ code: err.code, message: err.message, phrase: err.phrase });
        else if (err instanceof AppError && isUserErrorCode(err.code)) errors.push({ code: err.code, message: err.message, phrase: err.phrase });
        else throw err;
      }
    }
    // Each written line touched the cart's updated_at with it.
    return { errors, computed: current };
  }

  /** updateCartItems: quantity 0 removes the line; each change is checked against the limits (setItemQuantity touches the cart). */
  async updateItems(tx: Queryable, storeView: StoreView, cart: CartRow, updates: { itemId: string; quantity: number }[]): Promise<void> {
    for (const u of updates) {
      const before = await this.compute(tx, storeView, cart);
      const line = before.lines.find((l) => l.row.id === u.itemId) ?? null;
      const missingRow = before.missing.find((m) => m.id === u.itemId) ?? null;
      if (!line && !missingRow) throw new AppError('ENTITY_NOT_FOUND', `Could not find cart item with id: ${u.itemId.slice(0, 20)}`);
      if (u.quantity === 0 || (missingRow && u.quantity >= 0)) {
        await this.removeItem(tx, storeView, cart, u.itemId);
        continue;
      }
      if (u.quantity < 0) throw new AppError('UNDEFINED', phrase('cart.quantityPositive'));
      try {
        const q = requireInt(u.quantity);
        // Priced in memory first, as an addition is: a change that makes a problem new or bigger is refused unwritten.
        const items = before.state.items.map((r) => (r.id === u.itemId ? { ...r, quantity: q } : r));
        refuseWorse(before, await this.compute(tx, storeView, cart, { ...before.state, items }));
        await store.setItemQuantity(tx, cart.id, u.itemId, q);
      } catch (err) {
        if (err instanceof AddRefused) throw new AppError(err.code as ProblemCode, err.phrase ?? err.message);
        throw err;
      }
    }
  }

  /** Removes a line and the free gifts left without a paid line of their parent product (also a configurable parent). */
  async removeItem(tx: Queryable, storeView: StoreView, cart: CartRow, itemId: string): Promise<void> {
    const rows = await store.listItems(tx, cart.id);
    if (!rows.some((r) => r.id === itemId)) throw new AppError('ENTITY_NOT_FOUND', `Could not find cart item with id: ${itemId.slice(0, 20)}`);
    await store.deleteItems(tx, cart.id, [itemId]);
    const after = await this.compute(tx, storeView, cart);
    const paid = after.lines.filter((l) => !l.is_gift);
    const orphans = after.lines.filter((g) => g.is_gift && !paid.some((l) => l.sku === g.parent_gift_sku || l.parent?.sku === g.parent_gift_sku));
    await store.deleteItems(tx, cart.id, orphans.map((g) => g.row.id));
    await store.updateCart(tx, cart.id, {});
  }

  /**
   * mergeCarts: moves the source cart's lines into the destination, adding quantities of equal lines,
   * and its coupons: every coupon of either cart that is still valid for the destination's owner on
   * the merged lines stays applied; the others are dropped and answered with the reason (decision 0023).
   */
  async merge(tx: Queryable, storeView: StoreView, source: CartRow, destination: CartRow): Promise<MergeDrop[]> {
    if (source.id === destination.id) return [];
    const [destinationRules, sourceRules] = await Promise.all([store.listCouponRules(tx, destination.id), store.listCouponRules(tx, source.id)]);
    const [from, to] = await Promise.all([store.listItems(tx, source.id), store.listItems(tx, destination.id)]);
    for (const line of from) {
      const same = to.find((t) => lineIdentity(t) === lineIdentity(line));
      if (same) {
        same.quantity = Math.min(MAX_LINE_QTY, same.quantity + line.quantity);
        await store.setItemQuantity(tx, destination.id, same.id, same.quantity);
      } else {
        await store.insertItem(tx, destination.id, line);
      }
    }
    await store.deleteItems(tx, source.id, from.map((l) => l.id));
    await store.clearCoupons(tx, source.id);
    await store.updateCart(tx, source.id, { status: 'merged' });

    // Coupons are checked as applyCoupons checks them: against the merged lines before any discount.
    await store.clearCoupons(tx, destination.id);
    const merged = await this.compute(tx, storeView, destination);
    const drops: MergeDrop[] = [];
    const seen = new Set<number>();
    let position = 0;
    for (const rule of [...destinationRules, ...sourceRules]) {
      if (seen.has(rule.id)) continue;
      seen.add(rule.id);
      const refusal = position >= MAX_COUPONS
        ? { reason: 'TOO_MANY' as const, phrase: phrase('coupon.tooMany') }
        : await this.ruleRefusal(tx, rule, merged.cart, merged.totals.subtotal_incl_tax, merged.currency, this.customerKey(merged.cart));
      if (refusal) drops.push({ type: 'COUPON', code: rule.code, reason: refusal.reason, message: render(refusal.phrase, storeView) });
      else await store.addCoupon(tx, destination.id, rule.id, position++);
    }
    await store.updateCart(tx, destination.id, {});
    return drops;
  }

  // ---------- coupons ----------

  /**
   * applyCouponToCart: removes the applied coupons first, then applies each comma-separated code
   * in turn. Codes that fail are reported (the first message wins); those that pass stay applied.
   */
  async applyCoupons(tx: Queryable, storeView: StoreView, cart: CartRow, input: string): Promise<Phrase[]> {
    const codes = [...new Set(input.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean))];
    if (codes.length === 0) throw new AppError('VALIDATION_FAILED', phrase('coupon.missing'));
    if (codes.length > MAX_COUPONS) throw new AppError('VALIDATION_FAILED', phrase('coupon.tooMany'));
    await store.clearCoupons(tx, cart.id);
    const view = await this.compute(tx, storeView, cart);
    if (view.lines.length === 0) throw new AppError('VALIDATION_FAILED', phrase('coupon.emptyCart'));
    const messages: Phrase[] = [];
    let position = 0;
    const base = view.totals.subtotal_incl_tax;
    for (const code of codes) {
      const rule = /^[A-Z0-9_-]{3,40}$/.test(code) ? await store.findRuleByCode(tx, code) : null;
      const problem = rule
        ? await this.ruleProblem(tx, rule, cart, base, view.currency, this.customerKey(cart))
        : phrase('coupon.invalid', { code: code.slice(0, 40) });
      if (problem) {
        messages.push(problem);
        continue;
      }
      await store.addCoupon(tx, cart.id, rule!.id, position++);
    }
    await store.updateCart(tx, cart.id, {});
    return messages;
  }

  async removeCoupons(tx: Queryable, cart: CartRow): Promise<void> {
    await store.clearCoupons(tx, cart.id);
    await store.updateCart(tx, cart.id, {});
  }

  /** Counts each applied coupon once for this order; false when one is used up (DB-guarded). */
  async countCouponUses(tx: Queryable, cart: CartRow, rules: CartRuleRow[], customerKey: string): Promise<Phrase | null> {
    for (const r of [...rules].sort((a, b) => a.id - b.id)) {
      if (!(await store.countRuleUse(tx, r.id))) return phrase('coupon.usedUp', { code: r.code });
      if (!(await store.countCustomerUse(tx, r.id, customerKey, r.uses_per_customer))) return phrase('coupon.alreadyUsed', { code: r.code });
    }
    return null;
  }

  // ---------- checkout fields ----------

  async setEmail(tx: Queryable, cart: CartRow, email: string): Promise<void> {
    const e = email.trim().toLowerCase();
    if (e.length > 254 || !/^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/.test(e)) throw new AppError('VALIDATION_FAILED', phrase('checkout.emailInvalid'));
    await store.updateCart(tx, cart.id, { email: e });
  }

  async setAddress(tx: Queryable, cart: CartRow, a: CartAddressRow): Promise<void> {
    await store.upsertAddress(tx, cart.id, a);
  }

  /** Chooses the shipping method; answers the cart priced with it. */
  async setShippingMethod(tx: Queryable, storeView: StoreView, cart: CartRow, carrier: string, method: string): Promise<ComputedCart> {
    const view = await this.compute(tx, storeView, cart);
    if (!view.shipping) throw new AppError('VALIDATION_FAILED', phrase('checkout.shippingAddressMissing'));
    const m = view.methods.find((x) => x.row.carrier_code === carrier && x.row.method_code === method);
    if (!m) throw new AppError('VALIDATION_FAILED', 'Carrier with such method not found: ' + `${carrier.slice(0, 40)}, ${method.slice(0, 40)}`);
    if (!m.available) throw new AppError('VALIDATION_FAILED', m.error_message ?? 'This shipping method is not available.');
    const patch = { shipping_carrier_code: carrier, shipping_method_code: method };
    await store.updateCart(tx, cart.id, patch);
    return this.compute(tx, storeView, view.cart, { ...view.state, cart: { ...view.cart, ...patch } });
  }

  /** Chooses the payment method; `agreementIds` (already checked against the store's agreements) replaces the ticked ones when given. */
  async setPaymentMethod(tx: Queryable, storeView: StoreView, cart: CartRow, code: string, agreementIds?: number[]): Promise<void> {
    if (!paymentMethodsFor(storeView.code).some((m) => m.code === code)) throw new AppError('VALIDATION_FAILED', phrase('checkout.paymentMethodUnavailable'));
    await store.updateCart(tx, cart.id, { payment_method_code: code, ...(agreementIds ? { agreement_ids: agreementIds } : {}) });
  }

  /**
   * placeOrder's second look at a cart with a subscription (others pass at once): with the buyer's
   * placements serialised, no order placed in parallel may have started one since the cart was computed.
   */
  async assertNoOngoingSubscription(tx: Queryable, cart: CartRow, lines: Line[]): Promise<void> {
    const buyer = await buyerFacts(tx, { orders: this.orders, catalog: this.catalog }, cart, lines, { lock: true });
    if (buyer.hasOngoingSubscription) throw new AppError('UNABLE_TO_PLACE_ORDER', phrase('cart.ongoingSubscription'));
  }

  /**
   * Deletes guest carts nobody came back to for `days` days, in batches of `batch` (one statement
   * each, so no long transaction), until none is left; answers how many went.
   */
  async deleteUntouchedGuestCarts(db: Queryable, days: number, batch = 500): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await store.deleteUntouchedGuestCarts(db, days, batch);
      total += n;
      if (n < batch) return total;
    }
  }

  async markOrdered(tx: Queryable, cart: CartRow): Promise<void> {
    await store.updateCart(tx, cart.id, { status: 'ordered' });
  }
}

function sameKey(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The gift products the running promotions offer. */
function giftSkusOf(promotions: PromotionRow[]): string[] {
  return [...new Set(promotions.filter(isGiftPromotion).flatMap((p) => p.skus))];
}

/** The products a cart's lines name: the sold product and a configurable parent. */
function lineProductIds(rows: CartItemRow[]): number[] {
  return [...new Set(rows.flatMap((r) => (r.parent_product_id ? [r.product_id, r.parent_product_id] : [r.product_id])))];
}

/** The id a line being added has while it is priced in memory, before it is written. */
const PENDING_LINE = 'pending';

/** Refuses a change that created a problem or made one bigger, with that problem's code and message. */
function refuseWorse(before: ComputedCart, after: ComputedCart): void {
  const fresh = after.problems.find((p) => worsened(p, before, after));
  if (fresh) throw new AddRefused(fresh.code, fresh.phrase);
}

/** A problem the change created, or one it made bigger (more units involved than before). */
function worsened(p: Problem, before: ComputedCart, after: ComputedCart): boolean {
  const prev = before.problems.find((b) => b.code === p.code && b.message === p.message);
  if (!prev) return true;
  const units = (c: ComputedCart, keys: string[]) => c.lines.filter((l) => keys.includes(l.key)).reduce((s, l) => s + l.quantity, 0);
  return units(after, p.keys) > units(before, prev.keys);
}

const USER_ERROR_CODES = new Set([
  'PRODUCT_NOT_FOUND', 'NOT_SALABLE', 'INSUFFICIENT_STOCK', 'UNDEFINED', 'GIFT_ERROR', 'ITEM_QTY', 'ITEM_INCREMENTS', 'ITEM_INCREMENT', 'CARTONS_LIMIT',
  'PERMISSION_DENIED', 'TRADEIN_LIMIT', 'ONGOING_SUBSCRIPTION',
]);

function isUserErrorCode(code: string): boolean {
  return USER_ERROR_CODES.has(code);
}

export { AddRefused };
