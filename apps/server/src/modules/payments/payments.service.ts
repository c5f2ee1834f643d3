import { randomUUID } from 'node:crypto';
import type { Reader, Tx } from '../../platform/db.js';
import { requireTx, type Transactions } from '../../platform/transaction.js';
import { AppError } from '../../platform/errors.js';
import { faultPoint } from '../../platform/faults.js';
import { phrase } from '../../platform/messages.js';
import { IdempotencyKeys } from './payments.idempotency.js';
import { methodKind, paymentMethodsFor } from './payments.methods.js';
import type { OrderPaymentPort, PayableOrder, PaymentMethod } from './payments.port.js';
import type { ClientConfig, PaymentProvider, ProviderEvent, ScaMode } from './payments.provider.js';
import * as store from './payments.store.js';
import type { PaymentRow } from './payments.store.js';
import { hashCartId } from './payments.cart-hash.js';

export type { PaymentRow } from './payments.store.js';

/** Who asks: a signed-in customer by session, or a guest by the masked id of the cart the order came from. */
export interface PaymentOwner {
  customerUuid: string | null;
  cartId: string | null;
}

/** What cancelling an order did to its payment (see refundOrVoid). */
export interface RefundOrVoidResult {
  action: 'none' | 'void' | 'refund' | 'review';
  payment_uuid: string | null;
  /** Minor units being given back (0 unless action is refund). */
  refunded: number;
}

/** What a verified notification did; `duplicate` for a replayed event id. */
export type WebhookOutcome = 'paid' | 'failed' | 'suspicious' | 'refunding' | 'refunded' | 'parked' | 'acknowledged' | 'ignored' | 'duplicate';
/** Statuses in which the shop has not seen the provider take the money: a refund can only be early. */
const UNCAPTURED = new Set<store.PaymentStatus>(['created', 'voided', 'failed']);

const PAYABLE_ORDER_STATUSES = new Set(['pending_payment', 'payment_failed']);
/**
 * The attempt key (Idempotency-Key) decides whether an open payment is shared: the same key shares
 * it, another supersedes it (voided at the provider, replaced by a fresh session, so an abandoned page
 * can never be paid as well; decision 0023). A request without a key is a first attempt only: once
 * the order has a payment, one without a key is refused (decision 0034).
 */
/** A provider session lives an hour: an attempt's payment is shared for at most this long. */
const SESSION_REUSE_MS = 50 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_COMMAND_ATTEMPTS = 8;
/** Days a customer has to authenticate a renewal's charge the bank challenged (the sandbox keeps the session as long). */
export const OFF_SESSION_AUTHENTICATION_DAYS = 3;

/** The payments domain: sessions with the provider, owner-checked lookups, notifications, void and refund. */
export class PaymentsService {
  /** Idempotency-Key answers of placeOrder and the payment calls (payments_idempotency_key). */
  readonly idempotency: IdempotencyKeys;
  private readonly reconcileAfterSeconds: number;

  constructor(
    /** Plain reads outside a transaction; writes take the caller's transaction or Transactions. */
    private readonly db: Reader,
    readonly provider: PaymentProvider,
    /** Implemented by the orders module; wired once when the services are built. */
    public orders: OrderPaymentPort,
    opts: { idempotencyLeaseMs?: number; reconcileAfterSeconds?: number } = {},
  ) {
    this.idempotency = new IdempotencyKeys(opts.idempotencyLeaseMs ?? 30_000);
    this.reconcileAfterSeconds = opts.reconcileAfterSeconds ?? 120;
  }

  /** The store view's methods, titled in its language. */
  listMethods(storeCode: string, language = 'en'): PaymentMethod[] {
    return paymentMethodsFor(storeCode, language);
  }

  /** The public values the storefront needs to open a method's payment page; unknown codes are not found. */
  clientConfig(storeCode: string, code: string): ClientConfig & { code: string; tokenizable: boolean } {
    const method = paymentMethodsFor(storeCode).find((m) => m.code === code);
    if (!method) throw new AppError('ENTITY_NOT_FOUND', 'Payment method not found');
    return { code: method.code, tokenizable: method.tokenizable, ...this.provider.clientConfig(method.code, storeCode) };
  }

