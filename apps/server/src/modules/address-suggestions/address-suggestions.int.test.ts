import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { restCall } from '@ember/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressImportCommand } from '../../cli/address-import.js';
import type { Db } from '../../platform/db.js';
import { serveForSuite, startTestServer, type TestServer } from '../../test/test-app.js';

let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
});

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../db/seed/addresses/fixture-de.csv');
const suggest = (query: string, store = 'gb', target: TestServer = server) => restCall(target, 'GET', `/api/address-suggestions?${query}`, undefined, { store });

describe('GET /api/address-suggestions', () => {
  it('suggests addresses in English for the gb store view, five by default, in street order', async () => {
    const r = await suggest('text=Baker%20St');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toHaveLength(5);
    expect(r.body[0]).toEqual({
      id: expect.any(String), label: '1 Baker Street, London NW1 6XE', street: 'Baker Street', number: '1', postcode: 'NW1 6XE',
      city: 'London', region: 'Greater London', country_code: 'GB', country_name: 'United Kingdom',
    });
    expect(r.body.map((s: { number: string }) => s.number)).toEqual(['1', '2', '3', '4', '5']);
    const numbered = await suggest('text=12%20baker');
    expect(numbered.body[0].label).toBe('12 Baker Street, London NW1 6XE');
    const byPostcode = await suggest('text=W1F%209');
    expect(byPostcode.body[0]).toMatchObject({ street: 'Carnaby Street', postcode: 'W1F 9PS' });
  });

  it('suggests addresses in German for de and ch, accents folded, with another language on request', async () => {
    const de = await suggest(`text=${encodeURIComponent('Friedrichstr')}`, 'de');
    expect(de.body).toHaveLength(5);
    expect(de.body[0]).toMatchObject({ label: 'Friedrichstraße 1, 10117 Berlin', street: 'Friedrichstraße', number: '1', postcode: '10117', city: 'Berlin', country_name: 'Deutschland' });
    const folded = await suggest('text=Monckebergstrasse%207', 'de');
    expect(folded.body[0]).toMatchObject({ label: 'Mönckebergstraße 7, 20095 Hamburg' });
    const english = await suggest('text=Friedrichstr&lang=en', 'de');
    expect(english.body[0].country_name).toBe('Germany');
    const ch = await suggest('text=Bahnhofstrasse%204', 'ch');
    expect(ch.body[0]).toMatchObject({ label: 'Bahnhofstrasse 4, 8001 Zürich', country_name: 'Schweiz' });
    // A store view suggests in the countries it ships to only.
    expect((await suggest('text=Friedrichstr', 'gb')).body).toEqual([]);
  });

  it('adds the printed lines with print_address, in the country\'s order', async () => {
    const gb = await suggest('text=10%20Baker%20Street&print_address=true&results=1');
    expect(gb.body).toHaveLength(1);
    expect(gb.body[0].print_address).toEqual(['10 Baker Street', 'LONDON', 'NW1 6XE', 'UNITED KINGDOM']);
    const de = await suggest('text=Kaufingerstr%209&print_address=1&results=1', 'de');
    expect(de.body[0].print_address).toEqual(['Kaufingerstraße 9', '80331 München', 'DEUTSCHLAND']);
    const without = await suggest('text=10%20Baker%20Street&print_address=false&results=1');
    expect(without.body[0]).not.toHaveProperty('print_address');
  });

  it('answers as many as asked up to 20; too short a text is an empty list, markup or too long a 400', async () => {
    expect((await suggest('text=Oxford&results=12')).body).toHaveLength(12);
    expect((await suggest('text=Oxford&results=21')).status).toBe(400);
    expect((await suggest('text=Oxford&results=0')).status).toBe(400);
    expect((await suggest('text=Ox')).body).toEqual([]);
    expect((await suggest('text=%20%20%20')).body).toEqual([]);
    expect((await suggest('text=zzzzqqq')).body).toEqual([]);
    expect((await suggest('text=%3Cscript%3E')).status).toBe(400);
    expect((await suggest(`text=${'a'.repeat(101)}`)).status).toBe(400);
    expect((await suggest('')).status).toBe(400);
    expect((await suggest('text=Baker&lang=fr')).status).toBe(400);
    expect((await suggest('text=Baker&country=GB')).status).toBe(400);
  });
});

