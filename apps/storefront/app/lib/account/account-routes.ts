/**
 * The account single-page app's hash routes (spec §2) and the page name each reports. A
 * framework-mode app cannot nest a HashRouter, so `/:store/account` reads `location.hash` itself.
 */

export type AccountViewId =
  | 'overview' | 'personal-details' | 'addresses' | 'change-password' | 'update-phone' | 'communication'
  | 'payments' | 'orders' | 'devices' | 'subscription' | 'age-verification' | 'privacy' | 'checkout' | 'trial-checkout' | 'not-found';

interface HashRoute {
  path: string;
  view: AccountViewId;
  /** Raw template name; `normalisePageName` turns names the spec does not list into `other`. */
  pageName: string;
  /** `address*` and `orders*`: deeper paths (`#/orders/1001`) belong to the same view. */
  prefix?: boolean;
  /** Reached from a page (the checkouts), not listed in the account's navigation. */
  hidden?: boolean;
}

export const ACCOUNT_ROUTES: readonly HashRoute[] = [
  { path: 'account', view: 'overview', pageName: 'account-page' },
  { path: 'update-personal-details', view: 'personal-details', pageName: 'account-information' },
  { path: 'address', view: 'addresses', pageName: 'my-addresses', prefix: true },
  { path: 'change-password', view: 'change-password', pageName: 'change-password' },
  { path: 'update-phone', view: 'update-phone', pageName: 'update-phone' },
  { path: 'communication', view: 'communication', pageName: 'communication-preferences' },
  { path: 'payments', view: 'payments', pageName: 'payments' },
  { path: 'orders', view: 'orders', pageName: 'my-orders', prefix: true },
  { path: 'devices', view: 'devices', pageName: 'my-devices' },
  { path: 'subscription', view: 'subscription', pageName: 'my-subscription' },
  { path: 'age-verification', view: 'age-verification', pageName: 'hard-age-verification' },
  { path: 'privacy', view: 'privacy', pageName: 'privacy' },
  // The store's checkout inside the account, with the cart the shopper has (docs/decisions/0074).
  { path: 'checkout', view: 'checkout', pageName: 'checkout', hidden: true },
  { path: 'trial/checkout', view: 'trial-checkout', pageName: 'free-trial-checkout', prefix: true, hidden: true },
];

export interface ResolvedAccountHash {
  view: AccountViewId;
  pageName: string;
  /** False for empty, `#/` and `#/login` (and `#/register`): changing to them is not a new page view. */
  tracked: boolean;
  /** `#/login` and `#/register` name the sign-in pages; signed in, they show the overview. */
  auth?: 'login' | 'register';
}

const OVERVIEW = ACCOUNT_ROUTES[0]!;

/**
 * What a hash shows. Null for a hash that is not a route at all (`#main`, the skip link's
 * target): the current view stays.
 */
export function resolveAccountHash(hash: string): ResolvedAccountHash | null {
  if (hash === '' || hash === '#' || hash === '#/') return { view: OVERVIEW.view, pageName: OVERVIEW.pageName, tracked: false };
  if (!hash.startsWith('#/')) return null;
  const path = hash.slice(2).split(/[?#]/)[0]!.replace(/\/+$/, '');
  if (path === 'login') return { view: OVERVIEW.view, pageName: OVERVIEW.pageName, tracked: false, auth: 'login' };
  // Signed in, the registration form has nothing to offer: the overview shows instead, as for `#/login`.
  if (path === 'register') return { view: OVERVIEW.view, pageName: OVERVIEW.pageName, tracked: false, auth: 'register' };
  const route = ACCOUNT_ROUTES.find((r) => path === r.path || (r.prefix && path.startsWith(`${r.path}/`)));
  if (!route) return { view: 'not-found', pageName: 'other', tracked: true };
  return { view: route.view, pageName: route.pageName, tracked: true };
}

/** The hash of a view's own route (`#/address`). */
export function hashFor(view: Exclude<AccountViewId, 'not-found'>): string {
  return `#/${ACCOUNT_ROUTES.find((r) => r.view === view)!.path}`;
}
