import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/account/session';

const TradeInOffer = lazy(() => import('./trade-in-offer').then((m) => ({ default: m.TradeInOffer })));

/**
 * Where a page shows the trade-in offer: only a signed-in customer can be eligible, so the offer's
 * code loads only for one and public pages carry none of it for everyone else.
 */
export function TradeInSlot({ store }: { store: string }) {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <TradeInOffer store={store} />
    </Suspense>
  );
}
