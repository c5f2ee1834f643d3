import { describe, expect, it } from 'vitest';
import { cartInErrorResponse, fetchCart, fetchCustomerCart } from './cart.api';
import { createGraphqlClient, GraphqlRequestError } from './client';

function clientAnswering(body: unknown, status = 200) {
  return createGraphqlClient({
    endpoint: '/graphql', store: 'gb', method: 'POST',
    fetch: (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch,
  });
}

const CART = { id: 'c1', total_quantity: 2, itemsV2: { total_count: 1, items: [{ uid: 'MQ==', quantity: 2 }] } };
const POINTS_DOWN = { message: 'Points are unavailable', path: ['cart', 'itemsV2', 'items', 0, 'progress_points'], extensions: { category: 'internal' } };

describe('getting cart items (spec §8)', () => {
  it('falls back to the cart items in the error response when the answer has errors and the cart', async () => {
    await expect(fetchCart(clientAnswering({ data: { cart: CART }, errors: [POINTS_DOWN] }), 'c1')).resolves.toEqual(CART);
    await expect(fetchCustomerCart(clientAnswering({ data: { customerCart: CART }, errors: [POINTS_DOWN] }))).resolves.toEqual(CART);
  });

  it('still fails when the error response carries no cart with items', async () => {
    const gone = clientAnswering({ data: { cart: null }, errors: [{ message: 'No cart', extensions: { category: 'graphql-no-such-entity', code: 'CART_NOT_FOUND' } }] });
    await expect(fetchCart(gone, 'c1')).rejects.toBeInstanceOf(GraphqlRequestError);
    const itemless = clientAnswering({ data: { cart: { id: 'c1', itemsV2: null } }, errors: [POINTS_DOWN] });
    await expect(fetchCart(itemless, 'c1')).rejects.toBeInstanceOf(GraphqlRequestError);
    expect(cartInErrorResponse(new Error('network'), 'cart')).toBeNull();
  });
});
