import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type TestCustomer } from '@ember/test-support';
import { restCall, startTestServer, type TestServer } from '../../test/test-app.js';
import { RACE_WIDTH, raceRounds, raceTimeout } from '../../test/race.js';
import { inTransaction } from '../../platform/transaction.js';
import { packCodesCommand } from '../../cli/pack-codes.js';
import { checkMatches, formatCode, makeCode, parseCode } from './pack-codes.code.js';

/*
 * POST /api/me/products/register and GET /api/me/products/registrations over HTTP, on the worker's
 * database (PGlite, or PostgreSQL with DATABASE_URL): every answer shape, once-only registration
 * under races, the monthly allowance, the guessing limit and its log, privacy, and the batch CLI.
 */

let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(async () => {
  await server.close();
});

/** A batch of its own (a product of its own, so suites and repeated runs never meet), and its canonical codes. */
async function batchOf(s: TestServer, size: number, rule?: string): Promise<{ id: number; sku: string; codes: string[] }> {
  const sku = `T-${randomUUID().slice(0, 12)}`;
  const issued = await inTransaction(s.app.db, (tx) => s.app.services.packCodes.issueBatch(tx, { sku, producedOn: '2026-10-01', size, earningRule: rule }));
  return { id: issued.batch.id, sku, codes: [...issued.codes] };
}

const register = (s: TestServer, c: TestCustomer | null, code: string, store = 'gb') =>
  restCall(s, 'POST', '/api/me/products/register', { code }, { token: c?.token, store });

async function ledgerRows(s: TestServer, code: string) {
  const { rows } = await s.app.db.query<{ consumer_uuid: string; points: number }>(
    `SELECT consumer_uuid::text AS consumer_uuid, points FROM loyalty_ledger WHERE source_type = 'pack_code' AND source_key = $1`,
    [code],
  );
  return rows;
}

async function pointsOf(s: TestServer, c: TestCustomer): Promise<number> {
  const r = await restCall(s, 'GET', `/api/loyalty/consumers/${c.uuid}`, undefined, { token: c.token, store: 'gb' });
  expect(r.status).toBe(200);
  return r.body.points;
}

