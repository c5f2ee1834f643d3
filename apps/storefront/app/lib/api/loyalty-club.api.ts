import type { ReferralHistoryPage } from '@ember/contracts';
import { call, consumer, isLoyaltyApiError, type Article } from './loyalty.api';
import { contract } from './rest';

/*
 * The club's own pages on the loyalty and referral services: history, rewards, pack codes,
 * articles, tiers and a referrer's figures. Apart from `loyalty.api.ts` (the configuration and the
 * points every page's header and product page read) so that public pages load none of it.
 */

/** Spec §9: the points history opens at page 1, ten entries a page. */
export const POINTS_HISTORY_FIRST_PAGE = 1;
export const POINTS_HISTORY_PER_PAGE = 10;

/** Points history, a page at a time (spec §9 defaults). */
export const fetchHistory = (store: string, uuid: string, page = POINTS_HISTORY_FIRST_PAGE, perPage = POINTS_HISTORY_PER_PAGE) =>
  call(`${consumer(uuid)}/points?page=${page}&perPage=${perPage}`, store, contract('LoyaltyHistoryPageSchema'));

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

export const fetchReferralStats = (store: string, uuid: string) => call(`/referral/referrer/${encodeURIComponent(uuid)}/stats`, store, contract('ReferralStatsSchema'));

/**
 * Spec §9: the referral history shows a referrer's latest five referrals, newest first, and pages on
 * (the server's default, REFERRAL_HISTORY_DEFAULT_LIMIT of the contracts; the same number here keeps
 * the contracts' module out of the page's scripts, loyalty-club.api.test.ts holds them equal).
 */
export const REFERRAL_HISTORY_LIMIT = 5;

export const fetchReferralHistory = (store: string, uuid: string, page = 1, limit = REFERRAL_HISTORY_LIMIT): Promise<ReferralHistoryPage> =>
  call(`/referral/referrer/${encodeURIComponent(uuid)}/history?limit=${limit}&page=${page}`, store, contract('ReferralHistoryPageSchema'));

/** Referral verify: is_valid, or false when the check fails (spec §8). */
export async function verifyReferralCode(store: string, code: string): Promise<boolean> {
  try {
    return (await call('/referral/verify', store, contract('ReferralVerifyResultSchema'), { method: 'POST', body: { code } })).is_valid;
  } catch (error) {
    if (isLoyaltyApiError(error, 'RATE_LIMITED')) throw error;
    return false;
  }
}
