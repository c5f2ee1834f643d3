import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/account/session';
import type { StoreView } from '../../lib/api/store.api';

const ConsentRenewalDialog = lazy(() => import('./consent-renewal-dialog').then((m) => ({ default: m.ConsentRenewalDialog })));

/**
 * When a consent the customer gave has a newer text (session user `consent_renewal_required`),
 * this asks for it before anything else: a modal listing the changed purposes, mandatory ones
 * to accept, optional ones to keep or withdraw. Its code loads only for a customer it is due for.
 */
export function ConsentRenewal({ store }: { store: StoreView }) {
  const session = useSession();
  const user = session.status === 'signed-in' && session.user.consentRenewalRequired ? session.user : null;
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <ConsentRenewalDialog store={store} uuid={user.uuid} />
    </Suspense>
  );
}