  /** Whether a store view offers a method (orders asks before a customer switches an order's method). */
  async isAvailable(storeCode: string, methodCode: string): Promise<boolean> {
    return paymentMethodsFor(storeCode).some((m) => m.code === methodCode);
  }

  scaModeFor(storeCode: string): Promise<ScaMode> {
    return store.scaModeFor(this.db, storeCode);
  }

  setScaMode(tx: Tx, storeCode: string, mode: ScaMode): Promise<void> {
    return store.setScaMode(tx, storeCode, mode);
  }

  /**
   * Opens (or reopens) the provider's payment session for an order the caller may pay. The order is
   * read and locked through the orders port; the provider is called outside the transaction with
   * the payment uuid as idempotency key, so concurrent or retried calls share one session.
   */
  async generateToken(
    run: Transactions,
    owner: PaymentOwner,
    input: { orderId: string; tokenize: boolean; returnUrl: string | null; methodCode?: string | null; attemptKey?: string | null },
  ): Promise<PaymentRow> {
    const prepared = await run(async (tx) => {
      let order = await this.orders.findPayableOrder(tx, input.orderId, owner);
      if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
      // Paying again with a chosen method (another, or the same after a refusal, which gives the order a
      // fresh expiry window as decision 0019 says): only one the provider collects, only while the order waits.
      if (input.methodCode && (input.methodCode !== order.payment_method_code || order.status === 'payment_failed')) {
        if (!methodKind(input.methodCode) || !paymentMethodsFor(order.store_code).some((m) => m.code === input.methodCode)) {
          throw new AppError('VALIDATION_FAILED', 'This payment method is not available', { field: 'payment_method' });
        }
        if (!PAYABLE_ORDER_STATUSES.has(order.status)) throw new AppError('ORDER_NOT_PAYABLE', 'The order is not awaiting payment');
        order = await this.orders.changePaymentMethod(tx, order.entity_id, input.methodCode);
      }
      const kind = methodKind(order.payment_method_code);
      const offered = paymentMethodsFor(order.store_code).find((m) => m.code === order.payment_method_code);
      if (!kind || !offered) throw new AppError('ORDER_NOT_PAYABLE', 'The order’s payment method is not paid through this service');
      if (!PAYABLE_ORDER_STATUSES.has(order.status)) throw new AppError('ORDER_NOT_PAYABLE', 'The order is not awaiting payment');
      if (!Number.isInteger(order.grand_total) || order.grand_total <= 0) throw new AppError('ORDER_NOT_PAYABLE', 'Nothing is due on this order');
      const tokenize = input.tokenize && offered.tokenizable && owner.customerUuid !== null;
      const returnUrl = input.returnUrl ?? `/${order.store_code}/checkout/payment-return`;

      // A request without a key is a first attempt: once the order has a payment, a repeat must say
      // which attempt it belongs to (the same key to repeat it, a new one to pay again).
      if (!input.attemptKey && (await store.hasPayment(tx, order.entity_id))) {
        throw new AppError('IDEMPOTENCY_KEY_REQUIRED', phrase('idempotency.paymentRetried'));
      }
      let live = await store.findLivePayment(tx, order.entity_id);
      if (live && live.status !== 'created') throw new AppError('ORDER_NOT_PAYABLE', 'The order is already paid');
      if (live && !this.canReuse(live, order, tokenize, returnUrl, input.attemptKey ?? null)) {
        await this.voidOpen(tx, live);
        live = null;
      }
      live ??= await store.insertPayment(tx, {
        uuid: randomUUID(),
        order_id: order.entity_id,
        store_code: order.store_code,
        customer_uuid: owner.customerUuid,
        cart_id_hash: owner.customerUuid ? null : hashCartId(owner.cartId ?? ''),
        method_code: order.payment_method_code,
        provider: this.provider.code,
        amount: order.grand_total,
        currency: order.currency,
        tokenize,
        return_url: returnUrl,
        attempt_key: input.attemptKey ?? null,
      });
      // A concurrent request opened it first: share that payment.
      live ??= await store.findLivePayment(tx, order.entity_id);
      if (!live || live.status !== 'created') throw new AppError('ORDER_NOT_PAYABLE', 'The order is already paid');
      return { payment: live, kind, scaMode: await store.scaModeFor(tx, order.store_code) };
    });

    const { payment } = prepared;
    if (payment.provider_reference) return payment;
    await this.openSession(run, payment, prepared.kind, prepared.scaMode);
    return (await store.findPayment(this.db, payment.uuid))!;
  }

