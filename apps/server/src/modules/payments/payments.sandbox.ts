import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Queryable, Tx } from '../../platform/db.js';
import { requireTx, type Transactions } from '../../platform/transaction.js';
import type {
  ClientConfig,
  CreateSessionInput,
  OffSessionCharge,
  OffSessionChargeInput,
  PaymentProvider,
  ProviderEvent,
  ProviderEventType,
  ProviderPaymentState,
  ProviderSession,
} from './payments.provider.js';
import { WebhookRefusal } from './payments.provider.js';
import { SIGNATURE_HEADER, signPayload, verifySignature } from './payments.signature.js';
import * as sbx from './payments.sandbox.store.js';

export const SANDBOX_PREFIX = '/payments-sandbox';
const SESSION_TTL_SECONDS = 3_600;
const MAX_DELIVERY_ATTEMPTS = 8;
/** Invalid card submissions one session accepts before it is refused, as real providers stop card testing. */
export const MAX_FORM_ERRORS = 5;

/** The sandbox's test cards, as a real TEST environment documents them; any other number is refused. */
export const TEST_CARDS: Record<string, { brand: string; outcome: sbx.CardOutcome; challenge: boolean; offSession: sbx.OffSessionOutcome; label: string }> = {
  '4111111111111111': { brand: 'visa', outcome: 'success', challenge: false, offSession: 'success', label: 'Visa, authorised' },
  '5555555555554444': { brand: 'mastercard', outcome: 'success', challenge: false, offSession: 'success', label: 'Mastercard, authorised' },
  '4000000000009995': { brand: 'visa', outcome: 'insufficient_funds', challenge: false, offSession: 'declined', label: 'Visa, declined: insufficient funds' },
  '4000002760003184': { brand: 'visa', outcome: 'success', challenge: true, offSession: 'authentication_required', label: 'Visa, strong authentication required, every time' },
  '4000002500003155': { brand: 'visa', outcome: 'success', challenge: true, offSession: 'exemption', label: 'Visa, strong authentication required, later charges exempt' },
  '4000000000000341': { brand: 'visa', outcome: 'success', challenge: false, offSession: 'declined', label: 'Visa, authorised, later charges declined' },
};

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const CardFormSchema = z.strictObject({
  card_number: z.string().max(40),
  exp_month: z.string().max(2),
  exp_year: z.string().max(4),
  cvc: z.string().max(4),
  holder: z.string().max(100).optional(),
});
export type CardForm = z.infer<typeof CardFormSchema>;

export const DecisionFormSchema = z.strictObject({ decision: z.enum(['approve', 'fail']) });

/** The result of a step on a hosted page: back to the shop, on to the challenge, or the same page with an error. */
export type HostedStep = { next: 'redirect'; url: string } | { next: 'error'; message: string; session: sbx.SandboxSessionRow } | { next: 'gone' };

const EventSchema = z.object({
  id: z.string().min(1).max(100),
  merchant_account: z.string().min(1).max(64),
  type: z.enum(['payment.captured', 'payment.refused', 'payment.cancelled', 'payment.refunded']),
  created: z.number().int(),
  data: z.object({
    provider_reference: z.string().min(1).max(100),
    merchant_reference: z.string().min(1).max(100),
    order_reference: z.string().min(1).max(100),
    amount: z.number().int(),
    currency: z.string().min(3).max(3),
    reason: z.string().max(100).nullable(),
    card: z
      .object({ brand: z.string().max(30), last4: z.string().regex(/^\d{4}$/), exp_month: z.number().int().min(1).max(12), exp_year: z.number().int(), token: z.string().max(100).nullable(), fingerprint: z.string().min(8).max(64).nullish() })
      .nullable(),
  }),
});

/**
 * The built-in TEST payment service provider. It keeps its own records (payments_sandbox_*), serves
 * its hosted pages through the shop (sandbox routes), tokenises cards without keeping their numbers,
 * and tells the shop what happened only through signed notifications sent by a job a moment later.
 */