describe('registering a pack code', () => {
  it('credits a genuine code its earning rule once, through the ledger keyed by the code, and says what is left', async () => {
    const c = await createCustomer(server);
    const { codes, sku } = await batchOf(server, 3);
    const code = codes[1]!;
    const r = await register(server, c, formatCode(code));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      code: formatCode(code), result: 'registered', inventory: 19, is_genuine: true, is_registrable: true,
      loyalty_rule: { event_name: 'pack_code_registered', points: 20, description: 'Register a pack code' }, sku, product_name: sku, points: 20,
      limitReached: false, hasError: false,
    });
    expect(await ledgerRows(server, code)).toEqual([{ consumer_uuid: c.uuid, points: 20 }]);
    expect(await pointsOf(server, c)).toBe(20);
    // The history names the rule; the second code leaves one less.
    const second = await register(server, c, codes[2]!);
    expect([second.body.result, second.body.inventory, second.body.points]).toEqual(['registered', 18, 20]);
    expect(await pointsOf(server, c)).toBe(40);
  });

  it('reads what was typed the forgiving way: lower case, spaces, O for zero, I and L for one', async () => {
    const c = await createCustomer(server);
    const { codes } = await batchOf(server, 1);
    const code = codes[0]!;
    const typed = code.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l').replace(/(.{4})/g, '$1 ').trim();
    const r = await register(server, c, typed);
    expect(r.body.result).toBe('registered');
    expect(r.body.code).toBe(formatCode(code));
  });

  it('answers a code that is not genuine as such, crediting nothing: a wrong check, a serial beyond the batch, an unknown batch, another key', async () => {
    const c = await createCustomer(server);
    const { id, codes } = await batchOf(server, 2);
    const flip = (x: string) => x.slice(0, 15) + (x[15] === 'A' ? 'B' : 'A');
    const key = server.app.services.packCodes.settings.key;
    const fakes = [
      flip(codes[0]!),
      makeCode(key, id, 2), // the check is right, but the batch printed only serials 0 and 1
      makeCode(key, 1_000_000, 0), // no such batch
      makeCode('another-key-that-printed-nothing-here-0000', id, 0),
    ];
    for (const fake of fakes) {
      const r = await register(server, c, fake);
      expect(r.status, fake).toBe(200);
      expect(r.body, fake).toEqual({
        code: formatCode(fake), result: 'not_genuine', inventory: 20, is_genuine: false, is_registrable: false, loyalty_rule: null, sku: null, product_name: null, points: 0,
        limitReached: false, hasError: true,
      });
      expect(await ledgerRows(server, fake)).toEqual([]);
    }
    expect(await pointsOf(server, c)).toBe(0);
    // The genuine code of that batch still registers.
    expect((await register(server, c, codes[0]!)).body.result).toBe('registered');
  });

  it('answers a code registered before alike, by the same customer or by anyone else, and credits it only once', async () => {
    const [a, b] = [await createCustomer(server), await createCustomer(server)];
    const { codes } = await batchOf(server, 1);
    const code = codes[0]!;
    expect((await register(server, a, code)).body.result).toBe('registered');
    const again = await register(server, a, code);
    const other = await register(server, b, code);
    for (const r of [again, other]) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ result: 'already_registered', is_genuine: true, is_registrable: false, points: 0, limitReached: false, hasError: true });
      expect(r.body.loyalty_rule.event_name).toBe('pack_code_registered');
    }
    // Nothing tells b whose it was: b's answer is a's own second try, but for a's used allowance.
    expect({ ...other.body, inventory: 0 }).toEqual({ ...again.body, inventory: 0 });
    expect([again.body.inventory, other.body.inventory]).toEqual([19, 20]);
    expect(await ledgerRows(server, code)).toEqual([{ consumer_uuid: a.uuid, points: 20 }]);
    expect(await pointsOf(server, b)).toBe(0);
  });

  it('refuses what cannot be a pack code with a 400 in the shop\'s words, in the store view\'s language', async () => {
    const c = await createCustomer(server);
    for (const bad of ['ABC', 'UUUU-UUUU-UUUU-UUUU', '0000-0000-0000-0000', 'x'.repeat(64), '0001-0000-0P64-97FJ-0']) {
      const r = await register(server, c, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
      expect(r.body.error.message).toBe('This is not a pack code. A pack code has 16 letters and digits, as printed inside the pack.');
      expect(r.body.error.details).toEqual({ hasError: true, is_genuine: false, is_registrable: false, fields: { code: 'malformed' } });
    }
    const de = await register(server, c, 'ABC', 'de');
    expect(de.body.error.message).toMatch(/^Das ist kein Packungscode/);
    for (const body of [{}, { code: '' }, { code: 12 }, { code: 'A'.repeat(65) }, { code: 'ABCD', extra: 1 }]) {
      const r = await restCall(server, 'POST', '/api/me/products/register', body, { token: c.token });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses callers without a session, and a store view without the loyalty club', async () => {
    const { codes } = await batchOf(server, 1);
    expect((await register(server, null, codes[0]!)).status).toBe(401);
    expect((await restCall(server, 'POST', '/api/me/products/register', { code: codes[0] }, { token: 'not-a-session-token' })).status).toBe(401);
    expect((await restCall(server, 'GET', '/api/me/products/registrations')).status).toBe(401);
    const c = await createCustomer(server);
    const trial = await register(server, c, codes[0]!, 'gb_trial');
    expect([trial.status, trial.body.error?.code]).toEqual([501, 'NOT_AVAILABLE']);
    expect(await ledgerRows(server, codes[0]!)).toEqual([]);
  });
});

