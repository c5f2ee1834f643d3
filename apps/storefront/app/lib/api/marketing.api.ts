import type { AccountNewsletter, MarketingAccepted, MarketingSubscribeBody, MarketingSubscriptionView } from '@ember/contracts';
import type { ServerTarget } from './load-context';
import { contract, restCall, type RestService } from './rest';

/** The marketing service (`/api/messaging/marketing-communications`, the account's newsletter): the only code that calls it. */

export class MarketingApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: string | undefined, readonly details?: unknown) {
    super(message);
    this.name = 'MarketingApiError';
  }
}

const MARKETING: RestService = {
  name: 'marketing',
  timeoutMs: () => 10_000,
  fail: ({ status, code, message, details }) => new MarketingApiError(message, status, code, details),
};

const BASE = '/api/messaging/marketing-communications';
const account = (uuid: string) => `/account/users/${encodeURIComponent(uuid)}/newsletter`;

export type { AccountNewsletter, MarketingSubscriptionView };

/** Signs an address up (double opt-in); the answer is the same whether it was subscribed or not. */
export const subscribeNewsletter = (store: string, body: MarketingSubscribeBody, server?: ServerTarget): Promise<MarketingAccepted> =>
  restCall(MARKETING, BASE, { store, method: 'POST', body, server, schema: contract('MarketingAcceptedSchema') });

/** Confirms a sign-up with the token of the e-mailed link. */
export const confirmNewsletter = (store: string, token: string) =>
  restCall(MARKETING, `${BASE}/confirm/${encodeURIComponent(token)}`, { store, method: 'POST', schema: contract('MarketingSubscriptionViewSchema') });

/** What an unsubscribe link names: the status and the address masked. */
export const fetchUnsubscribeLink = (store: string, token: string, server?: ServerTarget) =>
  restCall(MARKETING, `${BASE}/unsubscribe/${encodeURIComponent(token)}`, { store, server, schema: contract('MarketingSubscriptionViewSchema') });

/** Unsubscribes with the token of an e-mail's link, without a login. */
export const unsubscribeNewsletter = (store: string, token: string) =>
  restCall(MARKETING, `${BASE}/unsubscribe/${encodeURIComponent(token)}`, { store, method: 'POST', schema: contract('MarketingSubscriptionViewSchema') });

/** The signed-in customer's newsletter in the store view. */
export const fetchAccountNewsletter = (store: string, uuid: string): Promise<AccountNewsletter> =>
  restCall(MARKETING, account(uuid), { store, schema: contract('AccountNewsletterSchema') });

export const subscribeAccountNewsletter = (store: string, uuid: string, consentVersion: number): Promise<AccountNewsletter> =>
  restCall(MARKETING, account(uuid), { store, method: 'POST', body: { consentVersion }, schema: contract('AccountNewsletterSchema') });

export const unsubscribeAccountNewsletter = (store: string, uuid: string): Promise<AccountNewsletter> =>
  restCall(MARKETING, account(uuid), { store, method: 'DELETE', schema: contract('AccountNewsletterSchema') });
