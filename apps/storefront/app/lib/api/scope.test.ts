import { describe, expect, it } from 'vitest';
import type { GraphqlClient } from './client';
import { loadStoreFrame, type StoreScope } from './scope';

/** A scope whose directory lists these store codes and counts how often it was asked. */
function scopeFor(code: string, known: string[]): StoreScope & { asked: () => number } {
  let asked = 0;
  const directory: GraphqlClient = {
    store: '',
    async request<T>() {
      asked += 1;
      return { availableStores: known.map((store_code, i) => ({ store_code, store_sort_order: i })) } as T;
    },
  };
  const unused: GraphqlClient = { store: code, request: () => Promise.reject(new Error('no store-scoped call expected')) };
  return { code, directory, shell: unused, catalog: unused, asked: () => asked };
}

async function statusOf(promise: Promise<unknown>): Promise<number | 'resolved'> {
  try {
    await promise;
    return 'resolved';
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe('the store frame loader of the cart, checkout and confirmation pages', () => {
  it('loads nothing for a known store view and makes no store-scoped call', async () => {
    const scope = scopeFor('de', ['gb', 'de']);
    await expect(loadStoreFrame(scope)).resolves.toEqual({});
    expect(scope.asked()).toBe(1);
  });

  it('answers 404 for a store view the shop does not have', async () => {
    expect(await statusOf(loadStoreFrame(scopeFor('fr', ['gb', 'de'])))).toBe(404);
  });

  it('answers 404 for a malformed store code without asking the API', async () => {
    const scope = scopeFor('GB!', ['gb']);
    expect(await statusOf(loadStoreFrame(scope))).toBe(404);
    expect(scope.asked()).toBe(0);
  });
});
