/**
 * The shop's store views with their currencies, as the storefront's own API lists them
 * (`availableStores`): the console's coupon form offers them and takes a fixed amount in the chosen
 * one's currency.
 */
import { useQuery } from '@tanstack/react-query';
import { api, type ZodType } from './api';

export interface StoreView {
  store_code: string;
  store_name: string;
  base_currency_code: string;
}

const STORES_QUERY = '{ availableStores { store_code store_name base_currency_code } }';

/** Reads the GraphQL answer's list, refusing anything else. */
export const StoreViewsAnswer: ZodType<StoreView[]> = {
  safeParse(value: unknown) {
    const list = (value as { data?: { availableStores?: unknown } } | null)?.data?.availableStores;
    if (!Array.isArray(list)) return { success: false };
    const stores = list.filter(
      (s): s is StoreView => typeof s?.store_code === 'string' && typeof s?.store_name === 'string' && typeof s?.base_currency_code === 'string',
    );
    return { success: true, data: stores };
  },
};

export function useStoreViews() {
  return useQuery({
    queryKey: ['store-views'],
    queryFn: ({ signal }) => api.get(`/graphql?query=${encodeURIComponent(STORES_QUERY)}`, StoreViewsAnswer, { signal }),
    staleTime: Infinity,
  });
}
