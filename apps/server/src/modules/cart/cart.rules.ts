import { phrase, said, type Phrase } from '../../platform/messages.js';
import type { Reader } from '../../platform/db.js';
import type { Line, Problem } from './cart.lines.js';
import type { CartRow } from './cart.store.js';

/**
 * Cart item rules of spec §5 beyond stock and limits (docs/decisions/0018): sales steps
 * (ITEM_INCREMENT), trade-ins (TRADEIN_LIMIT) and subscriptions (ONGOING_SUBSCRIPTION). The line
 * rules are pure; what they need to know about the buyer is read once per cart by `buyerFacts`.
 */

/** What the rules know about the cart's buyer beyond its lines. */
export interface CartBuyer {
  /** A guest cart: no customer account, so no trade-in (its eligibility needs a user id, spec §5). */
  isGuest: boolean;
  /** The buyer already has an ongoing subscription (a renewal's own cart never has: it renews that one). */
  hasOngoingSubscription: boolean;
  /**
   * The trade-in products the buyer may use now (a registered qualifying device not traded in yet,
   * within the offer's window); read only when the cart holds a trade-in, absent otherwise.
   */
  tradeIns?: ReadonlySet<string>;
  /** The cart a kept trial device is bought from (the only cart that may hold the conversion product). */
  conversion?: boolean;
  /** In a trial store view, for a cart with the trial kit: whether the buyer may have the trial and what keeping the kit costs. */
  trial?: CartTrialFacts | null;
}

/** What a trial store view's cart knows of its programme for this buyer. */
export interface CartTrialFacts {
  /** No earlier trial of this programme by the account, its e-mail or verified phone, or the delivery address. */
  eligible: boolean;
  /** What keeping one kit costs after the trial, VAT included, in minor units. */
  amountAfterTrial: number;
}

/** What the cart asks of trials (docs/decisions/0057). */
export interface CartTrialsPort {
  cartFacts(
    q: Reader, storeCode: string, customerUuid: string | null, address: { street: string[]; postcode: string | null; country_code: string } | null,
  ): Promise<CartTrialFacts | null>;
}

export function isTrialKitLine(l: Line): boolean {
  return l.product.kind === 'trial_kit' || l.parent?.kind === 'trial_kit';
}

/** What the cart asks of subscriptions: whether a customer has an ongoing one (`lock`: serialising the customer's starts). */
export interface CartSubscriptionsPort {
  hasOngoing(q: Reader, customerUuid: string, opts?: { lock?: boolean }): Promise<boolean>;
  /** How often the store view's plans deliver each product they offer, by sku. */
  frequencies(q: Reader, storeCode: string): Promise<ReadonlyMap<string, SubscriptionFrequencies>>;
}

/** The frequencies (weeks) a plan offers for a product, and the one a subscription gets unless the shopper chose another. */
export interface SubscriptionFrequencies {
  frequencies_weeks: number[];
  default_frequency_weeks: number;
}

/** The step a line's quantity must be a multiple of: the sold product's, else its configurable parent's. */
export function salesStep(l: Line): number {
  const own = l.product.qty_increments;
  return own > 1 ? own : l.parent?.qty_increments ?? 1;
}

export function isTradeInLine(l: Line): boolean {
  return l.product.kind === 'trade_in' || l.parent?.kind === 'trade_in';
}

/** The trade-in product a trade-in line sells (its configurable parent's sku when it has one). */
export function tradeInSku(l: Line): string {
  return l.parent?.kind === 'trade_in' ? l.parent.sku : l.product.sku;
}

export function isSubscriptionLine(l: Pick<Line, 'product' | 'parent'>): boolean {
  return l.product.is_subscription || l.parent?.is_subscription === true;
}

/** The plan's frequencies for a subscription line's product (the sold product's, else its configurable parent's); none outside a plan. */
export function frequenciesOf(l: Pick<Line, 'product' | 'parent'>, plans: ReadonlyMap<string, SubscriptionFrequencies> | undefined): SubscriptionFrequencies | null {
  return plans?.get(l.product.sku) ?? (l.parent ? plans?.get(l.parent.sku) : undefined) ?? null;
}

/**
 * How often a subscription line delivers (weeks): the frequency chosen for it while its plan offers
 * it, else the plan's default, as the subscription its order starts will (docs/decisions/0059); null outside a plan.
 */
export function deliveryFrequency(l: Pick<Line, 'product' | 'parent'>, chosen: number | null | undefined, plans: ReadonlyMap<string, SubscriptionFrequencies> | undefined): number | null {
  const plan = frequenciesOf(l, plans);
  if (!plan) return null;
  return chosen && plan.frequencies_weeks.includes(chosen) ? chosen : plan.default_frequency_weeks;
}

/**
 * Why a line may not take a chosen delivery frequency, or null when it may: only a subscription
 * product takes one, it must be in a plan, and the plan must offer that frequency.
 */
