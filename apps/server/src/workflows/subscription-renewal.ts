import type { Db, Tx } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import { faultPoint } from '../platform/faults.js';
import { inTransaction, transactionsOn } from '../platform/transaction.js';
import type { Services } from '../services.js';
import type { Caller } from '../modules/cart/cart.service.js';
import { DEFAULT_PAYMENT_METHOD } from '../modules/payments/payments.methods.js';
import type { RenewalRefusal } from '../modules/messaging/messaging.templates.js';
import type { OrderEvent } from '../modules/orders/orders.store.js';
import type { StoreView } from '../modules/store/store.service.js';
import { addDays, type RenewalRow, type SubscriptionRow } from '../modules/subscriptions/subscriptions.service.js';
import { mailCustomer } from './customer-mail.js';
import { placeCart } from './place-order.js';

/**
 * The renewal engine (docs/decisions/0056). Each due subscription's delivery is placed as an order in
 * one transaction, from a cart of its own, under every rule a one-off order obeys (placeCart: the
 * pricer, stock, the market's limits, age verification); the subscription row is claimed with
 * FOR UPDATE SKIP LOCKED, so instances share the queue, and the renewal's key (subscription, delivery
 * date, attempt) with its partial unique index lets a period hold one live order however many
 * instances or restarts try. The card is charged after commit, once per payment (the provider dedupes
 * on the payment's key); a run that died between order and outcome is finished by the next.
 */

/** Declined charges are tried again after these many days; after the last, the subscription is paused. */
export const RETRY_AFTER_DAYS = [1, 3] as const;
export const MAX_ATTEMPTS = RETRY_AFTER_DAYS.length + 1;
/** A charge whose outcome was not recorded this long after it started is finished by the next run. */
const UNSETTLED_AFTER_SECONDS = 60;
const PAID_STATUSES = new Set(['payment_completed', 'processing', 'confirmed', 'shipped', 'shipped_to_warehouse', 'delivered', 'complete', 'delivered_to_pick_up_point']);

export interface RenewalReport {
  resumed: number;
  placed: number;
  paid: number;
  declined: number;
  awaiting: number;
  refused: number;
  /** Subscriptions whose run failed unexpectedly (left for the next run, logged by the caller). */
  failed: { subscription_id: string; error: unknown }[];
}

/** A renewal a selling rule stopped before any order or charge. */
class RenewalRefused extends Error {
  constructor(readonly reason: RenewalRefusal, readonly detail: string) {
    super(`renewal refused: ${reason}`);
  }
}

interface Target {
  sub: SubscriptionRow;
  period: string;
  attempt: number;
}

interface Placed {
  subscription_id: string;
  period: string;
  attempt: number;
  order_id: string;
  order_number: string;
  payment_uuid: string | null;
}

