import {
  isErrorCode, type ErrorCode, type LoyaltyArticle, type LoyaltyConfiguration, type LoyaltyHistoryItem, type LoyaltyHistoryPage, type LoyaltyPointsSummary,
  type LoyaltyProductPoints, type LoyaltyReward, type LoyaltyTier, type ProductRegistration, type ProductRegistrationList, type ReferralCustomer,
  type ReferralStats,
} from '@ember/contracts';
import { LoyaltyConfigurationContract, LoyaltyProductPointsListContract } from './public-contracts';
import { contract, restCall, type ContractSource, type RestMethod, type RestService } from './rest';

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
  fail: ({ status, code, message }) => new LoyaltyApiError(message, status, status === 0 ? 'SERVICE_UNAVAILABLE' : isErrorCode(code) ? code : 'INTERNAL'),
  // Spec §8: a loyalty answer without data is an error, not an empty success.
  emptyIsError: true,
};

function call<T>(path: string, store: string, schema: ContractSource<T>, init: { method?: RestMethod; body?: unknown } = {}): Promise<T> {
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

const consumer = (uuid: string) => `/api/loyalty/consumers/${encodeURIComponent(uuid)}`;

export async function fetchLoyaltyConfiguration(store: string): Promise<LoyaltyConfiguration> {
  const config = await call('/api/loyalty/configuration', store, LoyaltyConfigurationContract);
  setLoyaltyTimeout(config.timeout);
  return config;
}

export const fetchPoints = (store: string, uuid: string) => call(consumer(uuid), store, contract('LoyaltyPointsSummarySchema'));

/** Points history; spec §9 defaults page 1, perPage 10. */
export const fetchHistory = (store: string, uuid: string, page = 1, perPage = 10) =>
  call(`${consumer(uuid)}/points?page=${page}&perPage=${perPage}`, store, contract('LoyaltyHistoryPageSchema'));

export async function fetchRewards(store: string): Promise<Reward[]> {
  return (await call('/api/loyalty/rewards', store, contract('LoyaltyRewardsSchema'))).items ?? [];
}

export const redeemReward = (store: string, uuid: string, rewardUuid: string) =>
  call(`${consumer(uuid)}/reward`, store, contract('LoyaltyRedemptionSchema'), { method: 'POST', body: { reward_uuid: rewardUuid } });

/** Registers a pack code for the signed-in customer (spec §7 product registration); the session decides whose. */
export const registerPackCode = (store: string, code: string) =>
  call('/api/me/products/register', store, contract('ProductRegistrationSchema'), { method: 'POST', body: { code } });

/** The signed-in customer's pack-code registrations, newest first, with what is left of this month's allowance. */
export const fetchPackCodeRegistrations = (store: string, page = 1, perPage = 10) =>
  call(`/api/me/products/registrations?page=${page}&perPage=${perPage}`, store, contract('ProductRegistrationListSchema'));

/** Articles: public without a customer, with is_read per customer when signed in (the session decides). */
export async function fetchArticles(store: string): Promise<Article[]> {
  return (await call('/api/loyalty/articles', store, contract('LoyaltyArticlesSchema'))).items ?? [];
}

export const fetchArticle = (store: string, id: string) => call(`/api/loyalty/articles/${encodeURIComponent(id)}`, store, contract('LoyaltyArticleSchema'));

export const readArticle = (store: string, uuid: string, articleId: string) =>
  call(`${consumer(uuid)}/earnings/article`, store, contract('LoyaltyArticleReadSchema'), { method: 'POST', body: { article_id: articleId } });

export async function fetchTiers(store: string): Promise<{ code: string; name: string; image_url: string; threshold: number }[]> {
  return (await call('/api/loyalty/tiers', store, contract('LoyaltyTierListSchema'))).items ?? [];
}

export const fetchReferralCustomer = (store: string, uuid: string) => call(`/referral/customer/${encodeURIComponent(uuid)}`, store, contract('ReferralCustomerSchema'));

export const fetchReferralStats = (store: string, uuid: string) => call(`/referral/referrer/${encodeURIComponent(uuid)}/stats`, store, contract('ReferralStatsSchema'));

/** Referral verify: is_valid, or false when the check fails (spec §8). */
export async function verifyReferralCode(store: string, code: string): Promise<boolean> {
  try {
    return (await call('/referral/verify', store, contract('ReferralVerifyResultSchema'), { method: 'POST', body: { code } })).is_valid;
  } catch (error) {
    if (isLoyaltyApiError(error, 'RATE_LIMITED')) throw error;
    return false;
  }
}

/** The progress points of one product (PDP, cart line); zero when it has no rule. */
export async function fetchProductPoints(store: string, sku: string): Promise<ProductPoints> {
  const { items } = await call(`/api/loyalty/products/points?skus=${encodeURIComponent(sku)}`, store, LoyaltyProductPointsListContract);
  const found = items?.find((i) => i.sku === sku);
  if (!found) throw new LoyaltyApiError('No data found', 200, 'ENTITY_NOT_FOUND');
  return found;
}
