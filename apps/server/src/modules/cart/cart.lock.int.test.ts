import { describe, expect, it } from 'vitest';
import { createProduct } from '@ember/test-support';
import { serveForSuite, type TestServer } from '../../test/test-app.js';
import type { Db, Tx } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';
import { addProducts, newGuestCart } from './cart.fixtures.js';
import { patched } from './cart.inputs.js';
import { randomBytes } from 'node:crypto';
import { loadStoreWideState, lockCartWithState, writeGuestWithState, type CartAddressRow, type CartState, type GuestWrite } from './cart.store.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

/** Resolves when `promise` settles, or with 'waiting' after `ms`. */
function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | 'waiting'> {
  return Promise.race([promise, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms))]);
}

/**
 * Another transaction that locks the cart, makes `change` and holds the lock until `release()`;
 * resolves once the change is made. `done` settles when that transaction has committed.
 */
async function holdCart(cartId: string, change: (tx: Tx, cartId: string) => Promise<void>): Promise<{ release: () => void; done: Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = inTransaction(db, async (tx) => {
    await tx.query('SELECT 1 FROM cart_cart WHERE id = $1 FOR UPDATE', [cartId]);
    await change(tx, cartId);
    held();
    await released;
  });
  await holding;
  return { release, done };
}

/**
 * A cart mutation locks the cart and reads its contents in one statement (decision 0041). The lock
 * waits for another transaction holding the cart; the contents must then be those that transaction
 * committed, not those the statement saw when it started. Only PostgreSQL runs two transactions at once.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('the cart locked with its state, while another transaction changes it', () => {
  async function whileHeld(change: (tx: Tx, cartId: string) => Promise<void>): Promise<{ state: CartState; cartId: string }> {
    const product = await createProduct(db);
    const masked = await newGuestCart(server);
    await addProducts(server, masked, [{ sku: product.sku, quantity: 1 }]);
    const cartId = (await db.query<{ id: string }>('SELECT id::text AS id FROM cart_cart WHERE masked_id = $1', [masked])).rows[0]!.id;

    const writer = await holdCart(cartId, change);
    const reader = inTransaction(db, (tx) => lockCartWithState(tx, masked, 'gb'));
    // The reader waits for the writer's lock.
    expect(await settledWithin(reader, 300)).toBe('waiting');
    writer.release();
    await writer.done;
    const found = await reader;
    expect(found).not.toBeNull();
    return { state: found!.state, cartId };
  }

  it('sees a line another transaction added while it waited', async () => {
    const second = await createProduct(db);
    const { state } = await whileHeld(async (tx, cartId) => {
      await tx.query('INSERT INTO cart_item (cart_id, product_id, sku, quantity) VALUES ($1, $2, $3, 2)', [cartId, second.id, second.sku]);
    });
    expect(state.items.map((i) => [i.sku, i.quantity])).toContainEqual([second.sku, 2]);
    expect(state.items).toHaveLength(2);
    expect(state.facts.map((f) => f.sku)).toContain(second.sku);
  });

  it('sees a quantity changed and an address set by another transaction while it waited', async () => {
    const { state } = await whileHeld(async (tx, cartId) => {
      await tx.query('UPDATE cart_item SET quantity = 3 WHERE cart_id = $1', [cartId]);
      await tx.query(
        `INSERT INTO cart_address (cart_id, kind, firstname, lastname, street, city, postcode, country_code, telephone)
         VALUES ($1, 'shipping', 'Ada', 'Lovelace', ARRAY['Baker Street 1'], 'London', 'NW1 6XE', 'GB', '+447900000000')`,
        [cartId],
      );
    });
    expect(state.items.map((i) => i.quantity)).toEqual([3]);
    expect(state.addresses.map((a) => a.kind)).toEqual(['shipping']);
  });

  it('sees a line another transaction removed while it waited', async () => {
    const { state } = await whileHeld(async (tx, cartId) => {
      await tx.query('DELETE FROM cart_item WHERE cart_id = $1', [cartId]);
    });
    expect(state.items).toEqual([]);
  });
});

const ADDRESS: CartAddressRow = {
  kind: 'shipping', firstname: 'Ada', lastname: 'Lovelace', company: null, street: ['Baker Street 1'], city: 'London', postcode: 'NW1 6XE',
  country_code: 'GB', region: null, telephone: '+447900000000', extra: {}, customer_address_id: null, save_in_address_book: false, pickup_location_code: null,
};

describe.runIf(Boolean(process.env.DATABASE_URL))('a guest checkout field in one statement, while another transaction changes the cart', () => {
  const writes: [string, GuestWrite, (state: CartState) => unknown, unknown][] = [
    ['an e-mail', { cart: { email: 'ada@example.com' } }, (state) => state.cart?.email, 'ada@example.com'],
    ['a payment method', { cart: { payment_method_code: 'checkmo', agreement_ids: [7] } }, (state) => [state.cart?.payment_method_code, state.cart?.agreement_ids], ['checkmo', [7]]],
    ['a delivery address', { addresses: [ADDRESS] }, (state) => state.addresses.map((a) => a.kind), ['shipping']],
    // The delivery address is on the cart before the test begins; the copy is the billing address.
    ['the delivery address as billing address', { billingAsShipping: true }, (state) => state.addresses.map((a) => `${a.kind} ${a.street[0]}`).sort(), ['billing Baker Street 1', 'shipping Baker Street 1']],
  ];

  it.each(writes)('waits, then writes nothing, so no answer prices the cart as it was before the change (%s)', async (_name, write, seen, expected) => {
    const [first, second] = [await createProduct(db), await createProduct(db)];
    const masked = await newGuestCart(server);
    await addProducts(server, masked, [{ sku: first.sku, quantity: 1 }]);
    const key = randomBytes(32);
    const cartId = (await db.query<{ id: string }>('UPDATE cart_cart SET guest_key_hash = $2 WHERE masked_id = $1 RETURNING id::text AS id', [masked, key])).rows[0]!.id;
    if ('billingAsShipping' in write) await writeGuestWithState(db, masked, 'gb', key, await loadStoreWideState(db, 'gb'), { addresses: [ADDRESS] });
    const wide = await loadStoreWideState(db, 'gb');
    const before = (await db.query('SELECT email, payment_method_code, (SELECT count(*)::int FROM cart_address WHERE cart_id = $1) AS addresses FROM cart_cart WHERE id = $1', [cartId])).rows[0];

    const writer = await holdCart(cartId, async (tx) => {
      await tx.query('INSERT INTO cart_item (cart_id, product_id, sku, quantity) VALUES ($1, $2, $3, 1)', [cartId, second.id, second.sku]);
    });
    const written = writeGuestWithState(db, masked, 'gb', key, wide, write);
    expect(await settledWithin(written, 300)).toBe('waiting');
    writer.release();
    await writer.done;
    expect(await written).toBeNull();
    expect((await db.query('SELECT email, payment_method_code, (SELECT count(*)::int FROM cart_address WHERE cart_id = $1) AS addresses FROM cart_cart WHERE id = $1', [cartId])).rows[0]).toEqual(before);
    // Asked again, it starts after the change: it writes, and its state has both lines.
    const again = await writeGuestWithState(db, masked, 'gb', key, wide, write);
    expect(again?.state.items.map((i) => i.sku).sort()).toEqual([first.sku, second.sku].sort());
    // The state as the write found it, with what it wrote laid over it, as the cart is priced.
    expect(seen(patched(again!.state, again!.written))).toEqual(expected);
  });
});

describe('the cart locked with its state', () => {
  it('answers null for an unknown cart, and the row and contents of a known one', async () => {
    const product = await createProduct(db);
    const masked = await newGuestCart(server);
    await addProducts(server, masked, [{ sku: product.sku, quantity: 2 }]);
    const found = await inTransaction(db, (tx) => lockCartWithState(tx, masked, 'gb', [product.sku]));
    expect(found?.access.masked_id).toBe(masked);
    expect(found?.access.personal).toBe(false);
    expect(found?.state.cart?.masked_id).toBe(masked);
    expect(found?.state.items.map((i) => [i.sku, i.quantity])).toEqual([[product.sku, 2]]);
    expect(await inTransaction(db, (tx) => lockCartWithState(tx, 'x'.repeat(32), 'gb'))).toBeNull();
  });
});