/** One run: pauses that end, due deliveries, retries of declined ones, and charges left unfinished. */
export async function runRenewals(
  db: Db, services: Services, opts: { today?: string; limit?: number; only?: string[]; unsettledAfterSeconds?: number; concurrency?: number } = {},
): Promise<RenewalReport> {
  const today = opts.today ?? services.subscriptions.today();
  const limit = opts.limit ?? 200;
  const only = opts.only ?? null;
  const report: RenewalReport = { resumed: 0, placed: 0, paid: 0, declined: 0, awaiting: 0, refused: 0, failed: [] };
  const subs = services.subscriptions;

  for (let i = 0; i < limit; i++) {
    const resumed = await inTransaction(db, async (tx) => {
      const sub = await subs.claimResumeDue(tx, today, only);
      if (sub) await subs.resumeRow(tx, sub, sub.next_delivery_date > today ? sub.next_delivery_date : today, 'system');
      return sub !== null;
    });
    if (!resumed) break;
    report.resumed++;
  }

  // Unfinished charges first: their orders exist, and only their outcome is missing.
  for (const r of await subs.unsettledRenewals(db, opts.unsettledAfterSeconds ?? UNSETTLED_AFTER_SECONDS, limit, only)) {
    if (r.payment_uuid) await chargeAndSettle(db, services, r, report);
  }

  // Several loops take from the queue at once (each claim skips rows another holds): a renewal
  // waits on its database round trips and the provider, so one instance renews several at a time.
  const skip: string[] = [];
  let budget = limit;
  const drain = async (claim: (tx: Tx) => Promise<Target | null>) => {
    while (budget > 0) {
      budget--;
      if (!(await renewOne(db, services, report, skip, claim))) return;
    }
  };
  const loops = Math.max(1, opts.concurrency ?? 1);
  await Promise.all(Array.from({ length: loops }, () => drain(async (tx) => {
    const sub = await subs.claimDue(tx, today, skip, only);
    return sub ? { sub, period: sub.next_delivery_date, attempt: 1 } : null;
  })));
  budget = limit;
  await Promise.all(Array.from({ length: loops }, () => drain(async (tx) => {
    const hit = await subs.claimRetry(tx, skip, only);
    return hit ? { sub: hit.subscription, period: hit.renewal.period, attempt: hit.renewal.attempt + 1 } : null;
  })));
  return report;
}

/** Claims one target and places its delivery; false when nothing is left to claim. */
async function renewOne(db: Db, services: Services, report: RenewalReport, skip: string[], claim: (tx: Tx) => Promise<Target | null>): Promise<boolean> {
  let target: Target | null = null;
  let placed: Placed | null;
  try {
    placed = await inTransaction(db, async (tx) => {
      target = await claim(tx);
      return target ? placeRenewal(tx, services, target) : null;
    });
  } catch (err) {
    const claimed = target as Target | null;
    if (!claimed) throw err;
    skip.push(claimed.sub.id);
    const refusal = asRefusal(err);
    if (!refusal) {
      report.failed.push({ subscription_id: claimed.sub.id, error: err });
      return true;
    }
    if (await inTransaction(db, (tx) => recordRefusal(tx, services, claimed, refusal))) report.refused++;
    return true;
  }
  if (!placed) return false;
  report.placed++;
  // A placed delivery moved its subscription's date on (or its retry off the queue): it is not claimed again.
  await chargeAndSettle(db, services, { subscription_id: placed.subscription_id, period: placed.period, attempt: placed.attempt, payment_uuid: placed.payment_uuid, order_id: placed.order_id }, report);
  return true;
}

/**
 * The delivery's order, in the claiming transaction: a cart of the subscription's products, address,
 * delivery method and card payment, placed by the checkout's own placeCart; then the renewal's record
 * and the card payment that the charge after commit uses. The next delivery date moves on now: the
 * period is placed, and a declined charge is retried for this period.
 */
