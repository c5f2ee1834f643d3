import { phrase, render } from '../../platform/messages.js';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { StoreView } from '../store/store.service.js';
import { askedSkus, candidateLines, isGiftEntry, MAX_LINE_QTY, resolveAdd, wholeQuantity, type AddRequest, type UserError } from './cart.add.js';
import type { PricingLoader } from './cart.inputs.js';
import { lineIdentity } from './cart.lines.js';
import { frequencyRefusal } from './cart.rules.js';
import { campaignAboveItems, couponRefusal, customerKey, orphanGifts, priceCart, problemBrought, type ComputedCart, type PricingInputs, type PricingLine } from './cart.pricer.js';
import * as store from './cart.store.js';
import type { CartLoyaltyPort } from './cart.inputs.js';
import type { CartRow, CartRuleRow, CartState } from './cart.store.js';

/** How many coupons a cart holds at most. */
export const MAX_COUPONS = 5;

/** A coupon or loyalty campaign a merge could not carry over to the customer's cart, and why. */
export interface MergeDrop {
  type: 'COUPON' | 'CAMPAIGN';
  /** The coupon code, or the campaign's name. */
  code: string;
  reason: 'NOT_VALID' | 'USED_UP' | 'ALREADY_USED' | 'MIN_SUBTOTAL' | 'TOO_MANY' | 'ABOVE_TOTAL';
  message: string;
}

/** The lines of a priced cart that a change may take more of: those whose products are sold. */
function present(c: ComputedCart): PricingLine[] {
  return c.lines.map((l) => l.row);
}

/**
 * Adds entries one by one (Magento semantics): each either lands whole or comes back as a user
 * error, judged by pricing the cart's lines with the candidate addition before anything is written.
 * Gift entries with quantity ≤ 0 are skipped (spec §5). Answers the errors and the priced cart.
 */
export async function addItems(
  tx: Tx, loader: PricingLoader, storeView: StoreView, cart: CartRow, requests: AddRequest[], state?: CartState,
): Promise<{ errors: UserError[]; computed: ComputedCart }> {
  const errors: UserError[] = [];
  // The products asked for are read with the cart itself, in one statement (or were, with its lock).
  const inputs = await loader.load(tx, storeView, cart, askedSkus(requests), state && { state });
  let lines = inputs.lines;
  let current = priceCart(inputs, lines);
  // Ids taken with the cart's lock for the lines about to be added (one per sku asked for).
  const lineIds = [...(state?.lineIds ?? [])];
  for (const req of requests) {
    if (isGiftEntry(req) && !(req.quantity > 0)) continue;
    const resolved = resolveAdd(inputs.products, req, inputs.subscriptionFrequencies);
    if (resolved.error) {
      errors.push(resolved.error);
      continue;
    }
    const candidate = candidateLines(lines, present(current), resolved.line, `new:${lineIdentity(resolved.line)}`);
    if ('error' in candidate) {
      errors.push(candidate.error);
      continue;
    }
    const after = priceCart(inputs, candidate.lines);
    const problem = problemBrought(current, after);
    if (problem) {
      errors.push({ code: problem.code, message: problem.message, phrase: problem.phrase });
      continue;
    }
    if (candidate.existing) {
      store.setItemQuantity(tx, cart.id, candidate.existing.key, candidate.quantity);
      const weeks = resolved.line.subscription_frequency_weeks;
      if (weeks && weeks !== candidate.existing.subscription_frequency_weeks) store.setItemFrequency(tx, cart.id, candidate.existing.key, weeks);
      lines = candidate.lines;
      current = after;
    } else {
      // Each written line touched the cart's updated_at with it; the new line is priced under its id.
      const id = await store.insertItem(tx, cart.id, resolved.line, lineIds.shift());
      lines = [...lines, { ...resolved.line, key: id }];
      current = priceCart(inputs, lines);
    }
  }
  return { errors, computed: current };
}

/** Deletes a line and the free gifts it leaves without a paid line of their parent product; answers the lines left. */
async function removeLine(tx: Tx, inputs: PricingInputs, cart: CartRow, lines: PricingLine[], itemId: string): Promise<PricingLine[]> {
  if (!lines.some((l) => l.key === itemId)) throw new AppError('ENTITY_NOT_FOUND', `Could not find cart item with id: ${itemId.slice(0, 20)}`);
  const left = lines.filter((l) => l.key !== itemId);
  const orphans = orphanGifts(priceCart(inputs, left)).map((g) => g.key);
  await store.deleteItems(tx, cart.id, [itemId, ...orphans]);
  store.updateCart(tx, cart.id, {});
  return left.filter((l) => !orphans.includes(l.key));
}

/** removeItemFromCart: the line and the free gifts left without a paid line of their parent product (also a configurable parent). */
export async function removeItem(tx: Tx, loader: PricingLoader, storeView: StoreView, cart: CartRow, itemId: string): Promise<void> {
  const inputs = await loader.load(tx, storeView, cart);
  await removeLine(tx, inputs, cart, inputs.lines, itemId);
}

/**
 * updateCartItems: quantity 0 removes the line; each change is priced in memory first, as an
 * addition is, and a change that makes a problem new or bigger is refused unwritten. A subscription
 * line's delivery frequency changes to one its plan offers (`frequencyWeeks`; the quantity may then be left out).
 */
