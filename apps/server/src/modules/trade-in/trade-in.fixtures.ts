import { randomBytes } from 'node:crypto';
import { deviceCodeWithCheck } from '@ember/contracts';
import { restCall, type TestCustomer } from '@ember/test-support';
import type { Queryable } from '../../platform/db.js';
import type { TestServer } from '../../test/test-app.js';

/** Test helpers for trade-in suites: an offer of their own, and a device registered to a customer. */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A serial no other test has: the model's two-character prefix, nine random characters and the check character. */
function freshSerial(prefix: string): string {
  const body = [...randomBytes(9)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return deviceCodeWithCheck(`${prefix}${body}`);
}

/**
 * A manufactured device of `model` (a seeded device model, an Ember One colour by default), then
 * registered to the customer through `POST /api/devices` as the customer would. Returns its serial.
 */
export async function registeredDevice(db: Queryable, server: TestServer, customer: TestCustomer, model = 'EMBER-ONE-SLATE', store = 'gb'): Promise<string> {
  const { rows } = await db.query<{ serial_prefix: string }>('SELECT serial_prefix FROM devices_model WHERE code = $1', [model]);
  const serial = freshSerial(rows[0]!.serial_prefix);
  const random = randomBytes(6).toString('hex').slice(0, 6).toUpperCase();
  await db.query('INSERT INTO devices_device (serial, model_code, random_code, tracking_code) VALUES ($1, $2, $3, $4)', [serial, model, random, `TRK-${serial}`]);
  const r = await restCall(server, 'POST', '/api/devices', { consumerId: customer.uuid, deviceId: serial }, { token: customer.token, store });
  if (r.status !== 202) throw new Error(`device registration failed: ${r.status} ${JSON.stringify(r.body)}`);
  return serial;
}

/** A trade-in offer of its own for a trade-in product, running now unless told otherwise. */
export async function makeOffer(
  db: Queryable,
  opts: { tradeInSku: string; store?: string; qualifying?: string[]; minDeviceAgeDays?: number; startsAt?: string; endsAt?: string | null },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO trade_in_offer (store_code, trade_in_sku, qualifying_skus, min_device_age_days, starts_at, ends_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [opts.store ?? 'gb', opts.tradeInSku, opts.qualifying ?? ['EMBER-ONE'], opts.minDeviceAgeDays ?? 0, opts.startsAt ?? '2020-01-01T00:00:00Z', opts.endsAt ?? null],
  );
  await db.query(`INSERT INTO trade_in_offer_text (offer_id, language, terms) VALUES ($1, 'en', 'Test terms'), ($1, 'de', 'Testbedingungen')`, [rows[0]!.id]);
  return rows[0]!.id;
}