describe('a Loqate-style provider', () => {
  let remote: Server;
  let loqate: TestServer;
  let unreachable: TestServer;
  let none: TestServer;
  beforeAll(async () => {
    remote = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.searchParams.get('Text') === 'fail now') {
        res.writeHead(500).end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        Items: [
          { Id: 'GB|1', Type: 'Address', Text: '10 Downing Street', Description: 'London, SW1A 2AA' },
          { Id: 'GB|2', Type: 'Street', Text: 'Downing Street', Description: 'London - 20 Addresses' },
        ],
      }));
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const port = (remote.address() as { port: number }).port;
    loqate = await startTestServer({ ADDRESS_SUGGESTIONS_PROVIDER: 'loqate', LOQATE_API_KEY: 'test-key', LOQATE_URL: `http://127.0.0.1:${port}` });
    // Nothing listens on port 9 of the loopback interface: every call fails.
    unreachable = await startTestServer({ ADDRESS_SUGGESTIONS_PROVIDER: 'loqate', LOQATE_API_KEY: 'test-key', LOQATE_URL: 'http://127.0.0.1:9' });
    none = await startTestServer({ ADDRESS_SUGGESTIONS_PROVIDER: 'none' });
  });
  afterAll(async () => {
    await Promise.all([loqate?.close(), unreachable?.close(), none?.close()]);
    remote?.close();
  });

  it('maps the provider\'s addresses, leaving out its containers', async () => {
    const r = await suggest('text=10%20Downing', 'gb', loqate);
    expect(r.body).toEqual([{
      id: 'GB|1', label: '10 Downing Street, London SW1A 2AA', street: 'Downing Street', number: '10', postcode: 'SW1A 2AA', city: 'London',
      region: null, country_code: 'GB', country_name: 'United Kingdom',
    }]);
  });

  it('answers an empty list with 200 when the provider fails, cannot be reached or none is configured', async () => {
    const failing = await suggest('text=fail%20now', 'gb', loqate);
    expect(failing).toMatchObject({ status: 200, body: [] });
    expect(await suggest('text=Baker%20Street', 'gb', unreachable)).toMatchObject({ status: 200, body: [] });
    expect(await suggest('text=Baker%20Street', 'gb', none)).toMatchObject({ status: 200, body: [] });
  });
});

describe('address-import (OpenAddresses CSV)', () => {
  it('streams a file into the table in batches, idempotent by HASH', async () => {
    const lines: string[] = [];
    const deps = { db, services: server.app.services, out: (l: string) => lines.push(l) };
    expect(await addressImportCommand(['--country', 'DE', '--batch', '4', FIXTURE], deps)).toBe(0);
    const first = JSON.parse(lines.at(-1)!);
    expect(first).toMatchObject({ country: 'DE', read: 10, skipped: 1 });
    expect(first.inserted + first.already_there).toBe(9);
    expect(await addressImportCommand(['--country', 'DE', FIXTURE], deps)).toBe(0);
    expect(JSON.parse(lines.at(-1)!)).toEqual({ country: 'DE', read: 10, inserted: 0, already_there: 9, skipped: 1 });
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM address_suggestion_address WHERE hash LIKE 'a1f0c0de%'`);
    expect(rows[0]!.n).toBe(9);
    const found = await suggest(`text=${encodeURIComponent('Rathausstraße 3')}`, 'de');
    expect(found.body[0]).toMatchObject({ label: 'Rathausstraße 3, 10178 Berlin' });
    const quoted = await suggest(`text=${encodeURIComponent('Weinstraße Hinterhaus')}`, 'de');
    expect(quoted.body[0]).toMatchObject({ street: 'Weinstraße, Hinterhaus', city: 'München' });
  });

  it('refuses bad arguments with its usage', async () => {
    const lines: string[] = [];
    const deps = { db, services: server.app.services, out: (l: string) => lines.push(l) };
    expect(await addressImportCommand(['--country', 'Germany', FIXTURE], deps)).toBe(2);
    expect(await addressImportCommand(['--country', 'DE'], deps)).toBe(2);
    expect(lines.at(-1)).toMatch(/^Usage: address-import/);
  });
});
