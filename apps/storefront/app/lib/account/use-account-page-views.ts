import { useEffect, useRef } from 'react';
import type { StoreView } from '../api/store.api';
import { createGtmRunner } from '../tracking/gtm-runner';
import { lookUpCountry, onLoadEvent, type TrackedUser } from '../tracking/page-view';
import { usePoints, useReferralCustomer } from '../loyalty/loyalty-state';
import type { ResolvedAccountHash } from './account-routes';
import type { SessionUser } from './session';

export const ACCOUNT_SECTION = 'account';

/**
 * The account app's page views: one when it opens (whatever the hash), then one per hash change
 * to a tracked route. Changes to empty, `#/` or `#/login` are not new page views (spec §2).
 */
export function useAccountPageViews(route: ResolvedAccountHash, routeKey: string, user: SessionUser | null, store: StoreView): void {
  const lastKey = useRef<string | null>(null);
  // Spec §4: page views wait for the loyalty points (where loyalty is on) and the referral record.
  const points = usePoints(store.store_code);
  const referral = useReferralCustomer(store.store_code);
  const waiting = !points.loaded || (referral.isPending && referral.fetchStatus !== 'idle');
  const tracked: TrackedUser | null = user
    ? { uuid: user.uuid, points: points.data?.points ?? null, membership: points.data?.tier.name ?? null, referee: Boolean(referral.data?.parent_code) }
    : null;
  useEffect(() => {
    if (!user || waiting || lastKey.current === routeKey) return;
    const first = lastKey.current === null;
    lastKey.current = routeKey;
    if (!first && !route.tracked) return;
    // Spec §4: the tracking instance, then the page view once the country lookup settled.
    void createGtmRunner(user.uuid).pageView(lookUpCountry(store.store_code), (country) => onLoadEvent(route.pageName, ACCOUNT_SECTION, store, tracked, country));
    // A page view is keyed by routeKey: later changes of the points are not a new view.
  }, [route, routeKey, user, store, waiting]);
}
