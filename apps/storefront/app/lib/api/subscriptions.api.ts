import { DEFAULT_REQUEST_TIMEOUT_MS, type SavedCard, type Subscription, type SubscriptionConfigurations } from '@ember/contracts';
import { contract, restCall, type ContractSource, type RestMethod, type RestService } from './rest';

/**
 * The subscription service (`/api/subscriptions`) and the saved cards (`/api/payments/cards`): the
 * only code that calls them. Same-origin calls with the session cookie; the server answers only for
 * the session's own subscriptions and cards.
 */

export type { SavedCard, Subscription, SubscriptionConfigurations };
export type SubscriptionPlan = SubscriptionConfigurations['plans'][number];

export class SubscriptionsApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: string, readonly details?: unknown) {
    super(message);
    this.name = 'SubscriptionsApiError';
  }
}

const SUBSCRIPTIONS: RestService = {
  name: 'subscription',
  timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS,
  fail: ({ status, code, message, details }) => new SubscriptionsApiError(message, status, status === 0 ? 'SERVICE_UNAVAILABLE' : code ?? 'INTERNAL', details),
};

function call<T>(path: string, store: string, schema: ContractSource<T>, init: { method?: RestMethod; body?: unknown } = {}): Promise<T> {
  return restCall(SUBSCRIPTIONS, path, { store, schema, method: init.method, body: init.body });
}

const one = (id: string) => `/api/subscriptions/${encodeURIComponent(id)}`;

export const fetchSubscriptionPlans = (store: string) => call('/api/subscriptions/configurations', store, contract('SubscriptionConfigurationsSchema'));

export async function fetchSubscriptions(store: string): Promise<Subscription[]> {
  return (await call('/api/subscriptions/user', store, contract('SubscriptionListSchema'))).subscriptions;
}

/** What PUT /api/subscriptions/{id} changes: products (a swap), next date, frequency, address, card, or skipping the next delivery. */
export interface SubscriptionChange {
  products?: { sku: string; qty: number }[];
  next_delivery_date?: string;
  frequency_weeks?: number;
  address_id?: number;
  card_id?: string;
  skip_next?: true;
}

export const updateSubscription = (store: string, id: string, change: SubscriptionChange) =>
  call(one(id), store, contract('SubscriptionSchema'), { method: 'PUT', body: change });

/** Pauses until a day (YYYY-MM-DD), or until resumed (null). */
export const pauseSubscription = (store: string, id: string, until: string | null) =>
  call(`${one(id)}/pause`, store, contract('SubscriptionSchema'), { method: 'PUT', body: until ? { until } : {} });

export const resumeSubscription = (store: string, id: string) =>
  call(`${one(id)}/resume`, store, contract('SubscriptionSchema'), { method: 'PUT', body: {} });

export const cancelSubscription = (store: string, id: string, reason: string, comment?: string) =>
  call(`${one(id)}/cancel`, store, contract('SubscriptionSchema'), { method: 'PUT', body: { reason, ...(comment ? { comment } : {}) } });

export async function fetchSavedCards(store: string): Promise<SavedCard[]> {
  return (await call('/api/payments/cards', store, contract('SavedCardsSchema'))).cards;
}

export async function removeSavedCard(store: string, id: string): Promise<SavedCard[]> {
  return (await call(`/api/payments/cards/${encodeURIComponent(id)}`, store, contract('SavedCardsSchema'), { method: 'DELETE' })).cards;
}

export async function makeCardDefault(store: string, id: string): Promise<SavedCard[]> {
  return (await call(`/api/payments/cards/${encodeURIComponent(id)}/default`, store, contract('SavedCardsSchema'), { method: 'PUT' })).cards;
}