  /**
   * Opens the provider's session of a payment and records it. The provider dedupes on the payment's
   * key, so calling again after a crash between its answer and the record gets the same session.
   */
  private async openSession(run: Transactions, payment: PaymentRow, kind: NonNullable<ReturnType<typeof methodKind>>, scaMode: ScaMode): Promise<void> {
    const session = await this.provider.createSession({
      idempotencyKey: `${payment.uuid}:session`,
      merchantReference: payment.uuid,
      orderReference: payment.order_id,
      kind,
      amount: payment.amount,
      currency: payment.currency,
      scaMode,
      tokenize: payment.tokenize,
      returnUrl: payment.return_url,
    });
    faultPoint('payments.after-provider');
    await run((tx) =>
      store.attachSession(tx, payment.uuid, { provider_reference: session.providerReference, payment_token: session.sessionToken, redirect_url: session.redirectUrl }),
    );
  }

  // ---------- saved cards and charges without the customer ----------

  /** The customer's saved cards (brand, last four digits, expiry; never the token). */
  cards(q: Reader, customerUuid: string): Promise<store.SavedCardRow[]> {
    return store.savedCardsOf(q, customerUuid);
  }

  /** One of the customer's cards; another customer's, or none, is NOT_FOUND. */
  async card(q: Reader, customerUuid: string, id: string, opts: { lock?: boolean } = {}): Promise<store.SavedCardRow> {
    const card = UUID.test(id) ? await store.findSavedCard(q, customerUuid, id, opts.lock) : null;
    if (!card) throw new AppError('NOT_FOUND', 'Card not found');
    return card;
  }

  async removeCard(tx: Tx, customerUuid: string, id: string): Promise<void> {
    if (!(await store.deleteSavedCard(tx, customerUuid, id))) throw new AppError('NOT_FOUND', 'Card not found');
  }

  async setDefaultCard(tx: Tx, customerUuid: string, id: string): Promise<void> {
    if (!(await store.setDefaultCard(tx, customerUuid, id))) throw new AppError('NOT_FOUND', 'Card not found');
  }

  /** The card the order's payment saved (the buyer agreed to keep it), or null. */
  cardSavedFor(q: Reader, orderEntityId: string): Promise<string | null> {
    return store.cardSavedFor(q, orderEntityId);
  }

  /** The card the order's payment saved and its fingerprint (to know the same card again across tokens), or null. */
  cardSavedWithFingerprint(q: Reader, orderEntityId: string): Promise<{ id: string; fingerprint: string | null } | null> {
    return store.cardSavedWithFingerprint(q, orderEntityId);
  }

  /**
   * The payment of an order charged to a saved card without the customer (a renewal), in the caller's
   * transaction: the charge itself runs after commit (`chargeOffSession`), keyed by this payment.
   */
  async openOffSessionPayment(
    tx: Tx, order: { entity_id: string; store_code: string; grand_total: number; currency: string; payment_method_code: string }, customerUuid: string, cardId: string,
  ): Promise<PaymentRow> {
    requireTx(tx);
    const payment = await store.insertPayment(tx, {
      uuid: randomUUID(),
      order_id: order.entity_id,
      store_code: order.store_code,
      customer_uuid: customerUuid,
      cart_id_hash: null,
      method_code: order.payment_method_code,
      provider: this.provider.code,
      amount: order.grand_total,
      currency: order.currency,
      tokenize: false,
      return_url: `/${order.store_code}/checkout/payment-return`,
      attempt_key: null,
      off_session: true,
      saved_card_id: cardId,
    });
    if (!payment) throw new AppError('ORDER_NOT_PAYABLE', 'The order already has a payment');
    return payment;
  }

