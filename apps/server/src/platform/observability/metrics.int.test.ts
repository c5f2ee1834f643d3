import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-app.js';

const LIVE = {
  STORE_MODE: 'LIVE', SERVICES: 'messaging', PUBLIC_BASE_URL: 'https://shop.example',
  ADMIN_TOKEN: 'metrics-suite-admin-token-0123456789abcdef', METRICS_TOKEN: 'metrics-suite-scrape-token-0123456789abcdef',
  AGE_VERIFICATION_CALLBACK_SECRET: 'v'.repeat(40), OPERATOR_TOTP_KEY: 'o'.repeat(40),
  // The suite's database is handed in; LIVE mode only insists that one is named.
  DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/unused',
};

/** The value of one sample line of the exposition (`name{labels} value`). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name}{`) === false && l.startsWith(`${name} `)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics in TEST mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SEARCH_JOBS: 'true', SEARCH_JOB_INTERVAL_MS: '100' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts requests by route pattern, never by their ids, and times them', async () => {
    const uuid = '0b7f5c9e-1d2a-4e3b-9c8d-7a6b5c4d3e2f';
    expect((await fetch(`${server.url}/account/users/${uuid}/profile`, { headers: { store: 'gb' } })).status).toBe(401);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/no/such/path/4711`)).status).toBe(404);
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(sample(text, 'http_request_duration_seconds_count', '{method="GET",route="/account/users/:uuid/profile",status_code="401"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', '{method="GET",route="/healthz",status_code="200"}')).toBe(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz",status_code="200"}');
    expect(text).not.toContain(uuid);
    // Only labels can carry a path; a timing such as `_sum 0.004711` may hold the same digits by chance.
    const labels = text.split('\n').filter((line) => !line.startsWith('#')).map((line) => line.slice(0, line.lastIndexOf(' ')));
    expect(labels.some((label) => label.includes('4711'))).toBe(false);
    expect(labels.some((label) => label.includes(uuid))).toBe(false);
  });

  it('reports the outbox depth as the messaging service reads it, the database and the jobs', async () => {
    // Other suites may write to the same outbox meanwhile (on PostgreSQL they share the database): the
    // scrape must say what the service reads at a moment when nothing changed around it.
    const pending = async () => (await server.app.services.messaging.pendingSummary()).pending;
    let text = '';
    for (let attempt = 0; attempt < 20; attempt++) {
      const before = await pending();
      text = await (await fetch(`${server.url}/metrics`)).text();
      const after = await pending();
      const scraped = sample(text, 'messaging_outbox_pending');
      if (before === after || attempt === 19) {
        expect(scraped).toBeGreaterThanOrEqual(Math.min(before, after));
        expect(scraped).toBeLessThanOrEqual(Math.max(before, after));
        if (before === after) expect(scraped).toBe(before);
        break;
      }
    }
    expect(sample(text, 'messaging_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_operations_in_flight')).toBeGreaterThanOrEqual(0);
    if (server.app.db.kind === 'postgres') expect(sample(text, 'db_pool_connections', '{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'job_lag_seconds', '{job="search job"}')).toBeGreaterThanOrEqual(0);
  });

  it('is not a REST service of the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(doc.paths['/metrics']).toBeUndefined();
  });
});

describe('/metrics in LIVE mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(LIVE);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a scrape without the token, or with a wrong one', async () => {
    const none = await fetch(`${server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORISED');
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer metrics-suite-scrape-token-0123456789abcdeX' } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: LIVE.METRICS_TOKEN } })).status).toBe(401);
  });

  it('answers the metrics token and the operator token', async () => {
    for (const token of [LIVE.METRICS_TOKEN, LIVE.ADMIN_TOKEN]) {
      const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('# TYPE http_request_duration_seconds histogram');
    }
  });
});
