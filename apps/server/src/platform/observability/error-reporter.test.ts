import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogReporter, createSentryReporter, graphqlFailure, type ErrorReporter } from './error-reporter.js';

/** A stand-in for Sentry's ingestion endpoint on loopback: keeps every envelope it is sent. */
function fakeIngestion(): Promise<{ server: Server; port: number; envelopes: { path: string; items: unknown[] }[] }> {
  const envelopes: { path: string; items: unknown[] }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const items = body.toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown);
      envelopes.push({ path: req.url ?? '', items });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, envelopes })));
}

const NASTY_VARIABLES = {
  email: 'jane.doe@example.com',
  password: 'Hunter2!secret',
  input: {
    firstname: 'Jane',
    lastname: 'Doe',
    telephone: '+44 7700 900123',
    street: ['1 Ember Lane'],
    postcode: 'SW1A 1AA',
    date_of_birth: '1985-06-15',
    comment: 'call me on 07700 900456 or mail jane@example.org, card 4111 1111 1111 1111',
  },
  cart_id: 'c8KyV3n2Jq9Zb4Xw7Lm1Pr6Ts0Ud5Ye2',
  sku: 'ember-one',
  quantity: 2,
};

const PERSONAL = ['jane.doe@example.com', 'Hunter2', 'Jane', 'Doe', '7700 900123', '1 Ember Lane', 'SW1A', '1985-06-15', '900456', 'jane@example.org', '4111 1111', 'c8KyV3n2Jq9Zb4Xw7Lm1Pr6Ts0Ud5Ye2', 'secret-literal'];

describe('the Sentry reporter (the real SDK against a local ingestion endpoint)', () => {
  let ingestion: Awaited<ReturnType<typeof fakeIngestion>>;
  let reporter: ErrorReporter;
  beforeAll(async () => {
    ingestion = await fakeIngestion();
    reporter = await createSentryReporter({ dsn: `http://publickey@127.0.0.1:${ingestion.port}/1`, environment: 'test', release: 'ember@test' });
  });
  afterAll(async () => {
    await reporter?.close();
    ingestion?.server.close();
  });

  it('sends a GraphQL failure with its document, scrubbed variables and error codes, and no personal data', async () => {
    const document = 'mutation Sign { generateCustomerToken(email: "jane.doe@example.com", password: "secret-literal") { token } }';
    const error = new Error('duplicate key value violates unique constraint: (email)=(jane.doe@example.com)');
    reporter.report(error, { source: 'graphql', requestId: 'req-1', route: '/graphql', method: 'POST', graphql: graphqlFailure(document, NASTY_VARIABLES, ['INTERNAL', 'INTERNAL'], 'Sign') });
    expect(await reporter.flush(5000)).toBe(true);
    expect(ingestion.envelopes).toHaveLength(1);
    const envelope = ingestion.envelopes[0]!;
    expect(envelope.path.split('?')[0]).toBe('/api/1/envelope/');
    const event = envelope.items.find((i) => (i as { exception?: unknown }).exception) as {
      exception: { values: { type: string; value: string }[] };
      contexts: { graphql: { document: string; variables: Record<string, unknown>; codes: string[]; operationName: string } };
      tags: Record<string, string>;
      user?: unknown;
      environment: string;
    };
    expect(event.environment).toBe('test');
    expect(event.exception.values[0]!.type).toBe('Error');
    expect(event.exception.values[0]!.value).toContain('(email)=([email])');
    expect(event.contexts.graphql.document).toBe('mutation Sign { generateCustomerToken(email: "[redacted]", password: "[redacted]") { token } }');
    expect(event.contexts.graphql.codes).toEqual(['INTERNAL']);
    expect(event.contexts.graphql.operationName).toBe('Sign');
    expect(event.contexts.graphql.variables).toMatchObject({ email: '[redacted]', password: '[redacted]', sku: 'ember-one', quantity: 2, cart_id: '[token]' });
    expect(event.tags).toMatchObject({ source: 'graphql', route: '/graphql', request_id: 'req-1', 'graphql.codes': 'INTERNAL' });
    expect(event.user).toBeUndefined();
    const text = JSON.stringify(envelope.items);
    for (const value of PERSONAL) expect(text, value).not.toContain(value);
  });
});

describe('the log reporter (no DSN)', () => {
  it('writes one error line with the same scrubbed document, variables and codes', () => {
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const reporter = createLogReporter({ error: (obj, msg) => lines.push({ obj: obj as Record<string, unknown>, msg }) });
    reporter.report(new Error('lookup failed for jane.doe@example.com'), {
      source: 'graphql',
      graphql: graphqlFailure('{ customer(email: "jane.doe@example.com") { id } }', NASTY_VARIABLES, ['INTERNAL']),
      extra: { token: 'abc', note: 'phone +49 30 1234 5678' },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toBe('error reported');
    const report = lines[0]!.obj.report as { graphql: { document: string; variables: Record<string, unknown>; codes: string[] }; extra: Record<string, unknown> };
    expect(report.graphql.codes).toEqual(['INTERNAL']);
    expect(report.graphql.document).toBe('{ customer(email: "[redacted]") { id } }');
    expect(report.graphql.variables.quantity).toBe(2);
    expect(report.extra).toEqual({ token: '[redacted]', note: 'phone [phone]' });
    expect((lines[0]!.obj.reported as { message: string }).message).toBe('lookup failed for [email]');
    const text = JSON.stringify(lines);
    for (const value of PERSONAL) expect(text, value).not.toContain(value);
  });
});