describe('registrations racing each other', () => {
  it(`credit one pack code exactly once when ${RACE_WIDTH} registrations of one customer meet, in each of ${raceRounds()} rounds`, async () => {
    for (let round = 0; round < raceRounds(); round++) {
      const c = await createCustomer(server);
      const { codes } = await batchOf(server, 1);
      const results = await Promise.all(Array.from({ length: RACE_WIDTH }, () => register(server, c, codes[0]!)));
      expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      expect(results.filter((r) => r.body.result === 'registered')).toHaveLength(1);
      expect(results.filter((r) => r.body.result === 'already_registered')).toHaveLength(RACE_WIDTH - 1);
      expect(await ledgerRows(server, codes[0]!)).toEqual([{ consumer_uuid: c.uuid, points: 20 }]);
      expect(await pointsOf(server, c)).toBe(20);
    }
  }, raceTimeout());

  it(`credit one pack code exactly once when ${RACE_WIDTH} customers register it together, in each of ${raceRounds()} rounds`, async () => {
    // One request per customer and round: well within each customer's attempts per hour.
    const customers = await Promise.all(Array.from({ length: RACE_WIDTH }, () => createCustomer(server)));
    for (let round = 0; round < raceRounds(); round++) {
      const { codes } = await batchOf(server, 1);
      const results = await Promise.all(customers.map((c) => register(server, c, codes[0]!)));
      expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      const winners = results.filter((r) => r.body.result === 'registered');
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.body.result === 'already_registered')).toHaveLength(RACE_WIDTH - 1);
      const rows = await ledgerRows(server, codes[0]!);
      expect(rows).toHaveLength(1);
      expect(customers.map((c) => c.uuid)).toContain(rows[0]!.consumer_uuid);
    }
  }, raceTimeout());
});

describe('the monthly allowance', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ PACK_CODE_MONTHLY_ALLOWANCE: '2' });
  });
  afterAll(async () => {
    await small.close();
  });

  it('answers limitReached for a genuine, registrable code once it is used up, and leaves that code for later', async () => {
    const [c, d] = [await createCustomer(small), await createCustomer(small)];
    const { codes } = await batchOf(small, 4);
    expect((await register(small, c, codes[0]!)).body).toMatchObject({ result: 'registered', inventory: 1 });
    expect((await register(small, c, codes[1]!)).body).toMatchObject({ result: 'registered', inventory: 0 });
    const over = await register(small, c, codes[2]!);
    expect(over.status).toBe(200);
    expect(over.body).toMatchObject({ result: 'limit_reached', inventory: 0, is_genuine: true, is_registrable: true, points: 0, limitReached: true, hasError: true });
    expect(over.body.loyalty_rule.points).toBe(20);
    expect(await ledgerRows(small, codes[2]!)).toEqual([]);
    expect(await pointsOf(small, c)).toBe(40);
    // The code was not used up by the refusal: another customer registers it.
    expect((await register(small, d, codes[2]!)).body).toMatchObject({ result: 'registered', inventory: 1 });
    const list = await restCall(small, 'GET', '/api/me/products/registrations', undefined, { token: c.token });
    expect([list.body.total, list.body.allowance, list.body.inventory]).toEqual([2, 2, 0]);
  });

  it(`lets ${RACE_WIDTH} registrations of different codes by one customer use no more than the allowance`, async () => {
    const c = await createCustomer(small);
    const { codes } = await batchOf(small, RACE_WIDTH);
    const results = await Promise.all(codes.map((code) => register(small, c, code)));
    expect(results.filter((r) => r.body.result === 'registered')).toHaveLength(2);
    expect(results.filter((r) => r.body.result === 'limit_reached')).toHaveLength(RACE_WIDTH - 2);
    expect(await pointsOf(small, c)).toBe(40);
  }, raceTimeout(1));
});

