import {
  type ErrorCode, type LoyaltyArticle, type LoyaltyConfiguration, type LoyaltyHistoryItem, type LoyaltyHistoryPage, type LoyaltyPointsSummary,
  type LoyaltyProductPoints, type LoyaltyReward, type LoyaltyTier, type ProductRegistration, type ProductRegistrationList, type ReferralCustomer,
  type ReferralStats,
} from '@ember/contracts';
import { LoyaltyConfigurationContract, LoyaltyProductPointsListContract } from './public-contracts';
import { contract, restCall, type ContractSource, type RestMethod, type RestService } from './rest';
import { errorCodeOf } from './error-code';

/**
 * The loyalty (`/api/loyalty`) and referral (`/referral`) services: the only code that calls them.
 * Same-origin calls; the session travels in the httpOnly cookie. Calls time out after the loyalty
 * timeout (5000 ms unless the market's configuration says otherwise).
 */

export const DEFAULT_LOYALTY_TIMEOUT_MS = 5_000;
let timeoutMs = DEFAULT_LOYALTY_TIMEOUT_MS;

/** The market's configured timeout replaces the default for every later call. */
export function setLoyaltyTimeout(ms: number | null | undefined): void {
  timeoutMs = typeof ms === 'number' && ms >= 100 ? ms : DEFAULT_LOYALTY_TIMEOUT_MS;
}

export class LoyaltyApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: ErrorCode) {
    super(message);
    this.name = 'LoyaltyApiError';
  }
}

export function isLoyaltyApiError(error: unknown, code?: ErrorCode): error is LoyaltyApiError {
  return error instanceof LoyaltyApiError && (code === undefined || error.code === code);
}

const LOYALTY: RestService = {
  name: 'loyalty',
  timeoutMs: () => timeoutMs,
  fail: ({ status, code, message }) => new LoyaltyApiError(message, status, status === 0 ? 'SERVICE_UNAVAILABLE' : errorCodeOf(code) ?? 'INTERNAL'),
  // Spec §8: a loyalty answer without data is an error, not an empty success.
  emptyIsError: true,
};

export function call<T>(path: string, store: string, schema: ContractSource<T>, init: { method?: RestMethod; body?: unknown } = {}): Promise<T> {
  return restCall(LOYALTY, path, { store, schema, ...init });
}

export type { LoyaltyConfiguration, ProductRegistration, ProductRegistrationList, ReferralCustomer, ReferralStats };
export type Tier = LoyaltyTier;
export type PointsSummary = LoyaltyPointsSummary;
export type HistoryItem = LoyaltyHistoryItem;
export type HistoryPage = LoyaltyHistoryPage;
export type Reward = LoyaltyReward;
export type Article = LoyaltyArticle;
export type ProductPoints = LoyaltyProductPoints;

export const consumer = (uuid: string) => `/api/loyalty/consumers/${encodeURIComponent(uuid)}`;

export async function fetchLoyaltyConfiguration(store: string): Promise<LoyaltyConfiguration> {
  const config = await call('/api/loyalty/configuration', store, LoyaltyConfigurationContract);
  setLoyaltyTimeout(config.timeout);
  return config;
}

export const fetchPoints = (store: string, uuid: string) => call(consumer(uuid), store, contract('LoyaltyPointsSummarySchema'));

export async function fetchRewards(store: string): Promise<Reward[]> {
  return (await call('/api/loyalty/rewards', store, contract('LoyaltyRewardsSchema'))).items ?? [];
}

export const fetchReferralCustomer = (store: string, uuid: string) => call(`/referral/customer/${encodeURIComponent(uuid)}`, store, contract('ReferralCustomerSchema'));

/** The progress points of one product (PDP, cart line); zero when it has no rule. */
export async function fetchProductPoints(store: string, sku: string): Promise<ProductPoints> {
  const { items } = await call(`/api/loyalty/products/points?skus=${encodeURIComponent(sku)}`, store, LoyaltyProductPointsListContract);
  const found = items?.find((i) => i.sku === sku);
  if (!found) throw new LoyaltyApiError('No data found', 200, 'ENTITY_NOT_FOUND');
  return found;
}