export class SandboxProvider implements PaymentProvider {
  readonly code = 'sandbox';

  /**
   * `db` and `run` stand for the provider's own system: its session, capture, void and refund calls
   * are remote calls to the shop, so they keep their statements and transactions apart from any
   * transaction of the shop's. Its hosted pages and sweep are the shop's edges and take theirs.
   */
  constructor(
    private readonly db: Queryable,
    private readonly run: Transactions,
    private readonly opts: { secret: string; toleranceSeconds: number; notifyDelayMs: number; merchantAccount: string },
  ) {}

  clientConfig(): ClientConfig {
    return { provider: this.code, environment: 'TEST', client_key: 'sandbox_test_client_key', checkout_url: SANDBOX_PREFIX };
  }

  /** A new session's identity: its token and reference, the merchant's account and what the merchant named it by. */
  private newSession(input: { idempotencyKey: string; merchantReference: string; orderReference: string }) {
    return {
      token: `sbx_ses_${random(32)}`,
      psp_reference: `sbx_pay_${random(12)}`,
      merchant_account: this.opts.merchantAccount,
      idempotency_key: input.idempotencyKey,
      merchant_reference: input.merchantReference,
      order_reference: input.orderReference,
    };
  }

  async createSession(input: CreateSessionInput): Promise<ProviderSession> {
    const row = await sbx.insertSession(this.db, {
      ...this.newSession(input),
      kind: input.kind,
      amount: input.amount,
      currency: input.currency,
      sca_mode: input.scaMode,
      tokenize: input.tokenize && input.kind === 'card',
      return_url: input.returnUrl,
      ttl_seconds: SESSION_TTL_SECONDS,
    });
    const page = row.kind === 'card' ? 'pay' : 'bank';
    return { providerReference: row.psp_reference, sessionToken: row.token, redirectUrl: `${SANDBOX_PREFIX}/${page}/${row.token}`, expiresAt: new Date(row.expires_at) };
  }

  /**
   * Charges a kept card without the shopper, once per idempotency key: the issuer's answer follows the
   * test card (charged; declined; charged only with the exemption; always asking for authentication,
   * when the customer is sent the challenge page of the session).
   */
  async chargeOffSession(input: OffSessionChargeInput): Promise<OffSessionCharge> {
    const answer = (s: sbx.SandboxSessionRow): OffSessionCharge => ({
      providerReference: s.psp_reference,
      sessionToken: s.token,
      redirectUrl: `${SANDBOX_PREFIX}/challenge/${s.token}`,
      status: s.status === 'captured' || s.status === 'refunded' ? 'captured' : s.status === 'challenge' || s.status === 'open' ? 'requires_action' : 'refused',
      reason: s.refusal_reason,
      card: cardOf(s, false),
    });
    const seen = await sbx.findSessionByKey(this.db, input.idempotencyKey);
    if (seen) return answer(seen);
    return this.run(async (tx) => {
      const card = await sbx.findKeptCard(tx, this.opts.merchantAccount, input.cardToken);
      const outcome = !card ? null : card.off_session === 'exemption' ? (input.exemption ? 'success' : 'authentication_required') : card.off_session;
      const status = outcome === 'success' ? 'captured' : outcome === 'authentication_required' ? 'challenge' : 'refused';
      const reason = outcome === null ? 'card_not_found' : outcome === 'declined' ? 'card_declined' : null;
      const row = await sbx.insertOffSessionCharge(tx, {
        ...this.newSession(input),
        amount: input.amount,
        currency: input.currency,
        return_url: input.returnUrl,
        // A customer asked to authenticate has three days, as a renewal's e-mail says.
        ttl_seconds: 3 * 24 * 3_600,
        status,
        refusal_reason: reason,
        card: { card_token: input.cardToken, fingerprint: card?.fingerprint ?? null, brand: card?.brand ?? 'unknown', last4: card?.last4 ?? '0000', exp_month: card?.exp_month ?? 1, exp_year: card?.exp_year ?? 2000 },
      });
      // A concurrent call with the same key made it first: its answer is this one's.
      if (!row) return answer((await sbx.findSessionByKey(tx, input.idempotencyKey))!);
      if (status === 'captured') await this.notify(tx, row, 'payment.captured', null);
      if (status === 'refused') await this.notify(tx, row, 'payment.refused', reason);
      return answer(row);
    });
  }