export async function updateItems(
  tx: Tx, loader: PricingLoader, storeView: StoreView, cart: CartRow, updates: { itemId: string; quantity?: number; frequencyWeeks?: number }[],
): Promise<void> {
  const inputs = await loader.load(tx, storeView, cart);
  let lines = inputs.lines;
  for (const u of updates) {
    const before = priceCart(inputs, lines);
    const line = before.lines.find((l) => l.key === u.itemId) ?? null;
    const missing = before.missing.find((m) => m.key === u.itemId) ?? null;
    if (!line && !missing) throw new AppError('ENTITY_NOT_FOUND', `Could not find cart item with id: ${u.itemId.slice(0, 20)}`);
    const weeks = u.frequencyWeeks;
    if (weeks !== undefined && line && u.quantity !== 0) {
      const refusal = frequencyRefusal(line, weeks, inputs.subscriptionFrequencies);
      if (refusal) throw new AppError('UNDEFINED', refusal);
      store.setItemFrequency(tx, cart.id, u.itemId, weeks);
      lines = lines.map((l) => (l.key === u.itemId ? { ...l, subscription_frequency_weeks: weeks } : l));
    }
    const quantity = u.quantity;
    if (quantity === undefined) continue;
    if (quantity === 0 || (missing && quantity >= 0)) {
      lines = await removeLine(tx, inputs, cart, lines, u.itemId);
      continue;
    }
    if (quantity < 0) throw new AppError('UNDEFINED', phrase('cart.quantityPositive'));
    const bad = wholeQuantity(quantity);
    if (bad) throw new AppError(bad.code, bad.phrase ?? bad.message);
    const candidate = lines.map((l) => (l.key === u.itemId ? { ...l, quantity } : l));
    const problem = problemBrought(before, priceCart(inputs, candidate));
    if (problem) throw new AppError(problem.code, problem.phrase);
    store.setItemQuantity(tx, cart.id, u.itemId, quantity);
    lines = candidate;
  }
}

/** Which of `rules` (in order, each once) a cart keeps, and why the others go. */
export function keptCoupons(c: ComputedCart, rules: CartRuleRow[], uses: Map<number, number> | null): { kept: CartRuleRow[]; dropped: { rule: CartRuleRow; reason: MergeDrop['reason']; phrase: ReturnType<typeof phrase> }[] } {
  const kept: CartRuleRow[] = [];
  const dropped: { rule: CartRuleRow; reason: MergeDrop['reason']; phrase: ReturnType<typeof phrase> }[] = [];
  const seen = new Set<number>();
  for (const rule of rules) {
    if (seen.has(rule.id)) continue;
    seen.add(rule.id);
    const refusal = kept.length >= MAX_COUPONS
      ? { reason: 'TOO_MANY' as const, phrase: phrase('coupon.tooMany') }
      : couponRefusal(rule, { storeCode: c.cart.store_code, now: c.inputs.now, subtotal: c.totals.subtotal_incl_tax, currency: c.currency, uses });
    if (refusal) dropped.push({ rule, ...refusal });
    else kept.push(rule);
  }
  return { kept, dropped };
}

/**
 * mergeCarts: moves the source cart's lines into the destination, adding quantities of equal lines,
 * and its coupons: every coupon of either cart still valid for the destination's owner on the
 * merged lines stays applied; the others are dropped and answered with the reason (decision 0023).
 * A guest cart holds no campaign; the customer's stays while the merged items still cover its discount.
 */
export async function merge(
  tx: Tx, loader: PricingLoader, loyalty: CartLoyaltyPort | null, storeView: StoreView, source: CartRow, destination: CartRow,
): Promise<{ drops: MergeDrop[]; computed: ComputedCart }> {
  let candidates: CartRuleRow[] = [];
  if (source.id !== destination.id) {
    const [destinationRules, sourceRules] = await Promise.all([store.listCouponRules(tx, destination.id), store.listCouponRules(tx, source.id)]);
    candidates = [...destinationRules, ...sourceRules];
    const [from, to] = await Promise.all([store.listItems(tx, source.id), store.listItems(tx, destination.id)]);
    for (const line of from) {
      const same = to.find((t) => lineIdentity(t) === lineIdentity(line));
      if (same) {
        same.quantity = Math.min(MAX_LINE_QTY, same.quantity + line.quantity);
        store.setItemQuantity(tx, destination.id, same.id, same.quantity);
      } else {
        await store.insertItem(tx, destination.id, line);
      }
    }
    await store.deleteItems(tx, source.id, from.map((l) => l.id));
    await store.clearCoupons(tx, source.id);
    store.updateCart(tx, source.id, { status: 'merged' });
    // Coupons are checked as applyCoupons checks them: against the merged lines before any discount.
    await store.clearCoupons(tx, destination.id);
  }
  let inputs = await loader.load(tx, storeView, destination);
  const drops: MergeDrop[] = [];
  let computed = priceCart(inputs, inputs.lines);
  if (source.id !== destination.id) {
    const key = customerKey(inputs.cart);
    const limited = candidates.filter((r) => r.uses_per_customer !== null).map((r) => r.id);
    const uses = key ? await store.customerUsesOf(tx, [...new Set(limited)], key) : null;
    const { kept, dropped } = keptCoupons(computed, candidates, uses);
    for (const d of dropped) drops.push({ type: 'COUPON', code: d.rule.code, reason: d.reason, message: render(d.phrase, storeView) });
    for (const [position, rule] of kept.entries()) await store.addCoupon(tx, destination.id, rule.id, position);
    store.updateCart(tx, destination.id, {});
    inputs = { ...inputs, rules: kept, customerUses: uses };
    computed = priceCart(inputs, inputs.lines);
  }
  if (computed.campaign && destination.customer_uuid && loyalty && campaignAboveItems(computed, computed.campaign)) {
    await loyalty.removeCampaignFromCart(tx, destination.customer_uuid, destination.masked_id);
    drops.push({ type: 'CAMPAIGN', code: computed.campaign.name, reason: 'ABOVE_TOTAL', message: render(phrase('cart.campaignAboveTotal'), storeView) });
    computed = priceCart({ ...inputs, campaign: null }, inputs.lines);
  }
  return { drops, computed };
}