  /**
   * Charges an off-session payment's card, once however often it is called (the provider dedupes on
   * the payment's key), and applies the answer as its notification would be applied. A card the
   * customer removed meanwhile refuses the payment. `requires_action`: the bank asks the customer to
   * authenticate on `redirect_path`; the payment stays open until they do or it expires.
   */
  async chargeOffSession(run: Transactions, paymentUuid: string): Promise<{ status: 'paid' | 'failed' | 'requires_action' | 'settled'; reason: string | null; redirect_path: string | null }> {
    const payment = await store.findPayment(this.db, paymentUuid);
    if (!payment || !payment.off_session || !payment.customer_uuid) throw new AppError('NOT_FOUND', 'Payment not found');
    if (payment.status !== 'created') return { status: 'settled', reason: payment.failure_code, redirect_path: null };
    const card = payment.saved_card_id ? await store.savedCardToken(this.db, payment.customer_uuid, payment.saved_card_id) : null;
    const scaMode = await store.scaModeFor(this.db, payment.store_code);
    const charge = await this.provider.chargeOffSession({
      idempotencyKey: `${payment.uuid}:charge`,
      merchantReference: payment.uuid,
      orderReference: payment.order_id,
      amount: payment.amount,
      currency: payment.currency,
      // A removed card is no card: the provider refuses the unknown token.
      cardToken: card?.token ?? 'tok_removed',
      exemption: scaMode !== 'SCA_ALWAYS',
      returnUrl: payment.return_url,
    });
    faultPoint('payments.after-provider');
    if (charge.status === 'requires_action') {
      await run((tx) => store.attachSession(tx, payment.uuid, { provider_reference: charge.providerReference, payment_token: charge.sessionToken, redirect_url: charge.redirectUrl }));
      return { status: 'requires_action', reason: null, redirect_path: charge.redirectUrl };
    }
    const type = charge.status === 'captured' ? 'payment.captured' : 'payment.refused';
    const outcome = await run(async (tx) => {
      await store.attachSession(tx, payment.uuid, { provider_reference: charge.providerReference, payment_token: charge.sessionToken, redirect_url: charge.redirectUrl });
      return this.handleEvent(tx, {
        id: `charge:${charge.providerReference}:${type}`, type, created: Math.floor(Date.now() / 1000),
        data: {
          provider_reference: charge.providerReference, merchant_reference: payment.uuid, order_reference: payment.order_id,
          amount: payment.amount, currency: payment.currency, reason: charge.reason, card: charge.card,
        },
      });
    });
    if (outcome.outcome === 'paid') return { status: 'paid', reason: null, redirect_path: null };
    if (outcome.outcome === 'failed') return { status: 'failed', reason: charge.reason ?? 'refused', redirect_path: null };
    return { status: 'settled', reason: outcome.detail, redirect_path: null };
  }

  /** A payment its owner may read; anyone else's answers exactly like a missing one. */
  async getPayment(owner: PaymentOwner, uuid: string): Promise<PaymentRow> {
    const payment = UUID.test(uuid) ? await store.findPayment(this.db, uuid) : null;
    if (!payment || !isOwner(payment, owner)) throw new AppError('NOT_FOUND', 'Payment not found');
    return payment;
  }

  /**
   * Acts on a verified provider notification in one transaction: the event id is recorded first (a
   * replay does nothing), and the order is marked paid only when the provider's amount, currency and
   * references match both the payment and the order; anything else puts the payment under review.
   */
  async handleEvent(tx: Tx, event: ProviderEvent): Promise<{ outcome: WebhookOutcome; payment_uuid: string; detail: string | null }> {
    requireTx(tx);
    const uuid = event.data.merchant_reference;
    if (!UUID.test(uuid)) throw new AppError('NOT_FOUND', 'Payment not found');
    {
      const peek = await store.findPayment(tx, uuid);
      if (!peek || peek.provider !== this.provider.code) throw new AppError('NOT_FOUND', 'Payment not found');
      // The order is locked before the payment, in the same order as cancellation (refundOrVoid).
      const order = await this.orders.findOrderForProvider(tx, peek.order_id);
      const payment = (await store.findPayment(tx, uuid, true))!;
      if (!(await store.recordWebhookEvent(tx, { provider: this.provider.code, event_id: event.id, type: event.type, payment_uuid: uuid, amount: event.data.amount }))) {
        return { outcome: 'duplicate' as const, payment_uuid: uuid, detail: null };
      }
      const result = await this.applyEvent(tx, event, payment, order);
      faultPoint('payments.before-order-update');
      await store.setWebhookOutcome(tx, this.provider.code, event.id, result.outcome);
      return { ...result, payment_uuid: uuid };
    }
  }