  async capture(providerReference: string, amount: number, idempotencyKey: string): Promise<void> {
    await this.run(async (tx) => {
      const s = await sbx.findSessionByReference(tx, providerReference);
      if (!s) throw new Error('sandbox: unknown payment');
      if (!(await sbx.recordOperation(tx, { idempotency_key: idempotencyKey, psp_reference: providerReference, kind: 'capture', amount }))) return;
      if (s.status === 'captured') return;
      if (s.status !== 'authorised' || amount !== s.amount) throw new Error(`sandbox: cannot capture a ${s.status} payment`);
      await sbx.setStatus(tx, s.token, 'captured');
      await this.notify(tx, s, 'payment.captured', null);
    });
  }

  async void(providerReference: string, idempotencyKey: string): Promise<void> {
    await this.run(async (tx) => {
      const s = await sbx.findSessionByReference(tx, providerReference);
      if (!s) throw new Error('sandbox: unknown payment');
      if (!(await sbx.recordOperation(tx, { idempotency_key: idempotencyKey, psp_reference: providerReference, kind: 'void', amount: 0 }))) return;
      if (s.status === 'captured' || s.status === 'refunded') throw new Error('sandbox: a captured payment is refunded, not voided');
      if (s.status === 'refused' || s.status === 'cancelled') return;
      await sbx.setStatus(tx, s.token, 'cancelled', 'voided_by_merchant');
      await this.notify(tx, s, 'payment.cancelled', 'voided_by_merchant');
    });
  }

  async refund(providerReference: string, amount: number, idempotencyKey: string): Promise<void> {
    await this.run(async (tx) => {
      const s = await sbx.findSessionByReference(tx, providerReference);
      if (!s) throw new Error('sandbox: unknown payment');
      if (!(await sbx.recordOperation(tx, { idempotency_key: idempotencyKey, psp_reference: providerReference, kind: 'refund', amount }))) return;
      if (s.status !== 'captured' || amount <= 0 || s.refunded_amount + amount > s.amount) throw new Error(`sandbox: cannot refund ${amount} of a ${s.status} payment`);
      await sbx.addRefund(tx, s.token, amount);
      await this.notify(tx, { ...s, amount }, 'payment.refunded', null);
    });
  }