async function placeRenewal(tx: Tx, services: Services, t: Target): Promise<Placed> {
  const { sub } = t;
  if (!sub.card_id) throw new RenewalRefused('no_card', 'no saved card');
  const view = (await services.stores.list(tx)).find((v) => v.code === sub.store_code);
  const plan = view ? (await services.subscriptions.plans(tx, view.code)).find((p) => p.code === sub.plan_code) : undefined;
  if (!view || !plan) throw new RenewalRefused('not_offered', 'plan not offered');
  const items = await services.subscriptions.itemsOf(tx, sub.id);
  if (!items.length || items.some((i) => !plan.skus.includes(i.sku))) throw new RenewalRefused('not_offered', 'product not in the plan');

  const caller: Caller = { store: view as StoreView, customerUuid: sub.customer_uuid };
  const cart = await services.cart.renewalCart(tx, view, sub.customer_uuid);
  const added = await services.cart.addItems(tx, view, cart, items.map((i) => ({ sku: i.sku, quantity: i.quantity })));
  if (added.errors.length) throw refusalOf(added.errors[0]!.code, added.errors[0]!.message);
  try {
    await services.cart.setShippingAddress(tx, view, cart, caller, { address: { ...sub.address, save_in_address_book: false } }, null);
    await services.cart.setBillingAddress(tx, view, cart, caller, { same_as_shipping: true }, null);
    await services.cart.setShippingMethod(tx, view, cart, plan.carrier_code, plan.method_code);
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION_FAILED') throw new RenewalRefused('address', err.message);
    throw err;
  }
  // The customer agreed to the shop's terms when subscribing; each renewal is placed under the current ones.
  const terms = await services.legal.checkoutTerms(tx, view);
  await services.cart.setPaymentMethod(tx, view, cart, DEFAULT_PAYMENT_METHOD, terms.agreementIds);
  const placed = await placeCart(tx, services, caller, cart.masked_id, [], false);
  const order = (await services.orders.findOrderForProvider(tx, placed.entity_id))!;
  const payment = order.grand_total > 0 ? await services.payments.openOffSessionPayment(tx, order, sub.customer_uuid, sub.card_id) : null;
  // A retry takes over from the declined attempt before it: that one is not tried again.
  if (t.attempt > 1) await services.subscriptions.stopRetries(tx, sub.id);
  await services.subscriptions.insertRenewal(tx, {
    subscription_id: sub.id, period: t.period, attempt: t.attempt, status: payment ? 'charging' : 'paid',
    order_id: placed.entity_id, order_number: placed.order_number, payment_uuid: payment?.uuid ?? null,
  });
  if (t.attempt === 1) await services.subscriptions.patch(tx, sub.id, { next_delivery_date: addDays(t.period, 7 * sub.frequency_weeks) });
  if (!payment) await delivered(tx, services, sub.id);
  await services.subscriptions.note(tx, sub.id, 'renewal_placed', null, { order_number: placed.order_number, period: t.period, attempt: t.attempt });
  faultPoint('subscriptions.after-order');
  return { subscription_id: sub.id, period: t.period, attempt: t.attempt, order_id: placed.entity_id, order_number: placed.order_number, payment_uuid: payment?.uuid ?? null };
}

/** Charges a renewal's payment (once, however often called) and records what came of it. */
async function chargeAndSettle(
  db: Db, services: Services, r: Pick<RenewalRow, 'subscription_id' | 'period' | 'attempt' | 'payment_uuid' | 'order_id'>, report: RenewalReport,
): Promise<void> {
  if (!r.payment_uuid || !r.order_id) return;
  const outcome = await services.payments.chargeOffSession(transactionsOn(db), r.payment_uuid);
  faultPoint('subscriptions.after-charge');
  const settled = await inTransaction(db, (tx) => settleOrder(tx, services, r.order_id!, outcome.status === 'requires_action' ? { awaiting: outcome.redirect_path } : null));
  if (settled === 'paid') report.paid++;
  if (settled === 'declined') report.declined++;
  if (settled === 'awaiting_customer') report.awaiting++;
}

/**
 * Records the outcome of a renewal's order as the order now stands, idempotently (the renewal moves
 * on only from an unsettled status): paid; the payment failed (the order is cancelled, which gives its
 * stock back, and the charge is retried or the subscription paused); the bank asks the customer to
 * authenticate (`awaiting`: the link is e-mailed); cancelled otherwise (this delivery is dropped).
 * Called after each charge and for every order event of a renewal's order.
 */
