import { useQuery } from '../api/query';
import { browserClient } from '../api/clients';
import { fetchCheckoutConfig } from '../api/store.api';

/** Limits and postcode rules of the store view: the same for every shopper, kept an hour. */
export function useCheckoutConfig(store: string) {
  return useQuery({
    queryKey: ['checkout-config', store],
    queryFn: () => fetchCheckoutConfig(browserClient(store)),
    staleTime: 60 * 60_000,
    enabled: typeof window !== 'undefined',
  });
}
