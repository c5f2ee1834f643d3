import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serveForSuite, type TestServer } from '../test/test-app.js';
import type { Db } from '../platform/db.js';
import { inTransaction } from '../platform/transaction.js';
import { createCustomer, createProduct, GB_ADDRESS } from '@ember/test-support';
import { acceptTermsAndPay, addProducts, CART_FIELDS, gqlAs, place } from '../modules/cart/cart.fixtures.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const SET_SHIPPING = `mutation ($c: String!, $a: CartAddressInput) {
  setShippingAddressesOnCart(input: {cart_id: $c, shipping_addresses: [{address: $a}]}) { cart { ${CART_FIELDS} } } }`;
const SET_BILLING = `mutation ($c: String!) {
  setBillingAddressOnCart(input: {cart_id: $c, billing_address: {same_as_shipping: true}}) { cart { ${CART_FIELDS} } } }`;

describe('placeOrder runs in one transaction', () => {
  it('leaves no order, no stock change, no book entry and an active cart when saving the address book fails', async () => {
    const c = await createCustomer(server);
    const o = { token: c.token };
    const p = await createProduct(db, { stock: 5 });
    // The address book refuses this one city: a failure inside placeOrder's last write, after stock, order and outbox.
    const city = `Refused ${randomUUID().slice(0, 8)}`;
    const fn = `test_refuse_book_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await db.exec(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.city = '${city}' THEN RAISE EXCEPTION 'address book refused'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER ${fn} BEFORE INSERT ON identity_address FOR EACH ROW EXECUTE FUNCTION ${fn}();`);
    try {
      const id = (await gqlAs(server, 'query { customerCart { id } }', {}, o)).body.data.customerCart.id as string;
      expect((await addProducts(server, id, [{ sku: p.sku, quantity: 2 }], o)).body.data.addProductsToCart.user_errors).toEqual([]);
      expect((await gqlAs(server, SET_SHIPPING, { c: id, a: { ...GB_ADDRESS, city, street: [`${randomUUID().slice(0, 6)} Road`], save_in_address_book: true } }, o)).body.errors).toBeUndefined();
      expect((await gqlAs(server, SET_BILLING, { c: id }, o)).body.errors).toBeUndefined();
      const s = await gqlAs(server, 'mutation ($c: String!) { setShippingMethodsOnCart(input: {cart_id: $c, shipping_methods: [{carrier_code: "tablerate", method_code: "standard"}]}) { cart { id } } }', { c: id }, o);
      expect(s.body.errors).toBeUndefined();
      await acceptTermsAndPay(server, id, o);
      const stockBefore = (await db.query<{ quantity: number }>('SELECT quantity FROM inventory_stock WHERE product_id = $1', [p.id])).rows[0]!.quantity;

      const failed = await place(server, id, o);
      expect(failed.body.data?.placeOrder ?? null).toBeNull();
      expect(failed.body.errors?.length).toBeGreaterThan(0);

      expect(await inTransaction(db, (tx) => server.app.services.orders.findOrderByCart(tx, id))).toBeNull();
      expect((await db.query('SELECT 1 FROM orders_order WHERE cart_id = $1', [id])).rowCount).toBe(0);
      expect((await db.query<{ quantity: number }>('SELECT quantity FROM inventory_stock WHERE product_id = $1', [p.id])).rows[0]!.quantity).toBe(stockBefore);
      expect((await db.query<{ status: string }>('SELECT status FROM cart_cart WHERE masked_id = $1', [id])).rows[0]!.status).toBe('active');
      expect((await db.query('SELECT 1 FROM identity_address WHERE user_uuid = $1', [c.uuid])).rowCount).toBe(0);
    } finally {
      await db.exec(`DROP TRIGGER IF EXISTS ${fn} ON identity_address; DROP FUNCTION IF EXISTS ${fn}();`);
    }
  });
});