  async lookup(merchantReference: string): Promise<ProviderPaymentState | null> {
    const s = await sbx.findSessionByMerchantReference(this.db, this.opts.merchantAccount, merchantReference);
    if (!s) return null;
    const status = s.status === 'captured' || s.status === 'refunded' ? 'captured' : s.status === 'refused' || s.status === 'cancelled' ? s.status : 'open';
    return {
      providerReference: s.psp_reference,
      sessionToken: s.token,
      redirectUrl: `${SANDBOX_PREFIX}/${s.kind === 'card' ? 'pay' : 'bank'}/${s.token}`,
      status,
      amount: s.amount,
      currency: s.currency,
      reason: s.refusal_reason,
      card: cardOf(s, s.tokenize),
    };
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, nowSeconds: number): ProviderEvent {
    const header = headers[SIGNATURE_HEADER];
    verifySignature(this.opts.secret, typeof header === 'string' ? header : undefined, rawBody, nowSeconds, this.opts.toleranceSeconds);
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new WebhookRefusal('malformed');
    }
    const event = EventSchema.safeParse(parsed);
    if (!event.success) throw new WebhookRefusal('malformed');
    if (event.data.merchant_account !== this.opts.merchantAccount) throw new WebhookRefusal('wrong_account');
    const { merchant_account: _account, ...shopEvent } = event.data;
    return shopEvent;
  }

  /** The session behind a hosted page, or null when the token names none. */
  findSession(token: string): Promise<sbx.SandboxSessionRow | null> {
    return sbx.findSession(this.db, token);
  }

  /** The card form: tokenises the card, then challenges, authorises or declines it per test card and SCA mode. */
  async submitCard(tx: Tx, token: string, form: CardForm): Promise<HostedStep> {
    requireTx(tx);
    const s = await sbx.findSession(tx, token, true);
    if (!s || s.kind !== 'card' || s.status !== 'open' || s.is_expired) return { next: 'gone' };
    const problem = checkCard(form);
    if (typeof problem === 'string') {
      if ((await sbx.countFormError(tx, token)) >= MAX_FORM_ERRORS) return this.refuse(tx, s, 'too_many_attempts');
      return { next: 'error', message: problem, session: s };
    }
    const { number, month, year, card } = problem;
    // Tokenise: from here on the sandbox knows the card only by token, brand, last four digits and expiry.
    await sbx.saveCard(tx, token, {
      card_token: `tok_sbx_${random(18)}`, fingerprint: fingerprintOf(s.merchant_account, number, month, year), brand: card.brand, last4: number.slice(-4), exp_month: month, exp_year: year, outcome: card.outcome, off_session: card.offSession,
    });
    const challenge = s.sca_mode === 'SCA_ALWAYS' || (s.sca_mode === 'SCA_WHEN_REQUIRED' && card.challenge);
    if (challenge) {
      await sbx.setStatus(tx, token, 'challenge');
      return { next: 'redirect', url: `${SANDBOX_PREFIX}/challenge/${token}` };
    }
    const fresh = (await sbx.findSession(tx, token))!;
    return this.authorise(tx, fresh, card.outcome);
  }

  /** The challenge page's answer: approve authorises the card as its test number says, fail refuses it. */
  async completeChallenge(tx: Tx, token: string, decision: 'approve' | 'fail'): Promise<HostedStep> {
    requireTx(tx);
    const s = await sbx.findSession(tx, token, true);
    if (!s || s.status !== 'challenge' || s.is_expired || !s.card_outcome) return { next: 'gone' };
    if (decision === 'fail') return this.refuse(tx, s, 'authentication_failed');
    return this.authorise(tx, s, s.card_outcome);
  }

  /** The bank's approval page of an online transfer. */
  async completeBankTransfer(tx: Tx, token: string, decision: 'approve' | 'fail'): Promise<HostedStep> {
    requireTx(tx);
    const s = await sbx.findSession(tx, token, true);
    if (!s || s.kind !== 'bank_transfer' || s.status !== 'open' || s.is_expired) return { next: 'gone' };
    if (decision === 'fail') return this.refuse(tx, s, 'cancelled_by_shopper');
    return this.authorise(tx, s, 'success');
  }

  /** Refuses sessions the shopper abandoned (status expired), telling the shop as a real provider would. */
  async expireAbandoned(tx: Tx, limit = 50): Promise<number> {
    requireTx(tx);
    const expired = await sbx.expireAbandoned(tx, this.opts.merchantAccount, limit);
    for (const s of expired) await this.notify(tx, s, 'payment.refused', 'expired');
    return expired.length;
  }

  /** Sends due notifications through `send` (signed now, per attempt); retries until the shop answers 2xx. */
  async deliverDue(send: (rawBody: string, signature: string) => Promise<number>, limit = 20): Promise<number> {
    const due = await sbx.claimDueEvents(this.db, this.opts.merchantAccount, limit, 30);
    let delivered = 0;
    for (const e of due) {
      let status: number | null = null;
      try {
        status = await send(e.body, signPayload(this.opts.secret, Math.floor(Date.now() / 1000), e.body));
      } catch {
        status = null;
      }
      if (status !== null && status >= 200 && status < 300) {
        await sbx.markEventDelivered(this.db, e.id, status);
        delivered++;
      } else {
        await sbx.markEventFailed(this.db, e.id, status, Math.min(2 ** e.attempts, 600), MAX_DELIVERY_ATTEMPTS);
      }
    }
    return delivered;
  }

  private async authorise(tx: Tx, s: sbx.SandboxSessionRow, outcome: sbx.CardOutcome): Promise<HostedStep> {
    if (outcome !== 'success') return this.refuse(tx, s, outcome);
    // Auto-capture: the sandbox captures at authorisation, as the shop asks of every session.
    await sbx.setStatus(tx, s.token, 'captured');
    await this.notify(tx, s, 'payment.captured', null);
    return { next: 'redirect', url: returnUrlFor(s) };
  }

  private async refuse(tx: Tx, s: sbx.SandboxSessionRow, reason: string): Promise<HostedStep> {
    await sbx.setStatus(tx, s.token, 'refused', reason);
    await this.notify(tx, s, 'payment.refused', reason);
    return { next: 'redirect', url: returnUrlFor(s) };
  }

  private async notify(tx: Tx, s: sbx.SandboxSessionRow, type: ProviderEventType, reason: string | null): Promise<void> {
    const fresh = (await sbx.findSession(tx, s.token))!;
    const event: ProviderEvent & { merchant_account: string } = {
      id: `evt_${random(18)}`,
      merchant_account: fresh.merchant_account,
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        provider_reference: fresh.psp_reference,
        merchant_reference: fresh.merchant_reference,
        order_reference: fresh.order_reference,
        amount: s.amount,
        currency: fresh.currency,
        reason,
        card: cardOf(fresh, fresh.tokenize),
      },
    };
    await sbx.enqueueEvent(tx, { id: event.id, merchant_account: fresh.merchant_account, body: JSON.stringify(event), delayMs: this.opts.notifyDelayMs });
  }
}

