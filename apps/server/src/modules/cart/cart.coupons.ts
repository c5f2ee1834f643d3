import { phrase, type Phrase } from '../../platform/messages.js';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { StoreView } from '../store/store.service.js';
import type { CartLoyaltyPort, PricingLoader } from './cart.inputs.js';
import { MAX_COUPONS } from './cart.items.js';
import { campaignAboveItems, couponRefusal, customerKey, priceCart, type ComputedCart } from './cart.pricer.js';
import * as store from './cart.store.js';
import type { CartRow, CartRuleRow } from './cart.store.js';

/** Coupons (cart rules) and the loyalty campaign of a cart: applying, removing, counting uses. */

/**
 * applyCouponToCart: removes the applied coupons first, then applies each comma-separated code in
 * turn (spec §5), each judged on the cart's lines before any discount. Codes that fail are
 * reported (the first message wins); those that pass stay applied.
 */
export async function applyCoupons(tx: Tx, loader: PricingLoader, storeView: StoreView, cart: CartRow, input: string): Promise<Phrase[]> {
  const codes = [...new Set(input.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean))];
  if (codes.length === 0) throw new AppError('VALIDATION_FAILED', phrase('coupon.missing'));
  if (codes.length > MAX_COUPONS) throw new AppError('VALIDATION_FAILED', phrase('coupon.tooMany'));
  await store.clearCoupons(tx, cart.id);
  const inputs = await loader.load(tx, storeView, cart);
  const view = priceCart(inputs, inputs.lines);
  if (view.lines.length === 0) throw new AppError('VALIDATION_FAILED', phrase('coupon.emptyCart'));
  const messages: Phrase[] = [];
  let position = 0;
  const key = customerKey(view.cart);
  for (const code of codes) {
    const rule = /^[A-Z0-9_-]{3,40}$/.test(code) ? await store.findRuleByCode(tx, code) : null;
    if (!rule) {
      messages.push(phrase('coupon.invalid', { code: code.slice(0, 40) }));
      continue;
    }
    const uses = key && rule.uses_per_customer !== null ? await store.customerUsesOf(tx, [rule.id], key) : key ? new Map<number, number>() : null;
    const refusal = couponRefusal(rule, { storeCode: cart.store_code, now: inputs.now, subtotal: view.totals.subtotal_incl_tax, currency: view.currency, uses });
    if (refusal) {
      messages.push(refusal.phrase);
      continue;
    }
    await store.addCoupon(tx, cart.id, rule.id, position++);
  }
  store.updateCart(tx, cart.id, {});
  return messages;
}

export async function removeCoupons(tx: Tx, cart: CartRow): Promise<void> {
  await store.clearCoupons(tx, cart.id);
  store.updateCart(tx, cart.id, {});
}

/** Counts each applied coupon once for this order; the refusal when one is used up (DB-guarded). */
export async function countCouponUses(tx: Tx, rules: CartRuleRow[], key: string): Promise<Phrase | null> {
  for (const r of [...rules].sort((a, b) => a.id - b.id)) {
    if (!(await store.countRuleUse(tx, r.id))) return phrase('coupon.usedUp', { code: r.code });
    if (!(await store.countCustomerUse(tx, r.id, key, r.uses_per_customer))) return phrase('coupon.alreadyUsed', { code: r.code });
  }
  return null;
}

/**
 * applyCampaignToCart: holds the campaign's points for a customer's cart (placeOrder debits them)
 * and answers the cart priced with it; a campaign worth more than the items after coupons is refused.
 */
export async function applyCampaign(
  tx: Tx, loader: PricingLoader, loyalty: CartLoyaltyPort, storeView: StoreView, cart: CartRow, campaignUuid: string,
): Promise<ComputedCart> {
  // Points belong to a customer: a guest cart has none to spend.
  if (!cart.customer_uuid) throw new AppError('UNAUTHORISED', phrase('loyalty.signInForPoints'));
  const applied = await loyalty.applyCampaignToCart(tx, {
    consumer: cart.customer_uuid, cartId: cart.masked_id, campaignUuid, currency: storeView.base_currency_code, storeCode: storeView.code,
  });
  const inputs = await loader.load(tx, storeView, cart);
  const computed = priceCart(inputs, inputs.lines);
  if (campaignAboveItems(computed, applied)) throw new AppError('NOT_ELIGIBLE', 'The cart total is below the campaign\'s discount.');
  return computed;
}

/** removeCampaignFromCart: a customer's cart releases its held points; a guest cart has none. */
export async function removeCampaign(tx: Tx, loyalty: CartLoyaltyPort, cart: CartRow): Promise<void> {
  if (cart.customer_uuid) await loyalty.removeCampaignFromCart(tx, cart.customer_uuid, cart.masked_id);
}
