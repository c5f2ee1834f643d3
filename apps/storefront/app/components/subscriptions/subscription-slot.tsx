import { lazy, Suspense } from 'react';

// The plan's terms load with their own code after the page: the public product page stays light.
const SubscriptionTerms = lazy(() => import('./subscription-terms').then((m) => ({ default: m.SubscriptionTerms })));

/** A subscription product's page: how often it comes, what each delivery costs and the commitment. */
export function SubscriptionSlot({ store, sku, locale }: { store: string; sku: string; locale: string }) {
  return (
    <Suspense fallback={null}>
      <SubscriptionTerms store={store} sku={sku} locale={locale} />
    </Suspense>
  );
}