  /**
   * Before a notification is applied: a payment whose provider session the shop never recorded (the
   * process died between the provider's answer and the record) gets it from the provider now, so the
   * notification matches it instead of looking forged.
   */
  async adoptUnrecordedSession(run: Transactions, paymentUuid: string): Promise<void> {
    if (!UUID.test(paymentUuid)) return;
    const payment = await store.findPayment(this.db, paymentUuid);
    if (!payment || payment.provider_reference || payment.provider !== this.provider.code) return;
    const state = await this.provider.lookup(paymentUuid);
    if (state) await run((tx) => store.attachSession(tx, paymentUuid, { provider_reference: state.providerReference, payment_token: state.sessionToken, redirect_url: state.redirectUrl }));
  }

  /**
   * Settles the payment of an order being cancelled, inside the caller's transaction: an open one is
   * voided, a paid one refunded in full (the provider calls run after commit, once per idempotency key).
   */
  async refundOrVoid(tx: Tx, entityId: string): Promise<RefundOrVoidResult> {
    const payment = await store.findLivePayment(tx, entityId);
    if (!payment) return { action: 'none', payment_uuid: null, refunded: 0 };
    if (payment.status === 'created') {
      await this.voidOpen(tx, payment);
      return { action: 'void', payment_uuid: payment.uuid, refunded: 0 };
    }
    if (payment.status === 'paid') {
      await this.startRefund(tx, payment, ['paid']);
      return { action: 'refund', payment_uuid: payment.uuid, refunded: payment.amount };
    }
    if (payment.status === 'refund_pending') return { action: 'refund', payment_uuid: payment.uuid, refunded: payment.amount };
    // A payment under review holds money whose amount did not match: a person decides.
    return { action: 'review', payment_uuid: payment.uuid, refunded: 0 };
  }

  /**
   * Gives back part of an order's captured payment (a return's approved items, an operator's refund),
   * in the caller's transaction: the provider call runs after commit, once per idempotency key. The
   * same key again changes nothing and answers as the first call did (with another amount it is
   * IDEMPOTENCY_KEY_REUSED). Asking for more than is left
   * (captured less everything asked back before), or for anything when nothing was captured, is
   * REFUND_NOT_POSSIBLE; the database holds the same limit.
   */
  async refundPart(tx: Tx, orderEntityId: string, amount: number, idempotencyKey: string): Promise<{ refunded: number; remaining: number }> {
    if (!Number.isInteger(amount) || amount <= 0) throw new AppError('REFUND_NOT_POSSIBLE', 'A refund must be a positive amount in minor units');
    if (!idempotencyKey || idempotencyKey.length > 150) throw new AppError('VALIDATION_FAILED', 'A refund needs an idempotency key', { field: 'idempotency_key' });
    const payment = await store.findRefundablePayment(tx, orderEntityId);
    if (!payment) throw new AppError('REFUND_NOT_POSSIBLE', 'Nothing was captured for this order');
    const asked = Math.max(payment.refunded_amount, payment.refund_requested);
    const key = `${payment.uuid}:part:${idempotencyKey}`;
    const earlier = await store.findCommand(tx, key);
    if (earlier) {
      if (earlier.amount !== amount) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This refund key was used for another amount');
      return { refunded: earlier.amount, remaining: payment.amount - asked };
    }
    if (payment.status !== 'paid' || amount > payment.amount - asked) {
      throw new AppError('REFUND_NOT_POSSIBLE', `At most ${Math.max(0, payment.status === 'paid' ? payment.amount - asked : 0)} can be refunded`, { remaining: payment.amount - asked });
    }
    const now = await store.addRefundRequested(tx, payment.uuid, amount);
    await store.enqueueCommand(tx, { payment_uuid: payment.uuid, kind: 'partial_refund', amount, idempotency_key: key });
    // Everything asked back: the payment waits for the provider's notifications to say it is all refunded.
    if (now >= payment.amount) await store.transition(tx, payment.uuid, ['paid'], 'refund_pending');
    return { refunded: amount, remaining: payment.amount - now };
  }

  /** A renewal's charge the bank asked the customer to authenticate, within the days the customer is given. */
  async waitsForCustomer(tx: Tx, entityId: string): Promise<boolean> {
    return store.awaitsAuthentication(tx, entityId, OFF_SESSION_AUTHENTICATION_DAYS);
  }

  /** Whether the provider took money for the order (paid, under review, being refunded), read in the caller's transaction. */
  async holdsCapturedMoney(tx: Tx, entityId: string): Promise<boolean> {
    return store.holdsMoney(tx, entityId);
  }

