import { CART_USER_ERRORS, type CartItemErrorCode, type CartUserErrorCode } from '@ember/contracts';
import { phrase, said, type Phrase } from '../../platform/messages.js';
import type { StoreView } from '../store/store.service.js';
import type { BundleOptionDoc, ProductDoc } from '../catalog/catalog.service.js';
import { finalMinor, unitPriceForQuantity } from '../catalog/catalog.service.js';
import { promotionProblems } from './cart.promotions.js';
import { itemRuleProblems, type CartBuyer } from './cart.rules.js';
import type { PromotionRow } from './cart.store.js';

/** A cart line with the products it sells, as the limit checks and the pricing see it. */
export interface Line {
  key: string;
  sku: string;
  quantity: number;
  is_gift: boolean;
  parent_gift_sku: string | null;
  /** The sold product: simple, virtual, configurable child or the bundle itself. */
  product: ProductDoc;
  /** The configurable parent of a child line. */
  parent: ProductDoc | null;
  bundle: { option: BundleOptionDoc; selection: BundleOptionDoc['selections'][number]; quantity: number }[];
}

/** The codes of problems a priced cart can have (a part of the cart's user-error codes, packages/contracts). */
export type ProblemCode = Extract<
  CartUserErrorCode, 'ITEM_QTY' | 'ITEM_INCREMENT' | 'CARTONS_LIMIT' | 'GIFT_ERROR' | 'PERMISSION_DENIED' | 'INSUFFICIENT_STOCK' | 'NOT_SALABLE' | 'TRADEIN_LIMIT' | 'ONGOING_SUBSCRIPTION'
>;

/** The CartItemError code of a problem on the lines it names (packages/contracts maps each code once). */
export function itemErrorCode(code: ProblemCode): CartItemErrorCode {
  return CART_USER_ERRORS[code].item;
}

/** Something that stops a cart from being ordered; `keys` are the lines involved. */
export interface Problem {
  code: ProblemCode;
  /** In English, for logs and comparisons; `phrase` is what the shopper reads (platform/messages.ts). */
  message: string;
  phrase: Phrase;
  keys: string[];
}

const CARTON_KINDS = new Set(['sticks_carton', 'subscription']);

/**
 * Unit price of a line including tax: gifts are free, a kit costs its own price plus its chosen
 * selections' prices times their quantities, others follow tiers.
 */
export function unitPrice(l: Line): number {
  // A trade-in costs nothing: its product's price is the credit it gives (priceCart).
  if (l.is_gift || l.product.kind === 'trade_in' || l.parent?.kind === 'trade_in') return 0;
  if (l.product.type_id === 'bundle') return finalMinor(l.product) + l.bundle.reduce((sum, b) => sum + b.selection.price_minor * b.quantity, 0);
  return unitPriceForQuantity(l.product, l.quantity);
}

/** The stock each product of the cart needs: simple lines directly, bundles through their selections. */
export function stockDemand(lines: Line[]): Map<number, { quantity: number; sku: string; stock: number; name: string }> {
  const demand = new Map<number, { quantity: number; sku: string; stock: number; name: string }>();
  const add = (p: ProductDoc, q: number) => {
    const prev = demand.get(p.id);
    demand.set(p.id, { quantity: (prev?.quantity ?? 0) + q, sku: p.sku, stock: p.stock_qty ?? 0, name: p.name });
  };
  for (const l of lines) {
    if (l.product.type_id === 'bundle') for (const b of l.bundle) add(b.selection.product, b.quantity * l.quantity);
    else add(l.product, l.quantity);
  }
  return demand;
}

function linesWithStock(lines: Line[], productId: number): string[] {
  return lines
    .filter((l) => (l.product.type_id === 'bundle' ? l.bundle.some((b) => b.selection.product.id === productId) : l.product.id === productId))
    .map((l) => l.key);
}

/** A buyer the rules know nothing about: a customer without a subscription. */
const UNKNOWN_BUYER: CartBuyer = { isGuest: false, hasOngoingSubscription: false };

