import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCodeWithCheck } from '@ember/contracts';
import { createCustomer } from '@ember/test-support';
import { restCall, startTestServer, type TestServer } from '../../test/test-app.js';
import { draftFor, placeOrder } from '../../test/orders-fixtures.js';
import { advanceOrder } from '../../test/loyalty-fixtures.js';

const ADMIN_TOKEN = `admin-${randomUUID()}-${randomUUID()}`;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_TOKEN });
});
afterAll(async () => {
  await server?.close();
});

async function freshSerial(model: string): Promise<string> {
  const serial = deviceCodeWithCheck('E1' + Array.from(randomBytes(9), (b) => ALPHABET[b % 36]).join(''));
  await server.app.db.query(`INSERT INTO devices_device (serial, model_code, random_code, tracking_code) VALUES ($1, $2, 'ORD123', $3)`, [serial, model, `TRK-${serial}`]);
  return serial;
}

async function productOf(sku: string) {
  const { rows } = await server.app.db.query<{ id: number }>(`SELECT id FROM catalog_product WHERE sku = $1`, [sku]);
  return { id: rows[0]!.id, sku };
}

const record = (number: string, serial: string, token = ADMIN_TOKEN) =>
  restCall(server, 'POST', `/admin/orders/${number}/devices`, { serial }, { headers: { authorization: `Bearer ${token}` } });

describe('devices: registered straight from an order', () => {
  it('records a shipped device to the buyer, who confirms it from the order; other serials and states are refused', async () => {
    const buyer = await createCustomer(server);
    const placed = await placeOrder(server.app, draftFor({ product: await productOf('EMBER-ONE-COPPER'), customerUuid: buyer.uuid, quantity: 1 }));
    const serial = await freshSerial('EMBER-ONE-COPPER');
    // Not before it ships.
    const early = await record(placed.order_number, serial);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('ORDER_STATUS_NOT_ALLOWED');
    await advanceOrder(server.app, placed.order_number, ['payment_completed', 'processing', 'shipped']);
    // Only with the operator's token, only a model the order holds, only a genuine code.
    expect((await record(placed.order_number, serial, `${ADMIN_TOKEN}x`)).status).toBe(401);
    expect((await record(placed.order_number, await freshSerial('EMBER-ONE-SAGE'))).status).toBe(400);
    expect((await record(placed.order_number, serial.slice(0, 11) + (serial[11] === 'A' ? 'B' : 'A'))).status).toBe(406);
    const ok = await record(placed.order_number, serial);
    expect(ok.status).toBe(202);
    expect(ok.body).toEqual({ status: 'accepted', deviceId: serial, orderNumber: placed.order_number });
    expect((await record(placed.order_number, serial)).status).toBe(202);

    // The buyer sees it with the order's number, registered but not yet theirs as its user.
    const list = await restCall(server, 'GET', `/api/devices?userId=${buyer.uuid}`, undefined, { token: buyer.token });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ deviceId: serial, status: 'registered', consumerId: buyer.uuid, userId: null, orderNumber: placed.order_number, userAssignmentDate: null });
    const validate = () => restCall(server, 'POST', '/account/users/authentication/sessions/validate', { token: buyer.token });
    expect((await validate()).body.is_device_registered).toBe(false);
    // Nobody else can take it, and nobody else can confirm it.
    const other = await createCustomer(server);
    expect((await restCall(server, 'POST', '/api/devices', { consumerId: other.uuid, deviceId: serial }, { token: other.token })).status).toBe(409);
    expect((await restCall(server, 'PATCH', `/api/devices/${serial}/consumer`, { consumerId: other.uuid }, { token: other.token })).status).toBe(404);
    // "Register this device": the buyer confirms it.
    const confirmed = await restCall(server, 'PATCH', `/api/devices/${serial}/consumer`, { consumerId: buyer.uuid }, { token: buyer.token });
    expect(confirmed.status).toBe(202);
    expect(confirmed.body.device).toMatchObject({ status: 'assigned', userId: buyer.uuid });
    expect((await validate()).body.is_device_registered).toBe(true);
    // A serial another customer holds cannot be recorded to this order.
    const held = await freshSerial('EMBER-ONE-COPPER');
    expect((await restCall(server, 'POST', '/api/devices', { consumerId: other.uuid, deviceId: held }, { token: other.token })).status).toBe(202);
    expect((await record(placed.order_number, held)).status).toBe(409);
    // The trade-in view of the registry: the consumer's devices with their model.
    const devices = await server.app.services.devices.registeredDevices(server.app.db, buyer.uuid);
    expect(devices).toEqual([expect.objectContaining({ serial, state: 'assigned', productSku: 'EMBER-ONE-COPPER', productType: 'EMBER-ONE' })]);
  });

  it('refuses a guest order', async () => {
    const placed = await placeOrder(server.app, draftFor({ product: await productOf('EMBER-ONE-COPPER'), customerUuid: null, quantity: 1 }));
    await advanceOrder(server.app, placed.order_number, ['payment_completed', 'processing', 'shipped']);
    const r = await record(placed.order_number, await freshSerial('EMBER-ONE-COPPER'));
    expect(r.status).toBe(409);
  });

  it('exports the customer\'s devices and frees them when the account is cancelled', async () => {
    const c = await createCustomer(server);
    const serial = await freshSerial('EMBER-ONE-SLATE');
    expect((await restCall(server, 'POST', '/api/devices', { consumerId: c.uuid, deviceId: serial }, { token: c.token })).status).toBe(202);
    const exported = await server.app.services.privacy.parts().find((p) => p.module === 'devices')!.export(server.app.db, { uuid: c.uuid, identifiers: [] });
    expect(exported).toEqual({ devices: [expect.objectContaining({ serial, state: 'assigned', product_sku: 'EMBER-ONE-SLATE' })] });
    const reauth = await restCall(server, 'POST', `/account/users/${c.uuid}/reauthenticate`, { password: c.password }, { token: c.token });
    expect(reauth.status).toBe(200);
    const cancel = await restCall(server, 'POST', `/account/users/${c.uuid}/cancel`, undefined, { token: reauth.body.token });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(204);
    const { rows } = await server.app.db.query(`SELECT state, consumer_uuid FROM devices_device WHERE serial = $1`, [serial]);
    expect(rows).toEqual([{ state: 'unassigned', consumer_uuid: null }]);
  });
});
