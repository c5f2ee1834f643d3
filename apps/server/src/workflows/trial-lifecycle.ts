import type { Db, Tx } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import { inTransaction, transactionsOn } from '../platform/transaction.js';
import type { Services } from '../services.js';
import type { Caller } from '../modules/cart/cart.service.js';
import { DEFAULT_PAYMENT_METHOD } from '../modules/payments/payments.methods.js';
import { formatMoney } from '../modules/orders/orders.mapper.js';
import type { OrderEvent } from '../modules/orders/orders.store.js';
import type { StoreView } from '../modules/store/store.service.js';
import type { TrialRow } from '../modules/trials/trials.service.js';
import { mailCustomer } from './customer-mail.js';
import { placeCart } from './place-order.js';

/**
 * The free trial's life after its order (docs/decisions/0057). The trial order's payment starts the
 * days (with the card it saved, whose fingerprint must be new to the programme); a reminder goes out
 * before the end; at the end a trial not being returned is converted: an order for the programme's
 * conversion product (virtual: the device is with the customer already) placed by the checkout's own
 * placeCart under every rule a one-off order obeys, charged off-session to the saved card after
 * commit, once (the provider dedupes on the payment's key). Declines are retried after 1 and 3 days.
 * Each trial is claimed with FOR UPDATE SKIP LOCKED, so instances share the work; the trial row's
 * `conversion_order_id` (unique) lets a trial hold one conversion order however often a run restarts.
 */

export const RETRY_AFTER_DAYS = [1, 3] as const;
const MAX_ATTEMPTS = RETRY_AFTER_DAYS.length + 1;
const UNSETTLED_AFTER_SECONDS = 60;
/** A customer asked by their bank to authenticate has this long (the sandbox's and the e-mail's three days). */
const AUTHENTICATION_DAYS = 3;
const DAY_MS = 86_400_000;
const PAID_STATUSES = new Set(['payment_completed', 'processing', 'confirmed', 'shipped', 'shipped_to_warehouse', 'delivered', 'complete', 'delivered_to_pick_up_point']);

export interface TrialReport {
  reminded: number;
  placed: number;
  converted: number;
  declined: number;
  awaiting: number;
  /** Trials whose run failed unexpectedly (left for the next run, logged by the caller). */
  failed: { trial_id: string; error: unknown }[];
}

/** One run: reminders due, unsettled conversion charges, trials that ended, retries of declined charges. */
export async function runTrials(
  db: Db, services: Services, opts: { now?: Date; limit?: number; only?: string[]; unsettledAfterSeconds?: number } = {},
): Promise<TrialReport> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? 200;
  const filter = { only: opts.only ?? null, skip: [] as string[] };
  const at = { now, unsettledBefore: new Date(Date.now() - (opts.unsettledAfterSeconds ?? UNSETTLED_AFTER_SECONDS) * 1000) };
  const report: TrialReport = { reminded: 0, placed: 0, converted: 0, declined: 0, awaiting: 0, failed: [] };
  const trials = services.trials;

  report.reminded = await inTransaction(db, async (tx) => {
    const due = await trials.claimDue(tx, 'reminder', at, limit, filter);
    for (const t of due) {
      await trials.patch(tx, t.id, { reminder_sent_at: now });
      await trials.note(tx, t.id, 'reminded', 'system');
      await mail(tx, services, t, 'trial_ending', { end_date: t.ends_at!.toISOString().slice(0, 10) });
    }
    return due.length;
  });

  // Unfinished charges first: their orders exist, and only their outcome is missing.
  const unsettled = await inTransaction(db, (tx) => trials.claimDue(tx, 'unsettled', at, limit, filter));
  for (const t of unsettled) await chargeAndSettle(db, services, t, report);

  for (const queue of ['ended', 'retry'] as const) {
    for (let i = 0; i < limit; i++) {
      let claimed: TrialRow | null = null;
      let placed: TrialRow | null = null;
      try {
        placed = await inTransaction(db, async (tx) => {
          [claimed = null] = await trials.claimDue(tx, queue, at, 1, filter);
          return claimed ? placeConversion(tx, services, claimed) : null;
        });
      } catch (err) {
        const t = claimed as TrialRow | null;
        if (!t) throw err;
        filter.skip.push(t.id);
        if (err instanceof AppError) {
          // A rule a one-off order obeys stopped the purchase (age verification, limits): as a declined charge.
          const counted = await inTransaction(db, async (tx) => {
            const fresh = await services.trials.find(tx, t.id, { lock: true });
            if (!fresh || (fresh.status !== 'in_trial' && fresh.status !== 'payment_failed')) return false;
            await declined(tx, services, { ...fresh, conversion_attempts: fresh.conversion_attempts + 1 }, `refused: ${err.code}`);
            return true;
          });
          if (counted) report.declined++;
        } else {
          report.failed.push({ trial_id: t.id, error: err });
        }
        continue;
      }
      if (!placed) break;
      filter.skip.push(placed.id);
      report.placed++;
      await chargeAndSettle(db, services, placed, report);
    }
  }
  return report;
}