describe('guessing codes', () => {
  it('refuses a customer\'s 31st attempt in an hour (429 with Retry-After) and logs each refusal without the code or the customer', async () => {
    const c = await createCustomer(server);
    const { id } = await batchOf(server, 1);
    const guesses = Array.from({ length: 31 }, (_, i) => makeCode('a-guessing-key-that-is-not-the-shops-000', id, i));
    for (const guess of guesses.slice(0, 30)) expect((await register(server, c, guess)).body.result).toBe('not_genuine');
    const refused = await register(server, c, guesses[30]!);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A genuine code is refused too while the budget is spent: guessing cannot go on between real codes.
    const { codes } = await batchOf(server, 1);
    expect((await register(server, c, codes[0]!)).status).toBe(429);
    // Another customer (same address) is not held up.
    const other = await createCustomer(server);
    expect((await register(server, other, codes[0]!)).body.result).toBe('registered');

    const refusals = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.pack_code_refused);
    expect(refusals.some((l) => l.pack_code_refused === 'not_genuine')).toBe(true);
    expect(refusals.some((l) => l.pack_code_refused === 'rate_limited')).toBe(true);
    const text = refusals.map((l) => JSON.stringify(l)).join('\n');
    for (const secret of [...guesses, ...guesses.map(formatCode), c.uuid, c.email, c.token]) expect(text).not.toContain(secret);
  });
});

describe('the customer\'s registrations', () => {
  it('lists only the customer\'s own, newest first, in pages', async () => {
    const [a, b] = [await createCustomer(server), await createCustomer(server)];
    const { codes, sku } = await batchOf(server, 3);
    for (const code of codes) expect((await register(server, a, code)).body.result).toBe('registered');
    const page1 = await restCall(server, 'GET', '/api/me/products/registrations?perPage=2', undefined, { token: a.token });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ page: 1, perPage: 2, total: 3, total_pages: 2, allowance: 20, inventory: 17 });
    expect(page1.body.items).toHaveLength(2);
    expect(page1.body.items[0]).toEqual({
      code: expect.stringMatching(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/), sku, product_name: sku, points: 20, earning_rule: 'pack_code_registered', registered_at: expect.any(String),
    });
    const page2 = await restCall(server, 'GET', '/api/me/products/registrations?page=2&perPage=2', undefined, { token: a.token });
    expect([...page1.body.items, ...page2.body.items].map((i: { code: string }) => i.code).sort()).toEqual(codes.map(formatCode).sort());
    const others = await restCall(server, 'GET', '/api/me/products/registrations', undefined, { token: b.token });
    expect([others.body.total, others.body.items]).toEqual([0, []]);
    expect((await restCall(server, 'GET', '/api/me/products/registrations?perPage=1000', undefined, { token: a.token })).status).toBe(400);
  });

  it('name the product in the store view\'s language', async () => {
    const c = await createCustomer(server, { store: 'de' });
    const producedOn = new Date(Date.UTC(1950, 0, 1) + Math.floor(Math.random() * 20_000) * 86_400_000).toISOString().slice(0, 10);
    const issued = await inTransaction(server.app.db, (tx) => server.app.services.packCodes.issueBatch(tx, { sku: 'STK-AMBER-PACK', producedOn, size: 1 }));
    const [code] = [...issued.codes];
    const [product] = await server.app.services.catalog.productsBySkus(await server.app.services.stores.resolve('de'), ['STK-AMBER-PACK']);
    expect(product!.name).not.toBe('STK-AMBER-PACK');
    const r = await register(server, c, code!, 'de');
    expect(r.body).toMatchObject({ result: 'registered', sku: 'STK-AMBER-PACK', product_name: product!.name });
    const list = await restCall(server, 'GET', '/api/me/products/registrations', undefined, { token: c.token, store: 'de' });
    expect(list.body.items).toMatchObject([{ sku: 'STK-AMBER-PACK', product_name: product!.name }]);
  });

  it('are in the customer\'s data export, and erasure keeps each code used but no longer says whose it was', async () => {
    const [a, b] = [await createCustomer(server), await createCustomer(server)];
    const { codes, sku } = await batchOf(server, 1);
    expect((await register(server, a, codes[0]!)).body.result).toBe('registered');
    const exported = await server.app.services.privacy.export(server.app.db, { uuid: a.uuid, identifiers: [a.email] });
    const section = exported.pack_codes as { registrations: { code: string; sku: string; points: number }[]; allowance: { used: number }[] };
    expect(section.registrations).toMatchObject([{ code: codes[0], sku, points: 20 }]);
    expect(section.allowance).toMatchObject([{ used: 1 }]);

    await inTransaction(server.app.db, (tx) => server.app.services.privacy.erase(tx, { uuid: a.uuid, identifiers: [a.email] }));
    const { rows } = await server.app.db.query<{ consumer_uuid: string | null; erased: boolean }>(
      `SELECT consumer_uuid::text AS consumer_uuid, erased_at IS NOT NULL AS erased FROM pack_code_registration WHERE code = $1`,
      [codes[0]],
    );
    expect(rows).toEqual([{ consumer_uuid: null, erased: true }]);
    const part = server.app.services.privacy.parts().find((p) => p.module === 'pack-codes')!;
    expect(await part.export(server.app.db, { uuid: a.uuid, identifiers: [a.email] })).toEqual({ pack_codes: { registrations: [], allowance: [] } });
    expect((await register(server, b, codes[0]!)).body.result).toBe('already_registered');
  });
});