  /**
   * Voids the order's open payment, if any, in the caller's transaction (the order's method changed):
   * the provider call runs after commit, and a capture that still arrives for it is refunded.
   */
  async supersedeOpenPayment(tx: Tx, entityId: string): Promise<void> {
    const payment = await store.findLivePayment(tx, entityId);
    if (payment?.status === 'created') await this.voidOpen(tx, payment);
  }

  /** Runs due void and refund calls against the provider; each is retried with backoff until it succeeds. */
  async runProviderCommands(run: Transactions, limit = 20): Promise<number> {
    const due = await run((tx) => store.claimDueCommands(tx, limit, 60));
    let done = 0;
    for (const c of due) {
      try {
        // A void overtaken by a capture (the payment moved on to a refund) has nothing left to cancel.
        const moot = c.kind === 'void' && c.payment_status !== 'voided';
        if (c.provider_reference && !moot) {
          if (c.kind === 'void') await this.provider.void(c.provider_reference, c.idempotency_key);
          else await this.provider.refund(c.provider_reference, c.amount, c.idempotency_key);
        }
        await run(async (tx) => {
          await store.markCommandDone(tx, c.id);
          // A partial refund done is not the payment refunded: its notifications count what was given back.
          if (c.kind === 'refund') await store.transition(tx, c.payment_uuid, ['refund_pending'], 'refunded');
        });
        done++;
      } catch (err) {
        await run((tx) => store.markCommandFailed(tx, c.id, String((err as Error).message ?? err), Math.min(5 * 2 ** c.attempts, 3600), MAX_COMMAND_ATTEMPTS));
      }
    }
    return done;
  }

  /**
   * Reconciliation: payments still open at the shop after PAYMENTS_RECONCILE_AFTER_S are looked up at
   * the provider. A session the shop never recorded (a crash between the provider's answer and the
   * record) is recorded; a capture or refusal whose notification did not arrive is applied as
   * that notification would be, under an event id of its own, so a late real one changes nothing twice.
   */
  async reconcile(run: Transactions, limit = 20): Promise<number> {
    const due = await run(async (tx) => {
      const rows = await store.findUnsettled(tx, this.reconcileAfterSeconds, limit);
      // Asked now: the next run (here or on another instance) waits another period.
      for (const p of rows) await store.touch(tx, p.uuid);
      return rows;
    });
    let settled = 0;
    for (const p of due) {
      const state = await this.provider.lookup(p.uuid);
      if (!state) continue;
      if (!p.provider_reference) {
        await run((tx) =>
          store.attachSession(tx, p.uuid, { provider_reference: state.providerReference, payment_token: state.sessionToken, redirect_url: state.redirectUrl }),
        );
      }
      if (state.status === 'open') continue;
      const data = {
        provider_reference: state.providerReference, merchant_reference: p.uuid, order_reference: p.order_id,
        amount: state.amount, currency: state.currency, reason: state.reason, card: state.card,
      };
      const type = state.status === 'captured' ? 'payment.captured' : 'payment.refused';
      // Refunds are not replayed from here: their own notifications (retried by the provider) count them.
      await run((tx) => this.handleEvent(tx, { id: `reconcile:${state.providerReference}:${type}`, type, created: Math.floor(Date.now() / 1000), data }));
      settled++;
    }
    return settled;
  }

  private canReuse(live: PaymentRow, order: PayableOrder, tokenize: boolean, returnUrl: string, attemptKey: string | null): boolean {
    const age = Date.now() - new Date(live.created_at).getTime();
    const sameAttempt = attemptKey !== null && live.attempt_key === attemptKey && age < SESSION_REUSE_MS;
    return (
      sameAttempt &&
      live.amount === order.grand_total &&
      live.currency === order.currency &&
      live.method_code === order.payment_method_code &&
      live.tokenize === tokenize &&
      live.return_url === returnUrl
    );
  }

  private async voidOpen(tx: Tx, payment: PaymentRow): Promise<void> {
    await store.transition(tx, payment.uuid, ['created'], 'voided');
    if (payment.provider_reference) await store.enqueueCommand(tx, { payment_uuid: payment.uuid, kind: 'void', amount: payment.amount, idempotency_key: `${payment.uuid}:void` });
  }