/**
 * The conversion's order, in the claiming transaction: a cart of its own with the conversion product
 * (virtual), the trial order's billing address, card payment; placed by placeCart; then the
 * off-session payment the charge after commit uses.
 */
async function placeConversion(tx: Tx, services: Services, t: TrialRow): Promise<TrialRow> {
  if (!t.customer_uuid || !t.card_id) throw new AppError('UNABLE_TO_PLACE_ORDER', 'no saved card');
  const view = (await services.stores.list(tx)).find((v) => v.code === t.store_code) as StoreView | undefined;
  const program = (await services.trials.programs(tx)).find((p) => p.code === t.program_code);
  if (!view || !program) throw new AppError('NOT_SALABLE', 'programme not offered');
  const origin = await services.orders.findByRef(tx, t.order_id);
  const billing = origin ? (await services.orders.views(tx, [origin]))[0]!.addresses.find((a) => a.kind === 'billing') : undefined;
  if (!billing) throw new AppError('VALIDATION_FAILED', 'trial order has no billing address');

  const caller: Caller = { store: view, customerUuid: t.customer_uuid };
  const cart = await services.cart.renewalCart(tx, view, t.customer_uuid, 'conversion');
  const added = await services.cart.addItems(tx, view, cart, [{ sku: program.conversion_sku, quantity: 1 }]);
  if (added.errors.length) throw new AppError('NOT_SALABLE', added.errors[0]!.message);
  await services.cart.setBillingAddress(tx, view, cart, caller, {
    address: {
      firstname: billing.firstname, lastname: billing.lastname, street: billing.street, city: billing.city, postcode: billing.postcode,
      country_code: billing.country_code, region: billing.region, telephone: billing.telephone, save_in_address_book: false,
    },
  }, null);
  const terms = await services.legal.checkoutTerms(tx, view);
  await services.cart.setPaymentMethod(tx, view, cart, DEFAULT_PAYMENT_METHOD, terms.agreementIds);
  const placed = await placeCart(tx, services, caller, cart.masked_id, [], false);
  const order = (await services.orders.findOrderForProvider(tx, placed.entity_id))!;
  const payment = order.grand_total > 0 ? await services.payments.openOffSessionPayment(tx, order, t.customer_uuid, t.card_id) : null;
  await services.trials.transition(tx, t, payment ? 'converting' : 'converted', 'system', 'conversion_placed', null, {
    conversion_order_id: placed.entity_id, conversion_order_number: placed.order_number, conversion_payment_uuid: payment?.uuid ?? null,
    conversion_attempts: t.conversion_attempts + 1, retry_at: null,
  });
  return (await services.trials.find(tx, t.id))!;
}

/** Charges a conversion's payment (once, however often called) and records what came of it. */
async function chargeAndSettle(db: Db, services: Services, t: TrialRow, report: TrialReport): Promise<void> {
  if (!t.conversion_payment_uuid || !t.conversion_order_id) return;
  const outcome = await services.payments.chargeOffSession(transactionsOn(db), t.conversion_payment_uuid);
  const settled = await inTransaction(db, (tx) => settleConversion(tx, services, t.conversion_order_id!, outcome.status === 'requires_action' ? outcome.redirect_path : null, true));
  if (settled === 'converted') report.converted++;
  if (settled === 'declined') report.declined++;
  if (settled === 'awaiting') report.awaiting++;
}

/**
 * Records the outcome of a conversion order as it now stands, idempotently (the trial moves on only
 * from converting): paid (converted); the payment failed (the order is cancelled, the charge retried or
 * left to the operator); the bank asks the customer to authenticate (`awaiting`: the link is e-mailed
 * once); still waiting after the authentication window (`expired`) counts as declined.
 */
