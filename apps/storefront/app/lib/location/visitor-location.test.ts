import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptLocation, locateVisitor } from './visitor-location';

function fakeStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('window', { localStorage: { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => items.set(k, v) } });
  return items;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the visitor’s location', () => {
  it('is asked once for everyone asking meanwhile, then kept for the market suggestion and the tracking alike', async () => {
    fakeStorage();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ country: { iso_code: 'DE', name: 'Germany', suggested_store_code: 'de' } })));
    vi.stubGlobal('fetch', fetch);
    const [a, b] = await Promise.all([locateVisitor('gb'), locateVisitor('gb')]);
    expect(a).toEqual({ store: 'de', code: 'DE', country: 'Germany', dismissed: false });
    expect(b).toEqual(a);
    expect(await locateVisitor('gb')).toEqual(a);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(keptLocation()).toEqual(a);
  });

  it('settles a failure as null, keeps nothing and asks again next time', async () => {
    fakeStorage();
    const fetch = vi.fn(async () => new Response('{}', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    expect(await locateVisitor('gb')).toBeNull();
    expect(keptLocation()).toBeNull();
    expect(await locateVisitor('gb')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
