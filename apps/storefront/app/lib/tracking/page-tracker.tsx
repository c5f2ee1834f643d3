import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useSession } from '../account/session';
import { usePoints, useReferralCustomer } from '../loyalty/loyalty-state';
import type { StoreView } from '../api/store.api';
import { onLoadEvent, pushToDataLayer, type PageTracking } from './data-layer';

interface TrackedHandle {
  tracking?: PageTracking<never>;
}

/**
 * Pushes `on_load` once per page view, then the page's e-commerce event. Lives in the store
 * layout, so it knows the market; the page itself is the deepest route with tracking in its
 * handle. A page whose loader failed (404) is reported as `other`. The event waits until the
 * browser knows whether a customer is signed in, so it carries their `user_id`.
 */
export function PageTracker({ store }: { store: StoreView }) {
  const matches = useMatches();
  const location = useLocation();
  const lastTracked = useRef<string | null>(null);
  const session = useSession();
  // Spec §4: tracking waits for the loyalty points (when loyalty is on) and the customer's data.
  const points = usePoints(store.store_code);
  const referral = useReferralCustomer(store.store_code);
  const loyaltyPending = session.status === 'signed-in' && (!points.loaded || (referral.isPending && referral.fetchStatus !== 'idle'));
  const tracked = session.user
    ? { uuid: session.user.uuid, points: points.data?.points ?? null, membership: points.data?.tier.name ?? null, referee: Boolean(referral.data?.parent_code) }
    : null;

  const match = [...matches].reverse().find((m) => (m.handle as TrackedHandle | undefined)?.tracking);
  const tracking = (match?.handle as TrackedHandle | undefined)?.tracking;
  const failed = !match || match.loaderData === undefined;
  const pageKey = `${store.store_code}|${location.pathname}${tracking?.ignoreSearch ? '' : location.search}`;

  useEffect(() => {
    if (session.status === 'pending' || loyaltyPending || lastTracked.current === pageKey) return;
    lastTracked.current = pageKey;
    if (tracking?.tracksItself) return;
    if (!tracking || failed) {
      pushToDataLayer(onLoadEvent('other', 'other', store, tracked));
      return;
    }
    pushToDataLayer(onLoadEvent(trialPageName(tracking.pageName, store), tracking.section, store, tracked));
    const ecommerce = tracking.ecommerce?.(match.loaderData as never);
    if (ecommerce) {
      pushToDataLayer({ ecommerce: null });
      pushToDataLayer(ecommerce);
    }
    // A page view is keyed by pageKey: later changes of the points are not a new view.
  }, [pageKey, tracking, failed, match, store, session, loyaltyPending]);

  return null;
}

/** Spec §2: in a trial store view the home, the kit's page and the checkout are the free trial's pages. */
const TRIAL_PAGES: Record<string, string> = { 'home-page': 'free-trial-landing-page', 'product-details-page': 'free-trial-PDP', checkout: 'free-trial-checkout' };

export function trialPageName(pageName: string, store: Pick<StoreView, 'is_trial_store'>): string {
  return store.is_trial_store ? TRIAL_PAGES[pageName] ?? pageName : pageName;
}
