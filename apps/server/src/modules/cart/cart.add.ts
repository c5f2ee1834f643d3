import type { CartUserErrorCode } from '@ember/contracts';
import { phrase, render, type Phrase } from '../../platform/messages.js';
import type { ProductDoc } from '../catalog/catalog.service.js';
import { decodeUid } from '../catalog/catalog.mapper.js';
import { lineIdentity } from './cart.lines.js';
import { frequencyRefusal } from './cart.rules.js';
import type { PricingInputs, PricingLine } from './cart.pricer.js';
import type { BundleSelectionRef } from './cart.store.js';

/**
 * What one add-to-cart entry asks for becomes a line, or a refusal with a cart user-error code:
 * pure, from the products read with the cart (cart.inputs.ts).
 */

export const MAX_LINE_QTY = 9999;
export const MAX_LINES = 100;

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
  code: CartUserErrorCode;
  message: string;
  /** What the shopper reads, in the store view's language (platform/messages.ts). */
  phrase?: Phrase | null;
}

/** A user error of `code` saying `message` (a phrase, or English Magento words). */
export function userError(code: CartUserErrorCode, message: string | Phrase): UserError {
  return typeof message === 'string' ? { code, message, phrase: null } : { code, message: render(message), phrase: message };
}

/** A line to add (without a key: it has none until written), or why it cannot be. */
export type Resolved = { line: Omit<PricingLine, 'key'>; error?: undefined } | { line?: undefined; error: UserError };

/** A requested quantity as a whole number of at most MAX_LINE_QTY, or why it is not one. */
export function wholeQuantity(quantity: number): UserError | null {
  if (!Number.isFinite(quantity) || !Number.isInteger(quantity)) return userError('ITEM_INCREMENTS', phrase('cart.quantityWhole'));
  if (quantity > MAX_LINE_QTY) return userError('ITEM_QTY', phrase('cart.mostAtOnce', { count: MAX_LINE_QTY }));
  return null;
}

/** The entered option (plain or as a base64 uid) that chooses a subscription line's delivery frequency in weeks (docs/decisions/0059). */
export const FREQUENCY_OPTION = 'subscription_frequency_weeks';

/** A gift entry (entered option is_gift true). */
export function isGiftEntry(req: AddRequest): boolean {
  return (req.entered_options ?? []).some((o) => (o.uid === 'is_gift' || decodeUid(o.uid) === 'is_gift') && (o.value === 'true' || o.value === '1'));
}

/** The skus an entry names: the product and a configurable parent. */
export function askedSkus(requests: AddRequest[]): string[] {
  return requests.flatMap((r) => [r.sku, ...(r.parent_sku ? [r.parent_sku] : [])]).filter((sku) => typeof sku === 'string' && sku.length <= 64);
}

/**
 * Resolves one add request to the line it would create, from the products sold now; a delivery
 * frequency is checked against the plans' (`frequencies`, by subscription product sku).
 */