export async function settleOrder(tx: Tx, services: Services, orderId: string, action: { awaiting: string | null } | null): Promise<string | null> {
  const subs = services.subscriptions;
  const renewal = await subs.findRenewalByOrder(tx, orderId, true);
  if (!renewal || (renewal.status !== 'charging' && renewal.status !== 'awaiting_customer')) return null;
  const order = await services.orders.findOrderForProvider(tx, orderId);
  const sub = await subs.find(tx, renewal.subscription_id, { lock: true });
  if (!order || !sub) return null;
  const key = { subscription_id: renewal.subscription_id, period: renewal.period, attempt: renewal.attempt };

  if (PAID_STATUSES.has(order.status)) {
    await subs.settleRenewal(tx, key, ['charging', 'awaiting_customer'], 'paid');
    await delivered(tx, services, sub.id);
    return 'paid';
  }
  if (order.status === 'pending_payment') {
    if (!action || renewal.status === 'awaiting_customer') return null;
    await subs.settleRenewal(tx, key, ['charging'], 'awaiting_customer');
    if (action.awaiting) {
      await mail(tx, services, sub, 'subscription_action_required', renewal.period, { order_number: order.order_number, link: services.identity.linkTo(sub.store_code, '').replace(new RegExp(`/${sub.store_code}$`), '') + action.awaiting });
    }
    return 'awaiting_customer';
  }
  if (order.status === 'payment_failed') {
    await services.orders.changeStatus(tx, order.entity_id, { to: 'canceled', actor: 'system', reason_code: 'payment_failed', comment: 'subscription renewal: card declined' });
    const last = renewal.attempt >= MAX_ATTEMPTS || sub.status === 'cancelled' || sub.status === 'expired';
    const retryAt = last ? null : new Date(Date.now() + RETRY_AFTER_DAYS[renewal.attempt - 1]! * 86_400_000);
    await subs.settleRenewal(tx, key, ['charging', 'awaiting_customer'], 'declined', { reason: 'card_declined', retryAt });
    if (sub.status === 'cancelled' || sub.status === 'expired') return 'declined';
    if (last) {
      await subs.transition(tx, sub, 'paused', 'system', { paused_until: null, pause_reason: 'payment_failed' }, 'paused', 'payment_failed');
      await mail(tx, services, sub, 'subscription_paused', renewal.period, { reason: 'payment_failed' });
    } else {
      if (sub.status !== 'past_due') await subs.transition(tx, sub, 'past_due', 'system', {}, 'payment_failed', 'card_declined', { attempt: renewal.attempt });
      else await subs.note(tx, sub.id, 'payment_failed', 'card_declined', { attempt: renewal.attempt });
      await mail(tx, services, sub, 'subscription_payment_failed', renewal.period, { retry_date: retryAt!.toISOString().slice(0, 10) });
    }
    return 'declined';
  }
  if (order.status === 'canceled') {
    // Cancelled by the customer or an operator, or left unpaid past its time: this delivery is dropped, no retry.
    await subs.settleRenewal(tx, key, ['charging', 'awaiting_customer'], 'declined', { reason: 'order_cancelled', retryAt: null });
    if (sub.status === 'past_due') await subs.transition(tx, sub, 'active', 'system', {}, 'delivery_dropped', 'order_cancelled');
    else await subs.note(tx, sub.id, 'delivery_dropped', 'order_cancelled', { order_number: order.order_number });
    return 'declined';
  }
  return null;
}

/** A paid delivery counts toward the commitment; a past-due subscription is active again. */
async function delivered(tx: Tx, services: Services, subscriptionId: string): Promise<void> {
  const sub = (await services.subscriptions.find(tx, subscriptionId, { lock: true }))!;
  await services.subscriptions.patch(tx, sub.id, { deliveries: sub.deliveries + 1 });
  if (sub.status === 'past_due') {
    await services.subscriptions.stopRetries(tx, sub.id);
    await services.subscriptions.transition(tx, sub, 'active', 'system', {}, 'payment_recovered', null);
  }
}

/**
 * A refused renewal, in a transaction of its own after the placing one rolled back: recorded once per
 * attempt (a second instance that was refused too finds it there), the customer told why, the
 * delivery skipped (the next date moves on), or the subscription paused where retrying cannot help.
 */
