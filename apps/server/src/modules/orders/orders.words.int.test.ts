import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '@ember/test-support';
import { startTestServer, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import { gqlAs, newGuestCart } from '../cart/cart.fixtures.js';
import { DEFAULT_PAYMENT_METHOD } from '../payments/payments.methods.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const STATUSES = '{ orderStatuses { status_value status_label } }';

describe('order and payment words per store view', () => {
  it('names a cancelled order in British English in gb and in German in de and ch', async () => {
    const label = async (store: string) =>
      (await gqlAs(server, STATUSES, {}, { store })).body.data.orderStatuses.find((s: { status_value: string }) => s.status_value === 'canceled').status_label;
    expect(await label('gb')).toBe('Cancelled');
    expect(await label('de')).toBe('Storniert');
    expect(await label('ch')).toBe('Storniert');
  });

  it('shows an order\'s payment method by its name, not its code', async () => {
    const product = await createProduct(server.app.db, { stock: 20 });
    const customer = await createCustomer(server);
    const placed = await placeOrder(server.app, { ...draftFor({ product, customerUuid: customer.uuid, email: customer.email }), payment_method_code: DEFAULT_PAYMENT_METHOD });
    const r = await gqlAs(server, 'query($n: String!) { customerOrder(number: $n) { payment_methods { name type } } }', { n: placed.order_number }, { token: customer.token });
    expect(r.body.data.customerOrder.payment_methods).toEqual([{ name: 'Credit or debit card', type: DEFAULT_PAYMENT_METHOD }]);
  });

  it('titles the cart\'s payment methods in the store view\'s language', async () => {
    const id = await newGuestCart(server, 'de');
    const r = await gqlAs(server, 'query($c: String!) { cart(cart_id: $c) { available_payment_methods { code title } } }', { c: id }, { store: 'de' });
    expect(r.body.data.cart.available_payment_methods).toEqual([
      { code: 'ember_card', title: 'Kredit- oder Debitkarte' },
      { code: 'ember_bank_transfer', title: 'Online-Überweisung' },
    ]);
  });
});