export function resolveAdd(products: PricingInputs['products'], req: AddRequest, frequencies?: PricingInputs['subscriptionFrequencies']): Resolved {
  const refuse = (code: CartUserErrorCode, message: string | Phrase): Resolved => ({ error: userError(code, message) });
  const bad = wholeQuantity(req.quantity);
  if (bad) return { error: bad };
  const quantity = req.quantity;
  let isGift = false;
  let parentGiftSku: string | null = null;
  let frequency: string | null = null;
  for (const o of req.entered_options ?? []) {
    const name = ['is_gift', 'parent_gift_sku', FREQUENCY_OPTION].includes(o.uid) ? o.uid : decodeUid(o.uid);
    if (name === 'is_gift') isGift = o.value === 'true' || o.value === '1';
    else if (name === 'parent_gift_sku') parentGiftSku = o.value.trim().slice(0, 64) || null;
    else if (name === FREQUENCY_OPTION) frequency = o.value.trim();
  }
  if (quantity <= 0) return refuse('UNDEFINED', phrase('cart.quantityPositive'));
  let product = products.bySku.get(req.sku);
  let parent: ProductDoc | null = req.parent_sku ? products.bySku.get(req.parent_sku) ?? null : null;
  if (!product || (req.parent_sku && !parent)) {
    return refuse('PRODUCT_NOT_FOUND', `Could not find a product with SKU "${(req.parent_sku && !parent ? req.parent_sku : req.sku).slice(0, 64)}"`);
  }
  if (product.type_id === 'configurable') {
    // The parent sku with selected options (configurable/<attribute id>/<value index>) picks the child.
    const wanted = (req.selected_options ?? []).map(decodeUid).map((s) => s.split('/')).filter((p) => p[0] === 'configurable');
    const child = wanted.length
      ? product.children.find((c) => wanted.every(([, attr, value]) => String(attr === '93' ? c.color_value_index : c.flavor_value_index) === value))
      : undefined;
    if (!child) return refuse('UNDEFINED', phrase('cart.chooseOptions'));
    parent = product;
    product = child;
  }
  if (parent && (parent.type_id !== 'configurable' || !parent.children.some((c) => c.id === product!.id))) {
    return refuse('PRODUCT_NOT_FOUND', `Could not find the variant "${product.sku}" of "${parent.sku}"`);
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
      if (option.required && picks.length === 0) return refuse('UNDEFINED', phrase('cart.requiredOptions'));
      if (picks.length > 1 && (option.type === 'select' || option.type === 'radio')) return refuse('UNDEFINED', `Option "${option.title}" takes one choice.`);
      for (const pick of picks) {
        const sel = option.selections.find((s) => s.id === pick.selection_id);
        if (!sel) return refuse('UNDEFINED', `The bundle option "${option.title}" has no such choice.`);
        const q = sel.can_change_quantity ? pick.quantity : sel.quantity;
        if (!Number.isInteger(q) || q < 1 || q > 99) return refuse('ITEM_INCREMENTS', 'Bundle option quantities must be whole numbers from 1 to 99.');
        bundle.push({ option_id: option.id, selection_id: sel.id, quantity: q });
      }
    }
    if (chosen.some((c) => !product!.bundle_options.some((o) => o.id === c.option_id))) return refuse('UNDEFINED', 'The bundle has no such option.');
    bundle.sort((a, b) => a.option_id - b.option_id || a.selection_id - b.selection_id);
  } else if ((req.bundle_options ?? []).length) {
    return refuse('UNDEFINED', `${product.sku} is not a bundle.`);
  }
  if (isGift && !parentGiftSku) return refuse('GIFT_ERROR', 'A gift needs parent_gift_sku.');
  let weeks: number | null = null;
  if (frequency !== null) {
    weeks = /^\d{1,2}$/.test(frequency) ? Number(frequency) : 0;
    const refusal = frequencyRefusal({ product, parent }, weeks, frequencies);
    if (refusal) return refuse('UNDEFINED', refusal);
  }
  return {
    line: {
      product_id: product.id, parent_product_id: parent?.id ?? null, sku: product.sku, quantity,
      is_gift: isGift, parent_gift_sku: isGift ? parentGiftSku : null, bundle_selections: bundle, subscription_frequency_weeks: weeks,
    },
  };
}

/**
 * The lines a cart would have after adding `line`: equal lines (lineIdentity) add up, a new one is
 * appended under `key`. Answers the candidate lines and the line added to, or an error when the
 * line or the cart would grow past its limits. `present` are the cart's lines whose products are
 * sold (only those take more); `count` is how many lines the cart has. A delivery frequency chosen
 * with the addition is the line's from then on (a cart holds one subscription line).
 */
export function candidateLines(
  lines: PricingLine[], present: PricingLine[], line: Omit<PricingLine, 'key'>, key: string,
): { lines: PricingLine[]; existing: PricingLine | null; quantity: number } | { error: UserError } {
  const identity = lineIdentity(line);
  const existing = present.find((l) => lineIdentity(l) === identity) ?? null;
  const quantity = (existing?.quantity ?? 0) + line.quantity;
  if (quantity > MAX_LINE_QTY) return { error: userError('ITEM_QTY', phrase('cart.mostPerLine', { count: MAX_LINE_QTY })) };
  if (!existing && lines.length >= MAX_LINES) return { error: userError('UNDEFINED', phrase('cart.mostLines', { count: MAX_LINES })) };
  return {
    lines: existing
      ? lines.map((l) => (l.key === existing.key ? { ...l, quantity, ...(line.subscription_frequency_weeks ? { subscription_frequency_weeks: line.subscription_frequency_weeks } : {}) } : l))
      : [...lines, { ...line, key }],
    existing,
    quantity,
  };
}
