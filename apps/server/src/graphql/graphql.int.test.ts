import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, startTestServer, type TestServer } from '../test/test-app.js';

let server: TestServer;
let production: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  production = await startTestServer({ NODE_ENV: 'production' });
});
afterAll(async () => {
  await server.close();
  await production.close();
});

function nested(depth: number): string {
  let q = 'url_key';
  for (let i = 0; i < depth; i++) q = `children { ${q} }`;
  return `{ categoryList { ${q} } }`;
}

describe('GraphQL edge: bad input gets a clear error, never a 500', () => {
  it('rejects a malformed document with 400 and a syntax message', async () => {
    const res = await gql(server, '{ products(filter: { sku: { eq: "X" } } { items { sku } }');
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].message).toMatch(/Syntax Error/);
  });

  it('rejects a document nested past the depth limit before resolving it', async () => {
    const ok = await gql(server, nested(3));
    expect(ok.body.errors).toBeUndefined();
    const res = await gql(server, nested(25));
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].extensions.code).toBe('QUERY_TOO_DEEP');
  });

  it('rejects a document selecting more fields than the complexity limit', async () => {
    const fields = Array.from({ length: 400 }, (_, i) => `a${i}: sku`).join(' ');
    const res = await gql(server, `{ products(search: "x") { items { ${fields} } } }`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('rejects fragment cycles', async () => {
    const res = await gql(server, 'query { storeConfig { ...A } } fragment A on StoreConfig { store_code ...B } fragment B on StoreConfig { ...A }');
    expect(res.status).toBe(400);
    expect(res.body.errors?.length).toBeGreaterThan(0);
  });

  it('answers an oversized body with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ storeConfig { store_code } }`, variables: { pad: 'x'.repeat(400_000) } }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('bounds page sizes and requires a search or filter', async () => {
    for (const size of [0, 100000]) {
      const res = await gql(server, `{ products(search: "a", pageSize: ${size}) { total_count } }`);
      expect(res.body.errors?.[0].extensions.code).toBe('VALIDATION_FAILED');
    }
    const none = await gql(server, '{ products { total_count } }');
    expect(none.body.errors?.[0].message).toMatch(/'search' or 'filter'/);
    const badType = await gql(server, '{ products(search: "a", pageSize: "ten") { total_count } }');
    expect(badType.status).toBe(400);
  });

  it('rejects a batch of operations in one request', async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ storeConfig { store_code } }' }, { query: '{ storeConfig { store_code } }' }]),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('hides introspection and field suggestions in production', async () => {
    const intro = await gql(production, '{ __schema { types { name } } }');
    expect(intro.status).toBe(400);
    const typo = await gql(production, '{ storeConfig { store_cod } }');
    expect(typo.body.errors?.[0].message).not.toMatch(/Did you mean/);
    const devTypo = await gql(server, '{ storeConfig { store_cod } }');
    expect(devTypo.body.errors?.[0].message).toMatch(/Did you mean/);
  });
});

describe('platform edges', () => {
  it('reports liveness and database readiness', async () => {
    const live = await fetch(`${server.url}/healthz`);
    const ready = await fetch(`${server.url}/readyz`);
    expect(live.status).toBe(200);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as any).status).toBe('ready');
  });

  it('fails readiness while draining', async () => {
    server.app.draining = true;
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    } finally {
      server.app.draining = false;
    }
  });

  it('answers unknown routes with a JSON 404, a request id and security headers', async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.code).toBe('ENTITY_NOT_FOUND');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
