import { describe, expect, it, vi } from 'vitest';
import { ADDRESS_SUGGESTIONS_DEFAULT, STORE_SEARCH_LIMIT, StoreSearchQuerySchema } from '@ember/contracts';
import { PRODUCT_ESSENTIAL_QUERY, productEssentialsQuery } from './catalog.api';
import type { GraphqlClient } from './client';
import { POINTS_HISTORY_FIRST_PAGE, POINTS_HISTORY_PER_PAGE } from './loyalty-club.api';
import { DEFAULT_ORDERS_PAGE_SIZE, fetchOrdersPageSize } from './orders.api';
import { CACHE_TIME_MS } from './query-client';

// The business constants of spec §9 as the storefront and its contracts name them (docs/decisions/0074).

describe('spec §9 constants', () => {
  it('keys products looked up by SKU as PRODUCT_ESSENTIAL_QUERY, per store and set of SKUs, and runs none for no SKUs', async () => {
    const request = vi.fn(async () => ({ products: { items: [] } }));
    const client = { store: 'gb', request } as unknown as GraphqlClient;
    const q = productEssentialsQuery(client, ['B', 'A']);
    expect(q.queryKey).toEqual([PRODUCT_ESSENTIAL_QUERY, 'gb', ['A', 'B']]);
    expect(PRODUCT_ESSENTIAL_QUERY).toBe('PRODUCT_ESSENTIAL_QUERY');
    expect(q.enabled).toBe(true);
    await q.queryFn();
    expect(request).toHaveBeenCalledWith(expect.any(String), { skus: ['B', 'A'], pageSize: 2 });
    expect(productEssentialsQuery(client, []).enabled).toBe(false);
  });

  it('opens the points history at page 1 with ten a page, and keeps unused answers five minutes', () => {
    expect([POINTS_HISTORY_FIRST_PAGE, POINTS_HISTORY_PER_PAGE]).toEqual([1, 10]);
    expect(CACHE_TIME_MS).toBe(5 * 60_000);
  });

  it('searches stores up to 1000 and suggests 5 addresses unless asked otherwise', () => {
    expect(STORE_SEARCH_LIMIT).toBe(1000);
    expect(ADDRESS_SUGGESTIONS_DEFAULT).toBe(5);
    expect(StoreSearchQuerySchema.safeParse({ limit: '1000' }).success).toBe(true);
    expect(StoreSearchQuerySchema.safeParse({ limit: '1001' }).success).toBe(false);
  });

  it('pages the order history by the store configuration\'s size, and by 10 when it cannot be read', async () => {
    const answering = (request: () => Promise<unknown>) => ({ store: 'gb', request }) as unknown as GraphqlClient;
    await expect(fetchOrdersPageSize(answering(async () => ({ storeConfig: { orders_page_size: 25 } })))).resolves.toBe(25);
    await expect(fetchOrdersPageSize(answering(async () => ({ storeConfig: { orders_page_size: null } })))).resolves.toBe(10);
    await expect(fetchOrdersPageSize(answering(async () => Promise.reject(new Error('down'))))).resolves.toBe(DEFAULT_ORDERS_PAGE_SIZE);
  });
});
