import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guestCartStorageKey, loadCart, readGuestCartId } from './cart-state';
import { clearMergeNotice, readMergeNotice } from './merge-notice';

/** A GraphQL server that answers by operation name, recording what was asked. */
function fakeGraphql(answers: Record<string, unknown>) {
  const calls: { operation: string; variables: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { query: string; variables: Record<string, unknown> };
    const operation = /^(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '';
    calls.push({ operation, variables: body.variables });
    return new Response(JSON.stringify(answers[operation] ?? { data: null, errors: [{ message: `no answer for ${operation}` }] }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const storage = new Map<string, string>();
const session = new Map<string, string>();

beforeEach(() => {
  storage.clear();
  session.clear();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    },
    sessionStorage: {
      getItem: (k: string) => session.get(k) ?? null,
      setItem: (k: string, v: string) => void session.set(k, v),
      removeItem: (k: string) => void session.delete(k),
    },
  });
});

afterEach(() => vi.unstubAllGlobals());

const cart = (id: string, quantity: number) => ({ id, total_quantity: quantity });
const gone = { data: null, errors: [{ message: 'Could not find a cart', extensions: { category: 'graphql-no-such-entity' } }] };

describe('loadCart', () => {
  it('has no cart for a visitor who has added nothing, and creates none', async () => {
    const calls = fakeGraphql({});
    await expect(loadCart('gb', 'guest')).resolves.toBeNull();
    expect(calls).toEqual([]);
  });

  it("reads a visitor's saved guest cart of this store view", async () => {
    storage.set(guestCartStorageKey('gb'), 'guest-cart-gb-0001');
    const calls = fakeGraphql({ Cart: { data: { cart: cart('guest-cart-gb-0001', 2) } } });
    await expect(loadCart('gb', 'guest')).resolves.toEqual(cart('guest-cart-gb-0001', 2));
    expect(calls).toEqual([{ operation: 'Cart', variables: { cartId: 'guest-cart-gb-0001' } }]);
  });

  it('forgets a guest cart that has gone', async () => {
    storage.set(guestCartStorageKey('gb'), 'ordered-cart-00001');
    fakeGraphql({ Cart: gone });
    await expect(loadCart('gb', 'guest')).resolves.toBeNull();
    expect(readGuestCartId('gb')).toBeNull();
  });

  it("merges the guest cart into the customer's cart once, then forgets the guest id", async () => {
    storage.set(guestCartStorageKey('gb'), 'guest-cart-gb-0001');
    const calls = fakeGraphql({
      CustomerCart: { data: { customerCart: cart('customer-cart-0001', 1) } },
      MergeCarts: { data: { mergeCarts: cart('customer-cart-0001', 3) } },
    });
    await expect(loadCart('gb', 'uuid-1')).resolves.toEqual(cart('customer-cart-0001', 3));
    expect(calls.map((c) => c.operation)).toEqual(['CustomerCart', 'MergeCarts']);
    expect(calls[1]!.variables).toEqual({ source: 'guest-cart-gb-0001', destination: 'customer-cart-0001' });
    expect(readGuestCartId('gb')).toBeNull();
    // The next read is the customer's cart alone.
    await loadCart('gb', 'uuid-1');
    expect(calls.map((c) => c.operation)).toEqual(['CustomerCart', 'MergeCarts', 'CustomerCart']);
  });

  it('keeps what the merge dropped for the cart page, and nothing when it dropped nothing', async () => {
    storage.set(guestCartStorageKey('gb'), 'guest-cart-gb-0001');
    const dropped = [{ type: 'COUPON', code: 'WELCOME10', reason: 'ALREADY_USED', message: 'The coupon code "WELCOME10" has already been used.' }];
    fakeGraphql({
      CustomerCart: { data: { customerCart: cart('customer-cart-0001', 1) } },
      MergeCarts: { data: { mergeCarts: { ...cart('customer-cart-0001', 3), dropped_on_merge: dropped } } },
    });
    await expect(loadCart('gb', 'uuid-1')).resolves.toEqual(cart('customer-cart-0001', 3));
    expect(readMergeNotice('gb')).toEqual(dropped);
    clearMergeNotice('gb');
    storage.set(guestCartStorageKey('gb'), 'guest-cart-gb-0002');
    fakeGraphql({
      CustomerCart: { data: { customerCart: cart('customer-cart-0001', 3) } },
      MergeCarts: { data: { mergeCarts: { ...cart('customer-cart-0001', 4), dropped_on_merge: [] } } },
    });
    await loadCart('gb', 'uuid-1');
    expect(readMergeNotice('gb')).toEqual([]);
  });

  it("keeps the customer's cart when the guest cart to merge has gone", async () => {
    storage.set(guestCartStorageKey('gb'), 'ordered-cart-00001');
    fakeGraphql({ CustomerCart: { data: { customerCart: cart('customer-cart-0001', 1) } }, MergeCarts: gone });
    await expect(loadCart('gb', 'uuid-1')).resolves.toEqual(cart('customer-cart-0001', 1));
    expect(readGuestCartId('gb')).toBeNull();
  });

  it('keeps the guest id when the merge fails for another reason, so the next read tries again', async () => {
    storage.set(guestCartStorageKey('gb'), 'guest-cart-gb-0001');
    fakeGraphql({ CustomerCart: { data: { customerCart: cart('customer-cart-0001', 1) } }, MergeCarts: { data: null, errors: [{ message: 'Internal server error', extensions: { category: 'internal' } }] } });
    await expect(loadCart('gb', 'uuid-1')).rejects.toThrow();
    expect(readGuestCartId('gb')).toBe('guest-cart-gb-0001');
  });

  it('keeps one guest cart per store view', async () => {
    storage.set(guestCartStorageKey('de'), 'guest-cart-de-0001');
    const calls = fakeGraphql({});
    await expect(loadCart('gb', 'guest')).resolves.toBeNull();
    expect(calls).toEqual([]);
  });
});
