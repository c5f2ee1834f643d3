import { isErrorCode, type ErrorBody, type ErrorCode } from '@ember/contracts';

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

async function call<T>(path: string, store: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', store };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new LoyaltyApiError('The loyalty service could not be reached', 0, 'SERVICE_UNAVAILABLE');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (payload as Partial<ErrorBody> | undefined)?.error;
    throw new LoyaltyApiError(error?.message ?? `The loyalty service answered ${response.status}`, response.status, isErrorCode(error?.code) ? error.code : 'INTERNAL');
  }
  // Spec §8: a loyalty answer without data is an error, not an empty success.
  if (payload === undefined || payload === null) throw new LoyaltyApiError('No data found', response.status, 'ENTITY_NOT_FOUND');
  return payload as T;
}

export interface LoyaltyConfiguration {
  enabled: string;
  timeout: number;
  points_expiry_days: number;
  pending_days: number;
}

export interface Tier {
  code: string;
  name: string;
  image_url: string;
  threshold: number;
  earned_points: number;
  next_tier: { name: string; threshold: number; points_needed: number } | null;
}

export interface PointsSummary {
  uuid: string;
  points: number;
  pending_points: number;
  points_to_expire: number;
  expire_at: string | null;
  held_points: number;
  tier: Tier;
}

export interface HistoryItem {
  type: string;
  points: number;
  coupon: string | null;
  coupon_type: string | null;
  event: string | null;
  date: string;
  balance: number;
  order_id: string | null;
}

export interface HistoryPage {
  items: HistoryItem[];
  page: number;
  perPage: number;
  total: number;
  total_pages: number;
}

export interface Reward {
  uuid: string;
  campaign_id: string;
  kind: 'reward' | 'campaign';
  name: string;
  description: string;
  image_url: string | null;
  points: number;
  price: number | null;
  currency: string | null;
  stock: number | null;
  is_eligible: boolean;
}

export interface Article {
  article_id: string;
  title: string;
  summary: string;
  body?: string;
  image_url: string | null;
  value: number;
  is_read: boolean;
  is_available: boolean;
}

export interface ReferralCustomer {
  uuid: string;
  code: string;
  parent_code: string | null;
  has_first_purchase: boolean;
}

export interface ReferralStats {
  earned_points: number;
  referees_count: number;
  completed_first_order_count: number;
}

const consumer = (uuid: string) => `/api/loyalty/consumers/${encodeURIComponent(uuid)}`;

export async function fetchLoyaltyConfiguration(store: string): Promise<LoyaltyConfiguration> {
  const config = await call<LoyaltyConfiguration>('/api/loyalty/configuration', store);
  setLoyaltyTimeout(config.timeout);
  return config;
}

export const fetchPoints = (store: string, uuid: string) => call<PointsSummary>(consumer(uuid), store);

/** Points history; spec §9 defaults page 1, perPage 10. */
export const fetchHistory = (store: string, uuid: string, page = 1, perPage = 10) =>
  call<HistoryPage>(`${consumer(uuid)}/points?page=${page}&perPage=${perPage}`, store);

export async function fetchRewards(store: string): Promise<Reward[]> {
  return (await call<{ items: Reward[] }>('/api/loyalty/rewards', store)).items ?? [];
}

export const redeemReward = (store: string, uuid: string, rewardUuid: string) =>
  call<{ coupon: string; points: number }>(`${consumer(uuid)}/reward`, store, { method: 'POST', body: { reward_uuid: rewardUuid } });

/** Articles: public without a customer, with is_read per customer when signed in (the session decides). */
export async function fetchArticles(store: string): Promise<Article[]> {
  return (await call<{ items: Article[] }>('/api/loyalty/articles', store)).items ?? [];
}

export const fetchArticle = (store: string, id: string) => call<Article>(`/api/loyalty/articles/${encodeURIComponent(id)}`, store);

export const readArticle = (store: string, uuid: string, articleId: string) =>
  call<{ credited: boolean; points: number }>(`${consumer(uuid)}/earnings/article`, store, { method: 'POST', body: { article_id: articleId } });

export async function fetchTiers(store: string): Promise<{ code: string; name: string; image_url: string; threshold: number }[]> {
  return (await call<{ items: { code: string; name: string; image_url: string; threshold: number }[] }>('/api/loyalty/tiers', store)).items ?? [];
}

export const fetchReferralCustomer = (store: string, uuid: string) => call<ReferralCustomer>(`/referral/customer/${encodeURIComponent(uuid)}`, store);

export const fetchReferralStats = (store: string, uuid: string) => call<ReferralStats>(`/referral/referrer/${encodeURIComponent(uuid)}/stats`, store);

/** Referral verify: is_valid, or false when the check fails (spec §8). */
export async function verifyReferralCode(store: string, code: string): Promise<boolean> {
  try {
    return (await call<{ is_valid: boolean }>('/referral/verify', store, { method: 'POST', body: { code } })).is_valid;
  } catch (error) {
    if (isLoyaltyApiError(error, 'RATE_LIMITED')) throw error;
    return false;
  }
}

export interface ProductPoints {
  sku: string;
  points: number;
  rules: string[];
  time_limited: boolean;
  time_to: string | null;
}

/** The progress points of one product (PDP, cart line); zero when it has no rule. */
export async function fetchProductPoints(store: string, sku: string): Promise<ProductPoints> {
  const { items } = await call<{ items: ProductPoints[] }>(`/api/loyalty/products/points?skus=${encodeURIComponent(sku)}`, store);
  const found = items?.find((i) => i.sku === sku);
  if (!found) throw new LoyaltyApiError('No data found', 200, 'ENTITY_NOT_FOUND');
  return found;
}