/**
 * A card's fingerprint at a merchant, as providers give one: the same for every token of the card,
 * different between merchants, and not reversible to the number. A real provider's covers the number;
 * the sandbox's covers the expiry too, so one test number with another expiry is another card.
 */
function fingerprintOf(merchantAccount: string, number: string, month: number, year: number): string {
  return `fp_${createHmac('sha256', `sandbox-card-fingerprint:${merchantAccount}`).update(`${number}|${month}|${year}`).digest('base64url').slice(0, 24)}`;
}

/** The card a session was paid with, as the shop may know it; its token only when the session kept the card. */
function cardOf(s: sbx.SandboxSessionRow, withToken: boolean): ProviderEvent['data']['card'] {
  return s.card_brand && s.card_last4 && s.card_exp_month && s.card_exp_year
    ? { brand: s.card_brand, last4: s.card_last4, exp_month: s.card_exp_month, exp_year: s.card_exp_year, token: withToken ? s.card_token : null, fingerprint: s.card_fingerprint }
    : null;
}

/** What is wrong with a submitted card, or the test card it is. */
function checkCard(form: CardForm): string | { number: string; month: number; year: number; card: (typeof TEST_CARDS)[string] } {
  const number = form.card_number.replace(/[\s-]/g, '');
  const month = Number(form.exp_month);
  const year = form.exp_year.length === 2 ? 2000 + Number(form.exp_year) : Number(form.exp_year);
  const now = new Date();
  if (!/^\d{12,19}$/.test(number) || !isLuhnValid(number)) return 'The card number is not valid.';
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 2000 || year > 2100) return 'The expiry date is not valid.';
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return 'The card has expired.';
  if (!/^\d{3,4}$/.test(form.cvc)) return 'The security code is not valid.';
  const card = TEST_CARDS[number];
  if (!card) return 'The sandbox accepts only its test cards.';
  return { number, month, year, card };
}

/** The shop's return URL with the payment named; the shop trusts none of it and reads its own status. */
function returnUrlFor(s: sbx.SandboxSessionRow): string {
  return `${s.return_url}${s.return_url.includes('?') ? '&' : '?'}payment_uuid=${encodeURIComponent(s.merchant_reference)}`;
}