async function settleConversion(tx: Tx, services: Services, orderId: string, awaiting: string | null, afterCharge: boolean): Promise<string | null> {
  const t = await services.trials.findByOrder(tx, orderId, { lock: true });
  if (!t || t.conversion_order_id !== orderId || t.status !== 'converting') return null;
  const order = await services.orders.findOrderForProvider(tx, orderId);
  if (!order) return null;
  if (PAID_STATUSES.has(order.status)) {
    await services.trials.transition(tx, t, 'converted', 'system', 'converted', null, { retry_at: null });
    await mail(tx, services, t, 'trial_converted', { order_number: order.order_number }, '/account#/orders');
    return 'converted';
  }
  if (order.status === 'pending_payment') {
    if (awaiting) {
      if (t.retry_at) return null;
      await services.trials.patch(tx, t.id, { retry_at: new Date(Date.now() + AUTHENTICATION_DAYS * DAY_MS) });
      await services.trials.note(tx, t.id, 'authentication_requested', 'system');
      const payLink = services.identity.linkTo(t.store_code, '').replace(new RegExp(`/${t.store_code}$`), '') + awaiting;
      await mail(tx, services, t, 'trial_action_required', { order_number: order.order_number, pay_link: payLink });
      return 'awaiting';
    }
    // Still unpaid once the customer's authentication window passed: as a decline.
    if (!afterCharge || !t.retry_at || t.retry_at > new Date()) return null;
    await services.orders.changeStatus(tx, order.entity_id, { to: 'canceled', actor: 'system', reason_code: 'payment_failed', comment: 'trial conversion: not authenticated' });
    await declined(tx, services, (await services.trials.find(tx, t.id))!, 'not_authenticated');
    return 'declined';
  }
  if (order.status === 'payment_failed' || order.status === 'canceled') {
    if (order.status === 'payment_failed') {
      await services.orders.changeStatus(tx, order.entity_id, { to: 'canceled', actor: 'system', reason_code: 'payment_failed', comment: 'trial conversion: card declined' });
    }
    await declined(tx, services, t, order.status === 'payment_failed' ? 'card_declined' : 'order_cancelled');
    return 'declined';
  }
  return null;
}

/** A conversion that could not be paid: tried again after 1, then 3 days; after the last, an operator takes it. */
async function declined(tx: Tx, services: Services, t: TrialRow, reason: string): Promise<void> {
  const attempts = Math.max(t.conversion_attempts, 1);
  const last = attempts >= MAX_ATTEMPTS;
  const retryAt = last ? null : new Date(Date.now() + RETRY_AFTER_DAYS[attempts - 1]! * DAY_MS);
  await services.trials.transition(tx, t, 'payment_failed', 'system', 'payment_failed', reason, {
    retry_at: retryAt, conversion_attempts: attempts, conversion_order_id: null, conversion_order_number: null, conversion_payment_uuid: null,
  });
  await mail(tx, services, t, 'trial_payment_failed', { retry_date: retryAt ? retryAt.toISOString().slice(0, 10) : null });
}

/**
 * The trials' share of order events: the trial order's payment (the days start, the card's fingerprint
 * is claimed), its cancellation or return, and every conversion order's outcome.
 */
export async function onTrialOrderEvent(tx: Tx, services: Services, e: OrderEvent): Promise<void> {
  const t = await services.trials.findByOrder(tx, e.order_id, { lock: true });
  if (!t) return;
  if (t.conversion_order_id === e.order_id) {
    await settleConversion(tx, services, e.order_id, null, false);
    return;
  }
  if (t.order_id !== e.order_id) return;
  if (e.status === 'canceled' && ['pending_payment', 'in_trial', 'return_requested'].includes(t.status)) {
    await services.trials.transition(tx, t, 'cancelled', 'system', 'order_cancelled', null);
  } else if (e.status === 'returned' && ['in_trial', 'return_requested', 'payment_failed'].includes(t.status)) {
    await services.trials.transition(tx, t, 'returned', 'system', 'order_returned', null, { retry_at: null });
  } else if (PAID_STATUSES.has(e.status) && t.status === 'pending_payment') {
    const card = await services.payments.cardSavedWithFingerprint(tx, e.order_id);
    // Converting needs the card kept with the buyer's consent; a card that had this trial before is a second trial.
    const refusal = !card ? 'no_saved_card' : card.fingerprint && !(await services.trials.claimCard(tx, t, card.fingerprint)) ? 'card_had_trial' : null;
    if (refusal) {
      await services.trials.transition(tx, t, 'refused', 'system', 'refused', refusal);
      await services.orders.changeStatus(tx, e.order_id, { to: 'canceled', actor: 'system', reason_code: 'trial_refused', comment: `free trial refused: ${refusal}` });
      await mail(tx, services, t, 'trial_refused', { order_number: t.order_number });
      return;
    }
    await services.trials.begin(tx, t, card!.id, new Date());
  }
}

type TrialTemplate = 'trial_ending' | 'trial_converted' | 'trial_payment_failed' | 'trial_action_required' | 'trial_refused';

async function mail(tx: Tx, services: Services, t: TrialRow, template: TrialTemplate, params: Record<string, unknown>, path = '/account#/orders'): Promise<void> {
  if (!t.customer_uuid) return;
  await mailCustomer(tx, services, { customerUuid: t.customer_uuid, storeCode: t.store_code }, template, ({ firstname, view }) => ({
    firstname, amount: formatMoney(t.amount_after_trial, t.currency, view?.locale ?? 'en_GB'), link: services.identity.linkTo(t.store_code, path), ...params,
  }));
}
