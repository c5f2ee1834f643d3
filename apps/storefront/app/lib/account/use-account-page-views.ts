import { useEffect, useRef } from 'react';
import type { StoreView } from '../api/store.api';
import { onLoadEvent, pushToDataLayer } from '../tracking/data-layer';
import type { ResolvedAccountHash } from './account-routes';
import type { SessionUser } from './session';

export const ACCOUNT_SECTION = 'account';

/**
 * The account app's page views: one when it opens (whatever the hash), then one per hash change
 * to a tracked route. Changes to empty, `#/` or `#/login` are not new page views (spec §2).
 */
export function useAccountPageViews(route: ResolvedAccountHash, routeKey: string, user: SessionUser | null, store: StoreView): void {
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    if (!user || lastKey.current === routeKey) return;
    const first = lastKey.current === null;
    lastKey.current = routeKey;
    if (!first && !route.tracked) return;
    pushToDataLayer(onLoadEvent(route.pageName, ACCOUNT_SECTION, store, user));
  }, [route, routeKey, user, store]);
}