  /** Gives back what the provider still holds of a payment (refunds it already reported are not asked twice). */
  private async startRefund(tx: Tx, payment: PaymentRow, from: store.PaymentStatus[]): Promise<void> {
    // Partial refunds already asked for are not asked twice.
    const remaining = payment.amount - Math.max(payment.refunded_amount, payment.refund_requested);
    if (remaining <= 0) {
      await store.transition(tx, payment.uuid, from, 'refunded');
      return;
    }
    await store.transition(tx, payment.uuid, from, 'refund_pending');
    await store.addRefundRequested(tx, payment.uuid, remaining);
    await store.enqueueCommand(tx, { payment_uuid: payment.uuid, kind: 'refund', amount: remaining, idempotency_key: `${payment.uuid}:refund` });
  }

  /**
   * Refund notifications that overtook this payment's capture (parked) are counted now that the
   * capture is: the payment's refunded amount never exceeds what was captured. Returns the payment as it is now.
   */
  private async applyParkedRefunds(tx: Tx, payment: PaymentRow): Promise<PaymentRow> {
    const parked = await store.takeParkedRefunds(tx, this.provider.code, payment.uuid);
    if (parked > 0) await store.addRefunded(tx, payment.uuid, Math.min(parked, payment.amount - payment.refunded_amount));
    return (await store.findPayment(tx, payment.uuid))!;
  }

  private async applyEvent(tx: Tx, event: ProviderEvent, paymentAsRead: PaymentRow, order: PayableOrder | null): Promise<{ outcome: WebhookOutcome; detail: string | null }> {
    const d = event.data;
    let payment = paymentAsRead;
    switch (event.type) {
      case 'payment.captured': {
        if (UNCAPTURED.has(payment.status) && d.provider_reference === payment.provider_reference) payment = await this.applyParkedRefunds(tx, payment);
        // Captured after the shop voided it (the order was cancelled, or a newer payment superseded this
        // one) or recorded it as refused: the order never counts it, the money goes back.
        if (payment.status === 'voided' || payment.status === 'failed') {
          const was = payment.status;
          await this.startRefund(tx, payment, [payment.status]);
          return { outcome: 'refunding', detail: `captured after ${was === 'voided' ? 'void' : 'refusal'}` };
        }
        if (payment.status !== 'created') return { outcome: 'ignored', detail: `payment already ${payment.status}` };
        // The provider already gave all of it back (its refund overtook this capture): nothing was
        // paid, and the order still waits for a payment.
        if (payment.refunded_amount >= payment.amount) {
          await store.transition(tx, payment.uuid, ['created'], 'refunded');
          return { outcome: 'refunded', detail: 'refunded before the capture was reported' };
        }
        const problems = mismatches(event, payment, order);
        if (problems.length) {
          const reason = `provider notification does not match: ${problems.join(', ')}`;
          await store.transition(tx, payment.uuid, ['created'], 'suspicious', { review_reason: reason });
          return { outcome: 'suspicious', detail: reason };
        }
        const card = d.card ? { brand: d.card.brand, last4: d.card.last4, exp_month: d.card.exp_month, exp_year: d.card.exp_year } : null;
        if (!PAYABLE_ORDER_STATUSES.has(order!.status)) {
          // The order stopped waiting (cancelled meanwhile): the money goes back instead of paying it.
          await store.transition(tx, payment.uuid, ['created'], 'paid', { card });
          await this.startRefund(tx, payment, ['paid']);
          return { outcome: 'refunding', detail: `order is ${order!.status}` };
        }
        await this.orders.markPaid(tx, order!.entity_id, { payment_uuid: payment.uuid, provider_reference: d.provider_reference, amount: d.amount, currency: d.currency });
        await store.transition(tx, payment.uuid, ['created'], 'paid', { card });
        if (payment.tokenize && payment.customer_uuid && d.card?.token) {
          await store.saveCard(tx, { id: randomUUID(), customer_uuid: payment.customer_uuid, provider: this.provider.code, token: d.card.token, fingerprint: d.card.fingerprint ?? null, ...card! }, payment.uuid);
        }
        if (payment.refunded_amount > 0) {
          // Part of it went back before the capture was reported: the order is paid, a person decides about the rest.
          const reason = `refunded ${payment.refunded_amount} of ${payment.amount} at the provider`;
          await store.transition(tx, payment.uuid, ['paid'], 'suspicious', { review_reason: reason });
          return { outcome: 'suspicious', detail: reason };
        }
        return { outcome: 'paid', detail: null };
      }
      case 'payment.refused': {
        if (payment.status !== 'created' || d.provider_reference !== payment.provider_reference) return { outcome: 'ignored', detail: `payment is ${payment.status}` };
        const code = d.reason ?? 'refused';
        await store.transition(tx, payment.uuid, ['created'], 'failed', { failure_code: code });
        if (order && PAYABLE_ORDER_STATUSES.has(order.status)) {
          await this.orders.markPaymentFailed(tx, order.entity_id, { code, message: refusalMessage(code) });
        }
        return { outcome: 'failed', detail: code };
      }
      case 'payment.refunded': {
        // Notifications come in any order: a refund of a capture the shop has not seen yet is kept
        // (parked, with its amount) and counted when the capture arrives.
        if (UNCAPTURED.has(payment.status)) return { outcome: 'parked', detail: `refund of ${d.amount} before its capture` };
        const room = payment.amount - payment.refunded_amount;
        await store.addRefunded(tx, payment.uuid, Math.max(0, Math.min(d.amount, room)));
        if (d.amount > room) {
          // More than was captured is never counted: the refunded amount stays at most the captured one.
          if (payment.status === 'paid') await store.transition(tx, payment.uuid, ['paid'], 'suspicious', { review_reason: `refund of ${d.amount} exceeds the ${room} left` });
          return { outcome: 'suspicious', detail: `refund of ${d.amount} exceeds the ${room} left` };
        }
        const refundedNow = payment.refunded_amount + d.amount;
        // A refund the shop asked for: only the whole amount given back makes the payment refunded;
        // a partial one (a return, an operator's refund) is acknowledged and counted.
        if (payment.status === 'refund_pending' || (payment.status === 'paid' && refundedNow <= payment.refund_requested)) {
          if (refundedNow >= payment.amount && await store.transition(tx, payment.uuid, [payment.status], 'refunded')) return { outcome: 'refunded', detail: null };
          return { outcome: 'acknowledged', detail: `refunded ${refundedNow} of ${payment.amount}` };
        }
        if (payment.status === 'paid') {
          // A refund the shop did not ask for (made at the provider): the order is paid, a person decides.
          const reason = `refunded ${payment.refunded_amount + d.amount} of ${payment.amount} at the provider`;
          await store.transition(tx, payment.uuid, ['paid'], 'suspicious', { review_reason: reason });
          return { outcome: 'suspicious', detail: reason };
        }
        return { outcome: 'acknowledged', detail: null };
      }
      case 'payment.cancelled':
        return { outcome: 'acknowledged', detail: null };
    }
  }
}

