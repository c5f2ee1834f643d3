import { describe, expect, it } from 'vitest';
import { createProduct } from '@ember/test-support';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db } from '../../platform/db.js';
import { addProducts, CART_FIELDS, getCart, gqlAs, newGuestCart } from './cart.fixtures.js';

const UPDATE = `mutation ($c: String!, $u: ID!, $q: Float!) { updateCartItems(input: {cart_id: $c, cart_items: [{cart_item_uid: $u, quantity: $q}]}) { cart { ${CART_FIELDS} } } }`;
const REMOVE = `mutation ($c: String!, $u: ID!) { removeItemFromCart(input: {cart_id: $c, cart_item_uid: $u}) { cart { ${CART_FIELDS} } } }`;
const ADD = `mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { cart { ${CART_FIELDS} } user_errors { code message } } }`;

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

describe('cart contexts (X-Cart-Context)', () => {
  it('accepts the product page’s, the cart page’s and the mini cart’s contexts on adding, changing and removing a line', async () => {
    const p = await createProduct(db, { price: 1200 });
    const id = await newGuestCart(server);
    const add = await gqlAs(server, ADD, { c: id, i: [{ sku: p.sku, quantity: 1 }] }, { headers: { 'X-Cart-Context': 'PRODUCT_DETAIL' } });
    expect(add.body.errors).toBeUndefined();
    const uid = add.body.data.addProductsToCart.cart.itemsV2.items[0].uid;
    const update = await gqlAs(server, UPDATE, { c: id, u: uid, q: 2 }, { headers: { 'X-Cart-Context': 'CART' } });
    expect(update.body.data.updateCartItems.cart.total_quantity).toBe(2);
    const remove = await gqlAs(server, REMOVE, { c: id, u: uid }, { headers: { 'X-Cart-Context': 'MINICART' } });
    expect(remove.body.data.removeItemFromCart.cart.total_quantity).toBe(0);
    // Without the header a change has no context and passes as before.
    const plain = await addProducts(server, id, [{ sku: p.sku, quantity: 1 }]);
    expect(plain.body.data.addProductsToCart.cart.total_quantity).toBe(1);
  });

  it('refuses a context outside the spec’s list as bad input and leaves the cart unchanged', async () => {
    const p = await createProduct(db, { price: 1200 });
    const id = await newGuestCart(server);
    for (const context of ['SHOP', 'product_detail']) {
      const add = await gqlAs(server, ADD, { c: id, i: [{ sku: p.sku, quantity: 1 }] }, { headers: { 'X-Cart-Context': context } });
      expect(add.status).toBeLessThan(500);
      expect(add.body.errors![0]!.extensions).toMatchObject({ category: 'graphql-input', code: 'VALIDATION_FAILED' });
      expect(add.body.errors![0]!.message).toContain('X-Cart-Context');
    }
    const cart = await getCart(server, id);
    expect(cart.body.data.cart.total_quantity).toBe(0);
  });
});