async function recordRefusal(tx: Tx, services: Services, t: Target, refusal: RenewalRefused): Promise<boolean> {
  const subs = services.subscriptions;
  const sub = await subs.find(tx, t.sub.id, { lock: true });
  if (!sub) return false;
  const fresh = t.attempt === 1 ? sub.status === 'active' && sub.next_delivery_date === t.period : sub.status === 'past_due';
  if (!fresh || (await subs.latestAttempt(tx, sub.id, t.period))?.attempt === t.attempt) return false;
  await subs.insertRenewal(tx, { subscription_id: sub.id, period: t.period, attempt: t.attempt, status: 'refused', reason: `${refusal.reason}: ${refusal.detail}`.slice(0, 200) });
  if (t.attempt > 1) await subs.stopRetries(tx, sub.id);
  if (refusal.reason === 'age_verification' || refusal.reason === 'no_card') {
    await subs.transition(tx, sub, 'paused', 'system', { paused_until: null, pause_reason: refusal.reason === 'no_card' ? 'payment_failed' : 'age_verification', next_delivery_date: addDays(t.period, 7 * sub.frequency_weeks) }, 'paused', refusal.reason);
  } else {
    if (t.attempt === 1) await subs.patch(tx, sub.id, { next_delivery_date: addDays(t.period, 7 * sub.frequency_weeks) });
    if (sub.status === 'past_due') await subs.transition(tx, sub, 'active', 'system', {}, 'renewal_refused', refusal.reason);
    else await subs.note(tx, sub.id, 'renewal_refused', refusal.reason, { period: t.period });
  }
  await mail(tx, services, sub, 'subscription_renewal_refused', t.period, { reason: refusal.reason });
  return true;
}

/** The refusal an error stands for, or null for an unexpected failure. */
function asRefusal(err: unknown): RenewalRefused | null {
  if (err instanceof RenewalRefused) return err;
  if (err instanceof AppError) return refusalOf(err.code, err.message);
  return null;
}

function refusalOf(code: string, message: string): RenewalRefused {
  const reason: RenewalRefusal =
    code === 'PERMISSION_DENIED' ? 'age_verification'
      : code === 'INSUFFICIENT_STOCK' || code === 'NOT_SALABLE' ? 'out_of_stock'
        : code === 'ORDER_LIMIT' || code === 'CARTONS_LIMIT' || code === 'ITEM_QTY' ? 'limit'
          : code === 'PRODUCT_NOT_FOUND' ? 'not_offered'
            : 'other';
  return new RenewalRefused(reason, message);
}

async function mail<T extends 'subscription_payment_failed' | 'subscription_action_required' | 'subscription_renewal_refused' | 'subscription_paused'>(
  tx: Tx, services: Services, sub: SubscriptionRow, template: T, period: string, params: Record<string, unknown>,
): Promise<void> {
  await mailCustomer(tx, services, { customerUuid: sub.customer_uuid, storeCode: sub.store_code }, template, ({ firstname }) => ({
    firstname, delivery_date: period, link: services.identity.linkTo(sub.store_code, '/account#/subscription'), ...params,
  }));
}

/** The subscriptions' share of order events: the first order's payment and cancellation, and every renewal order's outcome. */
export async function onSubscriptionOrderEvent(tx: Tx, services: Services, e: OrderEvent): Promise<void> {
  const origin = await services.subscriptions.byOrigin(tx, e.order_id, true);
  if (origin) {
    // Cancelled before any renewal: the subscription it started ends with it.
    if (e.type === 'canceled' && origin.deliveries <= 1 && ['active', 'paused', 'past_due'].includes(origin.status)) {
      await services.subscriptions.end(tx, origin, 'cancelled', 'system', 'first_order_cancelled');
    } else if (PAID_STATUSES.has(e.status) && origin.deliveries === 0) {
      // The first order is paid: it is the first delivery, and the card it saved (with the buyer's consent) pays the renewals.
      const card = await services.payments.cardSavedFor(tx, e.order_id);
      await services.subscriptions.patch(tx, origin.id, { deliveries: 1, ...(card && !origin.card_id ? { card_id: card } : {}) });
    }
    return;
  }
  await settleOrder(tx, services, e.order_id, null);
}