function isOwner(p: PaymentRow, owner: PaymentOwner): boolean {
  if (p.customer_uuid) return owner.customerUuid === p.customer_uuid;
  return owner.cartId !== null && p.cart_id_hash === hashCartId(owner.cartId);
}

/** Every way a capture notification can disagree with what the shop asked for. */
function mismatches(event: ProviderEvent, payment: PaymentRow, order: PayableOrder | null): string[] {
  const d = event.data;
  const out: string[] = [];
  if (d.provider_reference !== payment.provider_reference) out.push('provider reference');
  if (d.order_reference !== payment.order_id) out.push('order reference');
  if (!order) return [...out, 'order not found'];
  if (d.amount !== payment.amount || d.amount !== order.grand_total) out.push('amount');
  if (d.currency.toUpperCase() !== payment.currency || d.currency.toUpperCase() !== order.currency.toUpperCase()) out.push('currency');
  return out;
}

function refusalMessage(code: string): string {
  if (code === 'insufficient_funds') return 'The card was declined: insufficient funds';
  if (code === 'authentication_failed') return 'The card holder did not pass strong authentication';
  if (code === 'cancelled_by_shopper') return 'The bank transfer was cancelled';
  if (code === 'expired') return 'The payment was not completed in time';
  if (code === 'too_many_attempts') return 'Too many invalid card details were entered';
  if (code === 'card_declined') return 'The saved card was declined';
  if (code === 'card_not_found') return 'The saved card is no longer available';
  return 'The payment was refused';
}
