import { queryOptions, useQuery, type QueryClient } from '../api/query';
import { browserClient } from '../api/clients';
import { fetchCheckoutConfig, type CheckoutConfig } from '../api/store.api';

/** Limits and postcode rules of the store view: the same for every shopper, kept an hour. */
export function checkoutConfigQuery(store: string) {
  return queryOptions({
    queryKey: ['checkout-config', store],
    queryFn: () => fetchCheckoutConfig(browserClient(store)),
    staleTime: 60 * 60_000,
  });
}

export function useCheckoutConfig(store: string) {
  return useQuery({ ...checkoutConfigQuery(store), enabled: typeof window !== 'undefined' });
}

/**
 * The store view's limits when a refusal is to name one: asked for then, not with every page that
 * could refuse (an add-to-cart button on a product page), and null when it cannot be had.
 */
export function checkoutConfigWhenNeeded(queryClient: QueryClient, store: string): Promise<CheckoutConfig | null> {
  return queryClient.fetchQuery(checkoutConfigQuery(store)).catch(() => null);
}
