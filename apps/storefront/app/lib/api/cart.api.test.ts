import { describe, expect, it } from 'vitest';
import { cartErrorCode, firstServerMessage, isCartGone, partialCart } from './cart.api';
import { placeOrder, PlaceOrderError } from './checkout.api';
import { createGraphqlClient, GraphqlRequestError, type Variables } from './client';
import type { TypedDocument } from './gql';
import { endPlaceOrderAttempt, placeOrderKey } from './payments.api';

/** A document outside the generated operations, typed loosely for these transport tests. */
const document = (text: string) => text as TypedDocument<unknown, Variables>;

function fakeFetch(status: number, body: unknown, seen: { url?: string; init?: RequestInit } = {}): typeof fetch {
  return (async (url: string, init?: RequestInit) => {
    seen.url = url;
    seen.init = init;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

describe('the cart client', () => {
  it('posts the document and variables as JSON with the Store header and the session cookie', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const client = createGraphqlClient({ endpoint: '/graphql', store: 'de', method: 'POST', fetch: fakeFetch(200, { data: { cart: { id: 'c' } } }, seen) });
    await expect(client.request(document('query Cart($cartId: String!) {\n  cart(cart_id: $cartId) { id }\n}'), { cartId: 'c' })).resolves.toEqual({ cart: { id: 'c' } });
    expect(seen.url).toBe('/graphql');
    expect(seen.init?.method).toBe('POST');
    expect(seen.init?.credentials).toBe('same-origin');
    expect((seen.init?.headers as Record<string, string>).store).toBe('de');
    expect(JSON.parse(String(seen.init?.body))).toEqual({ query: 'query Cart($cartId: String!) { cart(cart_id: $cartId) { id } }', variables: { cartId: 'c' } });
  });

  it('keeps the errors and the partial answer of a refused mutation', async () => {
    const client = createGraphqlClient({
      endpoint: '/graphql', method: 'POST',
      fetch: fakeFetch(200, {
        data: { updateCartItems: { cart: { id: 'c', total_quantity: 1 } } },
        errors: [{ message: 'Only 1 left', extensions: { category: 'graphql-input', code: 'INSUFFICIENT_STOCK' } }],
      }),
    });
    const error = await client.request(document('mutation { x }')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphqlRequestError);
    expect(cartErrorCode(error)).toBe('INSUFFICIENT_STOCK');
    expect(firstServerMessage(error)).toBe('Only 1 left');
    expect(partialCart(error, 'updateCartItems')).toEqual({ id: 'c', total_quantity: 1 });
    expect(isCartGone(error)).toBe(false);
  });

  it('recognises a cart that has gone and hides internal errors', async () => {
    const gone = new GraphqlRequestError('x', 200, [{ message: 'Could not find a cart with ID "abc"', extensions: { category: 'graphql-no-such-entity' } }]);
    expect(isCartGone(gone)).toBe(true);
    const internal = new GraphqlRequestError('x', 500, [{ message: 'Internal server error', extensions: { category: 'internal' } }]);
    expect(firstServerMessage(internal)).toBeNull();
  });

  it('sends placeOrder’s Idempotency-Key as a header', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const client = createGraphqlClient({
      endpoint: '/graphql', method: 'POST',
      fetch: fakeFetch(200, { data: { placeOrder: { order: { order_number: '100000001', entity_id: 'e' }, errors: [] } } }, seen),
    });
    await expect(placeOrder(client, 'c', 'attempt-key-0001')).resolves.toEqual({ number: '100000001', id: 'e' });
    expect((seen.init?.headers as Record<string, string>)['idempotency-key']).toBe('attempt-key-0001');
  });

  it('keeps one key per cart for an attempt to place the order, and a new one once the attempt got its answer', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v), removeItem: (k: string) => void kept.delete(k) };
    const previous = (globalThis as { sessionStorage?: unknown }).sessionStorage;
    Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });
    try {
      const first = placeOrderKey('cart-a');
      expect(first).toMatch(/^[0-9a-f]{32}$/);
      expect(placeOrderKey('cart-a')).toBe(first);
      expect(placeOrderKey('cart-b')).not.toBe(first);
      endPlaceOrderAttempt('cart-a');
      expect(placeOrderKey('cart-a')).not.toBe(first);
    } finally {
      Object.defineProperty(globalThis, 'sessionStorage', { value: previous, configurable: true });
    }
  });

  it('turns a placeOrder refusal into its code and message', async () => {
    const client = createGraphqlClient({
      endpoint: '/graphql', method: 'POST',
      fetch: fakeFetch(200, { data: { placeOrder: { order: null, errors: [{ code: 'GUEST_EMAIL_MISSING', message: 'Guest email for cart is missing.' }] } } }),
    });
    const error = await placeOrder(client, 'c').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlaceOrderError);
    expect((error as PlaceOrderError).code).toBe('GUEST_EMAIL_MISSING');
  });
});
