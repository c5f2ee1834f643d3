import Fastify, { type FastifyInstance } from 'fastify';
import { restCall } from '@ember/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-app.js';

// Public addresses whose country the shipped database (and the registries behind it) agree on.
const GB = '212.58.244.20';
const DE = '193.99.144.80';
const CH = '195.186.1.1';
const US = '8.8.8.8';
const AT = '193.170.0.1';

/** The shop behind one trusted proxy hop: X-Forwarded-For names the client, as a load balancer would. */
let proxied: TestServer;
/** The shop reached directly (TRUST_PROXY 0, the default): X-Forwarded-For is the client's own claim. */
let direct: TestServer;
/** A lookup service on the loopback interface, answering like a hosted one; it records the addresses asked. */
let lookup: FastifyInstance;
let lookupUrl = '';
const asked: string[] = [];
let lookupMode: 'answer' | 'fail' | 'slow' = 'answer';

beforeAll(async () => {
  // Closed with its connections: the shop keeps its calls to it alive, and closing would wait for them.
  lookup = Fastify({ forceCloseConnections: true });
  lookup.get<{ Params: { ip: string } }>('/lookup/:ip', async (request, reply) => {
    asked.push(request.params.ip);
    if (lookupMode === 'fail') return reply.code(503).send({ error: 'down' });
    if (lookupMode === 'slow') await new Promise((r) => setTimeout(r, 1500));
    return { ip: request.params.ip, country_code: 'li' };
  });
  await lookup.listen({ host: '127.0.0.1', port: 0 });
  const address = lookup.server.address();
  lookupUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/lookup/{ip}`;
  proxied = await startTestServer({ TRUST_PROXY: '1' });
  direct = await startTestServer();
});

afterAll(async () => {
  await Promise.all([proxied?.close(), direct?.close(), lookup?.close()]);
});

const from = (target: TestServer, ip: string | null, store?: string) =>
  restCall(target, 'GET', '/api/location', undefined, { store, headers: ip ? { 'x-forwarded-for': ip } : {} });

describe('GET /api/location', () => {
  it.each([
    [GB, 'GB', 'gb'],
    [DE, 'DE', 'de'],
    [CH, 'CH', 'ch'],
    [AT, 'AT', 'de'],
  ])('maps the public address %s to %s and suggests the %s market', async (ip, country, store) => {
    const r = await from(proxied, ip);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ country_code: country, source: 'offline', country: { iso_code: country, suggested_store_code: store } });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('suggests the regular market, not the trial store view, to a visitor from Great Britain', async () => {
    const r = await from(proxied, GB);
    expect(r.body.country.markets.map((m: { store_code: string }) => m.store_code)).toEqual(['gb', 'gb_trial']);
    expect(r.body.country.suggested_store_code).toBe('gb');
    expect(r.body.country.iso_code3).toBe('GBR');
  });

  it('names the country but suggests no market for a country no store view ships to', async () => {
    const r = await from(proxied, US);
    expect(r.status).toBe(200);
    expect(r.body.country_code).toBe('US');
    expect(r.body.country?.suggested_store_code ?? null).toBeNull();
  });

  it('names the country in the store view\'s language', async () => {
    const r = await from(proxied, AT, 'de');
    expect(r.body.country.name).toBe('Österreich');
  });

  it.each(['127.0.0.1', '10.1.2.3', '192.168.1.1', '100.64.0.9', '::1', 'fd00::1'])('answers no country for the private or reserved address %s', async (ip) => {
    const r = await from(proxied, ip);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ country_code: null, country: null, source: 'none' });
  });

  it('believes no X-Forwarded-For when no proxy is trusted: the loopback client has no country', async () => {
    const r = await from(direct, DE);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ country_code: null, country: null, source: 'none' });
  });
});

describe('GET /api/location with GEOIP_LOOKUP_URL', () => {
  let external: TestServer;
  beforeAll(async () => {
    external = await startTestServer({ TRUST_PROXY: '1', GEOIP_LOOKUP_URL: lookupUrl, GEOIP_LOOKUP_TIMEOUT_MS: '300' });
  });
  afterAll(async () => external?.close());

  it('asks the configured lookup service with the client address and answers its country', async () => {
    lookupMode = 'answer';
    asked.length = 0;
    const r = await from(external, GB);
    expect(r.body).toMatchObject({ country_code: 'LI', source: 'external', country: { iso_code: 'LI', suggested_store_code: 'ch' } });
    expect(asked).toEqual([GB]);
  });

  it('never sends a private address to the lookup service', async () => {
    asked.length = 0;
    const r = await from(external, '10.0.0.7');
    expect(r.body.source).toBe('none');
    expect(asked).toEqual([]);
  });

  it('falls back to the offline database when the lookup service fails', async () => {
    lookupMode = 'fail';
    asked.length = 0;
    const r = await from(external, DE);
    expect(asked).toEqual([DE]);
    expect(r.body).toMatchObject({ country_code: 'DE', source: 'offline', country: { suggested_store_code: 'de' } });
  });

  it('falls back to the offline database when the lookup service does not answer within the timeout', async () => {
    lookupMode = 'slow';
    const started = Date.now();
    const r = await from(external, CH);
    expect(Date.now() - started).toBeLessThan(1400);
    expect(r.body).toMatchObject({ country_code: 'CH', source: 'offline' });
    lookupMode = 'answer';
  });
});

describe('GET /api/location/countries/{code}', () => {
  it('gives a country\'s isoCode and the markets that ship there, in any case', async () => {
    const r = await restCall(direct, 'GET', '/api/location/countries/li');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ iso_code: 'LI', iso_code3: 'LIE', name: 'Liechtenstein', suggested_store_code: 'ch', markets: [{ store_code: 'ch', website_code: 'ch', language: 'de' }] });
    expect(r.headers.get('cache-control')).toContain('public');
  });

  it('answers 404 for a country the directory does not list, 400 for a code that is not two letters', async () => {
    expect((await restCall(direct, 'GET', '/api/location/countries/QQ')).status).toBe(404);
    const bad = await restCall(direct, 'GET', '/api/location/countries/D1');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
  });
});