/**
 * Everything that stops the cart from being ordered: stock, the per-product order quantity limit,
 * the store's order limit, cartons limit, gift rules (spec §5), the cart promotions (cart.promotions.ts)
 * and the sales-step, trade-in and subscription rules (cart.rules.ts). Messages carry no counts so the
 * same problem reads the same before and after a change (add-to-cart compares them).
 */
export function cartProblems(store: StoreView, lines: Line[], promotions: PromotionRow[] = [], buyer: CartBuyer = UNKNOWN_BUYER): Problem[] {
  const problems: Problem[] = [];
  for (const [productId, d] of stockDemand(lines)) {
    if (d.quantity > d.stock) {
      problems.push({
        code: d.stock <= 0 ? 'NOT_SALABLE' : 'INSUFFICIENT_STOCK',
        ...said(phrase(d.stock <= 0 ? 'cart.skuNotAvailable' : 'cart.qtyNotAvailable', { sku: d.sku })),
        keys: linesWithStock(lines, productId),
      });
    }
  }
  // Per-product limit: on the sold product and on a configurable parent across its children.
  const limited = new Map<number, ProductDoc>();
  for (const l of lines) {
    if (l.product.order_quantity_limit !== null) limited.set(l.product.id, l.product);
    if (l.parent?.order_quantity_limit != null) limited.set(l.parent.id, l.parent);
  }
  for (const p of limited.values()) {
    const involved = lines.filter((l) => l.product.id === p.id || l.parent?.id === p.id);
    const total = involved.reduce((s, l) => s + l.quantity, 0);
    if (total > p.order_quantity_limit!) {
      problems.push({ code: 'ITEM_QTY', ...said(phrase('cart.productLimit', { name: p.name, count: p.order_quantity_limit! })), keys: involved.map((l) => l.key) });
    }
  }
  const paid = lines.filter((l) => !l.is_gift);
  if (store.is_order_limit_enabled && store.order_limit_value > 0) {
    const units = paid.reduce((s, l) => s + l.quantity, 0);
    if (units > store.order_limit_value) {
      problems.push({ code: 'ITEM_QTY', ...said(phrase('cart.orderLimit', { count: store.order_limit_value })), keys: paid.map((l) => l.key) });
    }
  }
  if (store.cartons_limit_value > 0) {
    let cartons = 0;
    const keys: string[] = [];
    for (const l of paid) {
      let n = CARTON_KINDS.has(l.product.kind) ? l.quantity : 0;
      for (const b of l.bundle) if (CARTON_KINDS.has(b.selection.product.kind)) n += b.quantity * l.quantity;
      if (n > 0) keys.push(l.key);
      cartons += n;
    }
    if (cartons > store.cartons_limit_value) {
      problems.push({ code: 'CARTONS_LIMIT', ...said(phrase('cart.cartonsLimit', { count: store.cartons_limit_value })), keys });
    }
  }
  const gifts = lines.filter((l) => l.is_gift);
  if (gifts.length) {
    if (!store.is_free_gifts_enabled) {
      problems.push({ code: 'GIFT_ERROR', ...said(phrase('cart.giftsOff')), keys: gifts.map((l) => l.key) });
    } else {
      const giftUnits = gifts.reduce((s, l) => s + l.quantity, 0);
      if (store.gift_basket_quantity_limitation > 0 && giftUnits > store.gift_basket_quantity_limitation) {
        problems.push({ code: 'GIFT_ERROR', ...said(phrase('cart.giftsLimit', { count: store.gift_basket_quantity_limitation })), keys: gifts.map((l) => l.key) });
      }
    }
  }
  problems.push(...promotionProblems(lines, promotions, store.language));
  problems.push(...itemRuleProblems(lines, buyer));
  return problems;
}

/** The key that merges two additions of the same thing into one line. */
export function lineIdentity(l: { product_id: number; parent_product_id: number | null; is_gift: boolean; parent_gift_sku: string | null; bundle_selections: { option_id: number; selection_id: number; quantity: number }[] }): string {
  return JSON.stringify([l.product_id, l.parent_product_id, l.is_gift, l.parent_gift_sku, l.bundle_selections.map((b) => [b.option_id, b.selection_id, b.quantity])]);
}
