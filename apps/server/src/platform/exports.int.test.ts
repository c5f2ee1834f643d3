import { randomUUID } from 'node:crypto';
import { CONSOLE_COUNT_CAP } from '@ember/contracts';
import { createOperator, createOrder, createProduct, restCall, type TestOperator } from '@ember/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { serveForSuite, type TestServer } from '../test/test-app.js';
import { EXPORT_PAGE } from './exports.routes.js';

const TOKEN = 'exports-suite-token-0123456789abcdef0123';
let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN: TOKEN });

/** A day in the past that only this suite's customers were created on (suites share the database on PostgreSQL). */
const day = new Date(Date.UTC(2001, 0, 1) + (process.pid % 3000) * 86_400_000);
const window = `from=${encodeURIComponent(day.toISOString())}&to=${encodeURIComponent(new Date(day.getTime() + 86_400_000).toISOString())}`;
const COUNT = EXPORT_PAGE * 2 + 345;
const made: string[] = [];

let support: TestOperator;
beforeAll(async () => {
  support = await createOperator(server, TOKEN, 'support');
  // Many customers created the same second (the keyset must tell them apart by uuid), one with a formula for a name.
  const { rows } = await db.query<{ uuid: string }>(
    `INSERT INTO identity_user (uuid, email, firstname, lastname, store_code, created_at)
     SELECT gen_random_uuid(), 'export-' || n || '-' || $2 || '@example.com', CASE WHEN n = 1 THEN '=HYPERLINK("x")' ELSE 'Ex' END, 'Port, "Jr"', 'gb',
            $1::timestamptz + (n % 7) * interval '1 second'
       FROM generate_series(1, $3::int) AS n RETURNING uuid::text AS uuid`,
    [day.toISOString(), randomUUID().slice(0, 8), COUNT],
  );
  made.push(...rows.map((r) => r.uuid));
});
afterAll(async () => {
  await db.query('DELETE FROM identity_user WHERE uuid = ANY($1::uuid[])', [made]);
});

function parse(csv: string): string[][] {
  // Enough of RFC 4180 for the test: quoted fields with doubled quotes and commas.
  const rows: string[][] = [];
  for (const line of csv.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean)) {
    rows.push([...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!));
  }
  return rows;
}

describe('the console\'s exports', () => {
  it('streams every customer of the window exactly once across pages, as CSV a spreadsheet reads safely', async () => {
    const res = await support.call('GET', `/admin/exports/customers.csv?${window}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.body as string);
    expect(rows[0]).toEqual(['uuid', 'created_at', 'store_code', 'status', 'email', 'firstname', 'lastname', 'telephone', 'is_age_verified']);
    const uuids = rows.slice(1).map((r) => r[0]);
    expect(uuids).toHaveLength(COUNT);
    expect(new Set(uuids).size).toBe(COUNT);
    expect(new Set(uuids)).toEqual(new Set(made));
    expect(rows.slice(1).find((r) => r[5]!.includes('HYPERLINK'))![5]).toBe('\'=HYPERLINK("x")');
    expect(rows[1]![6]).toBe('Port, "Jr"');
  });

  it('exports orders of a window with their totals, and records who exported what', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const product = await createProduct(db, { stores: ['gb'], price: 1250, stock: 10 });
    const a = await createOrder(server, { items: [{ sku: product.sku, quantity: 2 }] });
    const b = await createOrder(server, { items: [{ sku: product.sku, quantity: 1 }] });
    const res = await support.call('GET', `/admin/exports/orders.csv?from=${encodeURIComponent(since)}&store=gb`);
    expect(res.status).toBe(200);
    const rows = parse(res.body as string);
    const byNumber = new Map(rows.slice(1).map((r) => [r[0], r]));
    const header = rows[0]!;
    expect(byNumber.get(a.order_number)![header.indexOf('items')]).toBe('2');
    expect(byNumber.get(b.order_number)![header.indexOf('subtotal_incl_tax')]).toBe('1250');
    const owner = await createOperator(server, TOKEN, 'owner');
    const log = await owner.call('GET', `/admin/audit?action=export&operator=${support.uuid}`);
    expect(log.body.items.map((e: { action: string }) => e.action).sort()).toEqual(['export.customers', 'export.orders']);
  });

  it('keeps customers\' data from roles without it, and from everyone without a console session', async () => {
    const fulfilment = await createOperator(server, TOKEN, 'fulfilment');
    expect((await fulfilment.call('GET', '/admin/exports/customers.csv')).status).toBe(403);
    expect((await fulfilment.call('GET', `/admin/exports/orders.csv?${window}`)).status).toBe(200);
    expect((await restCall(server, 'GET', '/admin/exports/customers.csv')).status).toBe(401);
    expect((await support.call('GET', '/admin/exports/customers.csv?status=gone')).status).toBe(400);
    expect((await support.call('GET', '/admin/exports/orders.csv?from=yesterday')).status).toBe(400);
  });
});

describe('the big lists\' counts', () => {
  it('count up to the cap and then say there are more', async () => {
    const far = new Date(Date.UTC(1999, 0, 1) + (process.pid % 300) * 86_400_000);
    const { rows } = await db.query<{ uuid: string }>(
      `INSERT INTO identity_user (uuid, email, firstname, lastname, store_code, created_at)
       SELECT gen_random_uuid(), 'cap-' || n || '-' || $2 || '@example.com', 'Cap', 'Count', 'gb', $1::timestamptz + n * interval '1 millisecond'
         FROM generate_series(1, $3::int) AS n RETURNING uuid::text AS uuid`,
      [far.toISOString(), randomUUID().slice(0, 8), CONSOLE_COUNT_CAP + 5],
    );
    made.push(...rows.map((r) => r.uuid));
    const range = `from=${encodeURIComponent(far.toISOString())}&to=${encodeURIComponent(new Date(far.getTime() + 86_400_000).toISOString())}`;
    const over = await support.call('GET', `/admin/customers?${range}&page_size=10`);
    expect(over.body.page_info).toMatchObject({ total: CONSOLE_COUNT_CAP, total_capped: true });
    expect(over.body.items).toHaveLength(10);
    const under = await support.call('GET', `/admin/customers?${window}&page_size=10`);
    expect(under.body.page_info).toMatchObject({ total: COUNT, total_capped: false });
  });
});
