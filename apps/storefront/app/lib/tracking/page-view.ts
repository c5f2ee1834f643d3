import { normalisePageName, type PageName } from '@ember/contracts';
import type { StoreView } from '../api/store.api';
import { locateVisitor } from '../location/visitor-location';

/*
 * The standard `on_load` entry of a page view (spec §3's tracking fields). Only the page tracker and
 * the account app build it, so it stays out of the catalogue pages' first scripts.
 */

/** Who is looking: the signed-in customer's uuid, or nobody; with loyalty, their points and tier. */
export interface TrackedUser {
  uuid: string;
  /** Spendable points (signed in, loyalty on). */
  points?: number | null;
  /** Tier name; N/A without one. */
  membership?: string | null;
  /** Whether the customer joined with a friend's referral code. */
  referee?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The standard `on_load` event: the page, the market and, signed in, the customer's uuid (never
 * anything else that names them). `country` is the location lookup's answer, else the market's.
 */
export function onLoadEvent(
  pageName: string, section: string, store: StoreView, user?: TrackedUser | null, country?: string | null,
): Record<string, unknown> {
  const templateName: PageName = normalisePageName(pageName);
  return {
    event: 'on_load',
    section,
    template_name: templateName,
    ...(user && UUID.test(user.uuid) ? { user_id: user.uuid } : {}),
    user_country: country || (store.default_country ?? store.store_code.toUpperCase()),
    user_language: store.language,
    // Spec §3: the balance only for a signed-in customer; membership N/A unless a tier is known.
    ...(user && typeof user.points === 'number' ? { user_points_balance: user.points } : {}),
    user_membership: user?.membership || 'N/A',
    referee: user?.referee ? 'yes' : 'no',
  };
}

/** Spec §2: in a trial store view the home, the kit's page and the checkout are the free trial's pages. */
const TRIAL_PAGES: Record<string, string> = { 'home-page': 'free-trial-landing-page', 'product-details-page': 'free-trial-PDP', checkout: 'free-trial-checkout' };

export function trialPageName(pageName: string, store: Pick<StoreView, 'is_trial_store'>): string {
  return store.is_trial_store ? TRIAL_PAGES[pageName] ?? pageName : pageName;
}

/**
 * The visitor's country code by their address, through the location lookup the market suggestion
 * shares (one request per browser, kept); settles as null on failure (the market's country is used).
 */
export function lookUpCountry(store: string): Promise<string | null> {
  return locateVisitor(store).then((location) => location?.code ?? null);
}
