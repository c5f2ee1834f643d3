import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useSession } from '../account/session';
import { usePoints, useReferralCustomer } from '../loyalty/loyalty-state';
import type { StoreView } from '../api/store.api';
import { CONSENT_CHANGE_EVENT, hasConsent } from './consent';
import { pushToDataLayer } from './consent-mode';
import type { PageTracking } from './data-layer';
import { createGtmRunner } from './gtm-runner';
import { lookUpCountry, onLoadEvent, trialPageName } from './page-view';

interface TrackedHandle {
  tracking?: PageTracking<never>;
}

/**
 * Pushes `on_load` once per page view, then the page's e-commerce event. Lives in the store
 * layout, so it knows the market; the page itself is the deepest route with tracking in its
 * handle. A page whose loader failed (404) is reported as `other`. Spec §4: the tracking instance
 * is made once the browser knows whether a customer is signed in and, where loyalty is on, their
 * points; the page view goes out when the country lookup settled. Without the visitor's analytics
 * consent nothing is pushed; accepting it later reports the page they are on.
 */
export default function PageTracker({ store }: { store: StoreView }) {
  const matches = useMatches();
  const location = useLocation();
  const lastTracked = useRef<string | null>(null);
  const session = useSession();
  const [analytics, setAnalytics] = useState(() => hasConsent('analytics'));
  // Spec §4: tracking waits for the loyalty points (when loyalty is on) and the customer's data.
  const points = usePoints(store.store_code);
  const referral = useReferralCustomer(store.store_code);
  const loyaltyPending = session.status === 'signed-in' && (!points.loaded || (referral.isPending && referral.fetchStatus !== 'idle'));
  const tracked = session.user
    ? { uuid: session.user.uuid, points: points.data?.points ?? null, membership: points.data?.tier.name ?? null, referee: Boolean(referral.data?.parent_code) }
    : null;

  useEffect(() => {
    const changed = () => setAnalytics(hasConsent('analytics'));
    window.addEventListener(CONSENT_CHANGE_EVENT, changed);
    return () => window.removeEventListener(CONSENT_CHANGE_EVENT, changed);
  }, []);

  const match = [...matches].reverse().find((m) => (m.handle as TrackedHandle | undefined)?.tracking);
  const tracking = (match?.handle as TrackedHandle | undefined)?.tracking;
  const failed = !match || match.loaderData === undefined;
  const pageKey = `${store.store_code}|${location.pathname}${tracking?.ignoreSearch ? '' : location.search}`;

  useEffect(() => {
    if (!analytics || session.status === 'pending' || loyaltyPending || lastTracked.current === pageKey) return;
    lastTracked.current = pageKey;
    if (tracking?.tracksItself) return;
    const runner = createGtmRunner(tracked?.uuid ?? null);
    const country = lookUpCountry(store.store_code);
    if (!tracking || failed) {
      void runner.pageView(country, (code) => onLoadEvent('other', 'other', store, tracked, code));
      return;
    }
    const ecommerce = tracking.ecommerce?.(match.loaderData as never);
    void runner.pageView(country, (code) => onLoadEvent(trialPageName(tracking.pageName, store), tracking.section, store, tracked, code)).then(() => {
      if (!ecommerce || lastTracked.current !== pageKey) return;
      pushToDataLayer({ ecommerce: null });
      pushToDataLayer(ecommerce);
    });
    // A page view is keyed by pageKey: later changes of the points are not a new view.
  }, [pageKey, tracking, failed, match, store, session, loyaltyPending, analytics]);

  return null;
}
