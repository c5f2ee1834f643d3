import { lazy, Suspense, useEffect, useState } from 'react';
import type { StoreView } from '../../lib/api/store.api';

const MarketSuggestion = lazy(() => import('./market-suggestion').then((m) => ({ default: m.MarketSuggestion })));

/**
 * The market suggestion, loaded once the browser is idle after hydration: its code stays out of
 * every page's first scripts (docs/decisions/0052), and it never delays a page's first interaction.
 */
export function DeferredMarketSuggestion(props: { store: StoreView; stores: StoreView[] }) {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const show = () => setReady(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(show, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(show, 1000);
    return () => window.clearTimeout(id);
  }, []);

  return ready ? (
    <Suspense fallback={null}>
      <MarketSuggestion {...props} />
    </Suspense>
  ) : null;
}
