/** Page names the tracking layer knows (spec §2); anything else is reported as `other`. */
export const PAGE_NAMES = [
  'account-information', 'account-page', 'loyalty-account', 'loyalty-article', 'loyalty-blog',
  'loyalty-overview', 'loyalty-pack-codes', 'loyalty-points-history', 'loyalty-redeem', 'cart',
  'checkout', 'communication-preferences', 'contact-page', 'faq-page', 'flavor-finder',
  'free-trial-checkout', 'free-trial-landing-page', 'free-trial-PDP', 'home-page', 'login-page',
  'my-addresses', 'my-devices', 'my-orders', 'my-subscription', 'order-confirmation', 'get-started',
  'hard-age-verification', 'product-details-page', 'product-marketing-page', 'referral-page',
  'search-results', 'shop', 'signup_regular', 'store-locator', 'unsubscribe', 'blog', 'article-page',
] as const;

export type PageName = (typeof PAGE_NAMES)[number] | 'other';

const ALIASES: Record<string, PageName> = { homepage: 'home-page' };

/** Maps a raw template name to a tracked page name: known names pass, aliases resolve, the rest is `other`. */
export function normalisePageName(raw: string): PageName {
  if ((PAGE_NAMES as readonly string[]).includes(raw)) return raw as PageName;
  return ALIASES[raw] ?? 'other';
}