export function frequencyRefusal(l: Pick<Line, 'product' | 'parent'>, weeks: number, plans: ReadonlyMap<string, SubscriptionFrequencies> | undefined): Phrase | null {
  const name = l.parent?.name ?? l.product.name;
  if (!isSubscriptionLine(l)) return phrase('cart.frequencyNotSubscription', { name });
  const plan = frequenciesOf(l, plans);
  if (!plan) return phrase('cart.subscriptionUnavailable');
  return plan.frequencies_weeks.includes(weeks) ? null : phrase('cart.frequencyNotOffered', { name, weeks: plan.frequencies_weeks.join(', ') });
}

/** Whether the line sells a device: a device, a colour of one, or a bundle that holds one. */
export function lineHasDevice(l: Line): boolean {
  return l.product.kind === 'device' || l.parent?.kind === 'device' || l.bundle.some((b) => b.selection.product.kind === 'device');
}

/** The item problems of these rules; messages carry no counts that change with the cart (see cartProblems). */
export function itemRuleProblems(lines: Line[], buyer: CartBuyer): Problem[] {
  const problems: Problem[] = [];
  const paid = lines.filter((l) => !l.is_gift);
  for (const l of paid) {
    const step = salesStep(l);
    if (step > 1 && l.quantity % step !== 0) {
      problems.push({ code: 'ITEM_INCREMENT', ...said(phrase('cart.soldInSteps', { name: l.product.name, step })), keys: [l.key] });
    }
  }
  const tradeIns = lines.filter(isTradeInLine);
  if (tradeIns.length) {
    const keys = tradeIns.map((l) => l.key);
    if (buyer.isGuest) problems.push({ code: 'TRADEIN_LIMIT', ...said(phrase('cart.tradeInSignIn')), keys });
    if (tradeIns.reduce((s, l) => s + l.quantity, 0) > 1) problems.push({ code: 'TRADEIN_LIMIT', ...said(phrase('cart.tradeInOne')), keys });
    if (!paid.some(lineHasDevice)) problems.push({ code: 'TRADEIN_LIMIT', ...said(phrase('cart.tradeInNeedsDevice')), keys });
    const refused = buyer.isGuest || !buyer.tradeIns ? [] : tradeIns.filter((l) => !buyer.tradeIns!.has(tradeInSku(l)));
    if (refused.length) problems.push({ code: 'TRADEIN_LIMIT', ...said(phrase('cart.tradeInNotEligible')), keys: refused.map((l) => l.key) });
  }
  const subscriptions = lines.filter(isSubscriptionLine);
  if (subscriptions.length) {
    const keys = subscriptions.map((l) => l.key);
    // A subscription is kept and managed in an account, and renewals are charged to a card saved to it.
    if (buyer.isGuest) problems.push({ code: 'PERMISSION_DENIED', ...said(phrase('cart.subscriptionSignIn')), keys });
    if (buyer.hasOngoingSubscription) problems.push({ code: 'ONGOING_SUBSCRIPTION', ...said(phrase('cart.ongoingSubscription')), keys });
    if (subscriptions.length > 1) problems.push({ code: 'ONGOING_SUBSCRIPTION', ...said(phrase('cart.oneSubscription')), keys });
  }
  // Keeping a trial device is bought by the trial's end, never from a shopper's cart.
  const conversions = lines.filter((l) => l.product.kind === 'trial_conversion');
  if (conversions.length && !buyer.conversion) problems.push({ code: 'NOT_SALABLE', ...said(phrase('cart.trialConversionNotSold')), keys: conversions.map((l) => l.key) });
  const kits = lines.filter(isTrialKitLine);
  if (kits.length) {
    const keys = kits.map((l) => l.key);
    // A trial is one per person: it needs an account, and the card it is paid with is charged if the device is kept.
    if (buyer.isGuest) problems.push({ code: 'PERMISSION_DENIED', ...said(phrase('cart.trialSignIn')), keys });
    else if (buyer.trial && !buyer.trial.eligible) problems.push({ code: 'PERMISSION_DENIED', ...said(phrase('cart.trialNotEligible')), keys });
  }
  return problems;
}

/**
 * The buyer facts of a cart, read in the caller's transaction. Subscriptions are asked only when the
 * cart holds or may take a subscription (`withSubscription`) and belongs to a customer; a renewal's
 * cart renews the ongoing subscription it comes from. `lock` serialises the customer's placements first (placeOrder).
 */
export async function buyerFacts(
  q: Reader, deps: { subscriptions: CartSubscriptionsPort | null }, cart: CartRow, withSubscription: boolean, opts: { lock?: boolean } = {},
): Promise<CartBuyer> {
  const isGuest = cart.customer_uuid === null;
  if (!deps.subscriptions || !cart.customer_uuid || !withSubscription || cart.purpose !== 'shop') return { isGuest, hasOngoingSubscription: false, conversion: cart.purpose === 'conversion' };
  return { isGuest, hasOngoingSubscription: await deps.subscriptions.hasOngoing(q, cart.customer_uuid, opts) };
}
