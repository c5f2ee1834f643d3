import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-app.js';
import { startTracing, type Tracing } from './tracing.js';

const CART_ID = 'TraceProbe7Qx2Lm9Vb4Nc8Zr1Tw6Yk3Hs';
const CART_QUERY = 'query Probe($cart_id: String!) { cart(cart_id: $cart_id) { id } }';

describe('traces, error reports and the request edge', () => {
  const exporter = new InMemorySpanExporter();
  const lines: Record<string, unknown>[] = [];
  let tracing: Tracing;
  let server: TestServer;
  beforeAll(async () => {
    tracing = await startTracing({ exporter, serviceName: 'ember-shop-test' });
    server = await startTestServer({ LOG_LEVEL: 'error' }, { logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } });
  });
  afterAll(async () => {
    await server?.close();
    await tracing?.shutdown();
  });
  beforeEach(() => {
    exporter.reset();
    lines.length = 0;
  });

  const graphql = (query: string, variables: Record<string, unknown>) =>
    fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', store: 'gb' }, body: JSON.stringify({ query, variables }) });

  it('makes a GraphQL request one HTTP span with a GraphQL child and SQL grandchildren, without parameter values', async () => {
    const response = await graphql('mutation { createGuestCart { cart { id } } }', {});
    expect(response.status).toBe(200);
    const cartId = ((await response.json()) as { data: { createGuestCart: { cart: { id: string } } } }).data.createGuestCart.cart.id;
    expect(cartId.length).toBeGreaterThanOrEqual(32);
    const spans = exporter.getFinishedSpans();
    const http = spans.find((s) => s.name === 'POST /graphql');
    expect(http, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(http!.attributes['http.route']).toBe('/graphql');
    expect(http!.attributes['http.response.status_code']).toBe(200);
    const traceId = http!.spanContext().traceId;
    const resolver = spans.find((s) => s.name === 'graphql Mutation.createGuestCart');
    expect(resolver).toBeDefined();
    expect(resolver!.spanContext().traceId).toBe(traceId);
    expect(resolver!.parentSpanContext?.spanId).toBe(http!.spanContext().spanId);
    const resolverId = resolver!.spanContext().spanId;
    const sql = spans.filter((s) => s.name.startsWith('db ') && s.parentSpanContext?.spanId === resolverId);
    expect(sql.map((s) => s.name)).toContain('db INSERT');
    for (const s of sql) {
      expect(s.spanContext().traceId).toBe(traceId);
      expect(s.attributes['db.system.name']).toBe('postgresql');
      expect(String(s.attributes['db.query.text'])).toMatch(/^(SELECT|INSERT|UPDATE|DELETE|WITH|BEGIN|COMMIT)/i);
    }
    // The new cart's id was a parameter of its INSERT: no span holds it.
    const all = JSON.stringify(spans.map((s: ReadableSpan) => ({ name: s.name, attributes: s.attributes, events: s.events })));
    expect(all).not.toContain(cartId);
  });

  it('continues the trace a caller sends (W3C traceparent) and names a REST span by its route pattern', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const uuid = '0b7f5c9e-1d2a-4e3b-9c8d-7a6b5c4d3e2f';
    await fetch(`${server.url}/account/users/${uuid}/profile`, { headers: { store: 'gb', traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    const http = exporter.getFinishedSpans().find((s) => s.attributes['http.route'] === '/account/users/:uuid/profile');
    expect(http?.name).toBe('GET /account/users/:uuid/profile');
    expect(http!.spanContext().traceId).toBe(traceId);
    expect(JSON.stringify(http!.attributes)).not.toContain(uuid);
  });

  it('reports a GraphQL fault with its document, scrubbed variables and error codes', async () => {
    const cart = server.app.services.cart;
    const access = cart.access.bind(cart);
    cart.access = () => Promise.reject(new Error('cart lookup failed for jane.doe@example.com'));
    try {
      const response = await graphql(`${CART_QUERY} # jane.doe@example.com`, { cart_id: CART_ID, email: 'jane.doe@example.com', password: 'hunter2-secret' });
      const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
      expect(body.errors[0]!.extensions.code).toBe('INTERNAL');
    } finally {
      cart.access = access;
    }
    const reported = lines.filter((l) => l.msg === 'error reported');
    expect(reported).toHaveLength(1);
    const report = reported[0]!.report as { source: string; route: string; requestId: string; graphql: { document: string; variables: Record<string, unknown>; codes: string[]; operationName?: string } };
    expect(report.source).toBe('graphql');
    expect(report.route).toBe('/graphql');
    expect(report.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(report.graphql.codes).toEqual(['INTERNAL']);
    expect(report.graphql.document).toContain('query Probe($cart_id: String!) { cart(cart_id: $cart_id) { id } }');
    expect(report.graphql.variables).toEqual({ cart_id: '[token]', email: '[redacted]', password: '[redacted]' });
    expect((reported[0]!.reported as { message: string }).message).toBe('cart lookup failed for [email]');
    const text = JSON.stringify(reported);
    for (const secret of ['jane.doe@example.com', 'hunter2-secret', CART_ID]) expect(text).not.toContain(secret);
  });

  it('reports a REST route’s fault under its route pattern, without the URL’s values', async () => {
    const location = server.app.services.location;
    const country = location.country.bind(location);
    location.country = () => Promise.reject(new Error('lookup failed for +44 7700 900123'));
    try {
      const response = await fetch(`${server.url}/api/location/countries/GB`, { headers: { store: 'gb' } });
      expect(response.status).toBe(500);
    } finally {
      location.country = country;
    }
    const reported = lines.filter((l) => l.msg === 'error reported');
    expect(reported).toHaveLength(1);
    expect(reported[0]!.report).toMatchObject({ source: 'http', route: '/api/location/countries/:code', method: 'GET' });
    expect((reported[0]!.reported as { message: string }).message).toBe('lookup failed for [phone]');
  });

  it('does not report what the customer got wrong', async () => {
    const response = await graphql(CART_QUERY, { cart_id: CART_ID });
    const body = (await response.json()) as { errors?: { extensions: { code: string } }[] };
    expect(body.errors?.[0]?.extensions.code).not.toBe('INTERNAL');
    expect(lines.filter((l) => l.msg === 'error reported')).toEqual([]);
  });
});
