import type { MethodKind } from './payments.methods.js';

export type ScaMode = 'OFF' | 'SCA_WHEN_REQUIRED' | 'SCA_ALWAYS';
export const SCA_MODES: readonly ScaMode[] = ['OFF', 'SCA_WHEN_REQUIRED', 'SCA_ALWAYS'];

export interface CreateSessionInput {
  /** The provider dedupes on it: the same key returns the same session (the shop uses the payment uuid). */
  idempotencyKey: string;
  /** The shop's payment uuid, echoed in every notification. */
  merchantReference: string;
  /** The order's entity_id, echoed in every notification. */
  orderReference: string;
  kind: MethodKind;
  /** Integer minor units. */
  amount: number;
  currency: string;
  scaMode: ScaMode;
  /** Ask the provider to keep the card as a reusable token (card methods only). */
  tokenize: boolean;
  /** Where the provider's hosted page sends the shopper back. */
  returnUrl: string;
}

export interface ProviderSession {
  providerReference: string;
  /** Opaque token the client hands to the provider's page or drop-in. */
  sessionToken: string;
  /** The provider's hosted page for this session. */
  redirectUrl: string;
  expiresAt: Date;
}

export type ProviderEventType = 'payment.captured' | 'payment.refused' | 'payment.cancelled' | 'payment.refunded';

/** A verified notification, in the shop's words. */
export interface ProviderEvent {
  id: string;
  type: ProviderEventType;
  /** Unix seconds the provider created the event. */
  created: number;
  data: {
    provider_reference: string;
    merchant_reference: string;
    order_reference: string;
    amount: number;
    currency: string;
    reason: string | null;
    card: {
      brand: string; last4: string; exp_month: number; exp_year: number; token: string | null;
      /** The same for every token of one card number at this merchant (absent where a provider gives none). */
      fingerprint?: string | null;
    } | null;
  };
}

/** What the provider says of a payment now (reconciliation asks when its notifications did not arrive). */
export interface ProviderPaymentState {
  providerReference: string;
  sessionToken: string;
  redirectUrl: string;
  status: 'open' | 'captured' | 'refused' | 'cancelled';
  amount: number;
  currency: string;
  reason: string | null;
  card: ProviderEvent['data']['card'];
}

/** A charge of a saved card the customer is not present for (a subscription renewal). */
export interface OffSessionChargeInput {
  /** The provider dedupes on it: a retry after a crash gets the first charge's answer, never a second charge. */
  idempotencyKey: string;
  merchantReference: string;
  orderReference: string;
  amount: number;
  currency: string;
  /** The provider's token of the saved card. */
  cardToken: string;
  /** Ask for the merchant-initiated-transaction exemption from strong authentication (the customer agreed to the charges). */
  exemption: boolean;
  /** Where the provider's authentication page sends the customer back when the bank asks for one. */
  returnUrl: string;
}

/** The provider's answer to an off-session charge: taken, refused, or waiting for the customer to authenticate on `redirectUrl`. */
export interface OffSessionCharge {
  providerReference: string;
  sessionToken: string;
  redirectUrl: string;
  status: 'captured' | 'refused' | 'requires_action';
  reason: string | null;
  card: ProviderEvent['data']['card'];
}

/** What the storefront needs to open a method's payment page (public values only). */
export interface ClientConfig {
  provider: string;
  environment: 'TEST' | 'LIVE';
  client_key: string;
  checkout_url: string;
}

/** Why a notification was refused before it touched any state. */
export class WebhookRefusal extends Error {
  constructor(public readonly reason: 'missing_signature' | 'bad_signature' | 'stale' | 'malformed' | 'wrong_account') {
    super(`webhook refused: ${reason}`);
    this.name = 'WebhookRefusal';
  }
}

/**
 * What a payment service provider adapter implements (the sandbox below; an Adyen- or Stripe-style
 * adapter for LIVE). Calls are made outside the shop's database transactions and carry idempotency
 * keys, so a retry after a crash never opens, captures, voids or refunds twice.
 */
export interface PaymentProvider {
  readonly code: string;
  clientConfig(methodCode: string, storeCode: string): ClientConfig;
  /** Opens a hosted payment session; the card is entered and tokenised on the provider's page. */
  createSession(input: CreateSessionInput): Promise<ProviderSession>;
  /** Captures an authorised payment (providers that authorise first); a no-op for auto-captured ones. */
  capture(providerReference: string, amount: number, idempotencyKey: string): Promise<void>;
  /** Charges a saved card without the customer; answers at once (a notification follows as for any payment). */
  chargeOffSession(input: OffSessionChargeInput): Promise<OffSessionCharge>;
  /** Cancels a session or authorisation that has not been captured. */
  void(providerReference: string, idempotencyKey: string): Promise<void>;
  /** Refunds a captured payment. */
  refund(providerReference: string, amount: number, idempotencyKey: string): Promise<void>;
  /** The provider's record of the session opened with this merchant reference (the payment uuid), or null. */
  lookup(merchantReference: string): Promise<ProviderPaymentState | null>;
  /** Verifies a notification's signature and freshness over the raw body, then parses it; throws WebhookRefusal. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, nowSeconds: number): ProviderEvent;
}