describe('the batch CLI', () => {
  it('issues a batch and writes its codes as CSV, each genuine and registrable once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pack-codes-'));
    const file = path.join(dir, 'batch.csv');
    const sku = `T-${randomUUID().slice(0, 12)}`;
    const out: string[] = [];
    const deps = { db: server.app.db, services: server.app.services, out: (line: string) => void out.push(line) };
    expect(await packCodesCommand(['issue', '--sku', sku, '--produced-on', '2026-11-02', '--size', '25', '--out', file], deps)).toBe(0);
    const summary = JSON.parse(out.at(-1)!);
    expect(summary).toMatchObject({ sku, produced_on: '2026-11-02', size: 25, earning_rule: 'pack_code_registered', file });
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('batch_id,sku,produced_on,serial,code');
    expect(lines).toHaveLength(26);
    const printed = lines.slice(1).map((l) => l.split(','));
    expect(new Set(printed.map((p) => p[4])).size).toBe(25);
    for (const [batchId, s, day, serial, code] of printed) {
      expect([Number(batchId), s, day]).toEqual([summary.batch_id, sku, '2026-11-02']);
      const parsed = parseCode(code!)!;
      expect([parsed.batchId, parsed.serial]).toEqual([summary.batch_id, Number(serial)]);
      expect(checkMatches(server.app.services.packCodes.settings.key, parsed)).toBe(true);
    }
    const c = await createCustomer(server);
    expect((await register(server, c, printed[24]![4]!)).body).toMatchObject({ result: 'registered', sku });

    // One batch per product and production date; bad arguments are named.
    expect(await packCodesCommand(['issue', '--sku', sku, '--produced-on', '2026-11-02', '--size', '5'], { ...deps, write: () => undefined })).toBe(1);
    expect(JSON.parse(out.at(-1)!).error).toBe('ALREADY_EXISTS');
    expect(await packCodesCommand(['issue', '--sku', sku, '--produced-on', '2026-13-40', '--size', '5'], deps)).toBe(2);
    expect(out.at(-1)).toMatch(/producedOn/);
    expect(await packCodesCommand(['issue', '--sku', sku, '--produced-on', '2026-11-03', '--size', '5', '--rule', 'no_such_rule'], deps)).toBe(1);
    expect(JSON.parse(out.at(-1)!).error).toBe('ENTITY_NOT_FOUND');
    // Without --out the codes go to the writer given (standard output).
    const written: string[] = [];
    expect(await packCodesCommand(['issue', '--sku', sku, '--produced-on', '2026-11-04', '--size', '3'], { ...deps, write: (chunk) => void written.push(chunk) })).toBe(0);
    expect(written.join('').trim().split('\n')).toHaveLength(4);
  });
});
