import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { SCHEMA_PATH } from '../graphql/graphql.plugin.js';
import { restCall, startTestServer, type TestServer } from '../test/test-app.js';

/**
 * Sends a seeded stream of hostile requests to every REST operation of the OpenAPI document and to
 * every root field of the GraphQL schema: wrong types, huge and control-character strings, deep
 * JSON, bad encodings, wrong content types and methods. No answer may be a 5xx (nor a GraphQL
 * INTERNAL error inside a 200), and the server must still be ready afterwards. The same seed sends
 * the same requests, so a failure names a request that reproduces.
 */

// FUZZ_SEED=<n> sends another stream, to look for more; the suite always runs the fixed one.
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_424);
const CASES_PER_OPERATION = 8;
const CASES_PER_FIELD = 3;
const ADMIN_TOKEN = 'fuzz-operator-token-0123456789abcdef0123';

/** mulberry32: small, seeded, good enough to pick cases. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, pick: <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof rng>;

const NASTY_STRINGS = [
  '', ' ', 'a'.repeat(20_000), '\u0000', 'ab\u0000cd', '\u0001\u0002\u001b[31m\u007f', '\ud800', '💥'.repeat(500), "'; DROP TABLE x; --", '%', '_%_',
  '\\', '../../etc/passwd', '<script>alert(1)</script>', 'null', '1e309', '-0', 'NaN', '  padded  ', 'ÄÖÜß', '\r\n\r\nX-Injected: 1', '{{7*7}}', '0x7fffffff',
];
const NASTY_VALUES: unknown[] = [null, true, false, 0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1.5, 1e308, [], {}, [null], { __proto__: { polluted: 1 } }, { constructor: { prototype: { x: 1 } } }, ['a'.repeat(100)]];
const RAW_BODIES = ['{', '[]', 'null', '"text"', '123', '1e309', '{"a":1e309}', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, '{"__proto__":{"x":1}}', '\u0000', '\xff\xfe'];
const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/graphql', 'application/xml', 'application/json;', '*/*'];
const PATH_VALUES = ['abc', '-1', '0', '1e309', '%00', '%ff', '%2F', '..', '%2e%2e', 'a%20b', '%E2%82%AC', encodeURIComponent('💥'), 'x'.repeat(199), 'x'.repeat(201), '%25', 'null', '00000000-0000-0000-0000-000000000000'];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Operation {
  method: string;
  path: string;
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Fixture {
  uuid: string;
  token: string;
  cartId: string;
}

// None names a seeded product or order: the database is shared with other suites, and the fuzz must not move their stock.
const STRING_CANDIDATES = ['x', 'ABC123', 'gb', 'GB', '1', 'ZZ000000001', '+447911123456', 'no-such-page', 'NO-SUCH-SKU', 'abc-def'];

/** A value the schema accepts (as far as a sketch can tell), so hostile parts reach past validation. */
function validValue(schema: JsonSchema | undefined, fx: Fixture, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return validValue(alt.find((s) => s.type !== 'null') ?? alt[0], fx, depth + 1);
  if (schema.allOf?.length) return validValue(schema.allOf[0], fx, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => validValue(schema.items, fx, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = validValue(v, fx, depth + 1);
      return out;
    }
    default: {
      if (schema.format === 'uuid') return fx.uuid;
      if (schema.format === 'email') return `fuzz+${randomUUID().slice(0, 8)}@example.com`;
      if (schema.format === 'date') return '1990-01-01';
      if (schema.format === 'date-time') return new Date().toISOString();
      const min = schema.minLength ?? 0;
      const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
      const fit = STRING_CANDIDATES.find((c) => c.length >= min && (!pattern || pattern.test(c)));
      return fit ?? 'x'.repeat(Math.max(1, min));
    }
  }
}

/** The body with one value somewhere inside replaced by a hostile one. */
function spoil(value: unknown, r: Rng, depth = 0): unknown {
  const hostile = () => (r.chance(0.6) ? r.pick(NASTY_STRINGS) : r.pick(NASTY_VALUES));
  if (depth > 4 || value === null || typeof value !== 'object') return hostile();
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (!keys.length || r.chance(0.1)) return hostile();
  const key = r.pick(keys);
  (copy as Record<string, unknown>)[key] = spoil((copy as Record<string, unknown>)[key], r, depth + 1);
  if (r.chance(0.1)) (copy as Record<string, unknown>)[r.pick(['extra', '__proto__', 'constructor'])] = hostile();
  return copy;
}

interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Answer {
  status: number;
  text: string;
}

/** Over a raw socket, so malformed paths and any method go out as written. */
function send(base: string, probe: Probe): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    let req: ReturnType<typeof httpRequest>;
    try {
      req = httpRequest({ host: hostname, port, method: probe.method, path: probe.path, headers: probe.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      });
    } catch (err) {
      // Node refuses to send it (a control character in a header): no client can, so nothing to check.
      resolve({ status: -1, text: String(err) });
      return;
    }
    req.on('error', (err) => resolve({ status: 0, text: String(err) }));
    req.setTimeout(10_000, () => req.destroy(new Error('no answer in 10 s')));
    if (probe.body !== undefined) req.write(probe.body);
    req.end();
  });
}

/** Percent-encodes as a browser would, and a lone surrogate as the invalid UTF-8 bytes a careless client sends. */
function encode(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return v.split('').map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

function describeProbe(p: Probe, a: Answer): string {
  const body = p.body === undefined ? '' : ` body=${JSON.stringify(p.body.length > 300 ? `${p.body.slice(0, 300)}… (${p.body.length} chars)` : p.body)}`;
  return `${p.method} ${p.path.length > 300 ? `${p.path.slice(0, 300)}…` : p.path} headers=${JSON.stringify(p.headers)}${body} → ${a.status} ${a.text.slice(0, 400)}`;
}

/** A GraphQL answer hiding a server error inside a 200 counts as a 5xx. */
function isServerFailure(a: Answer): boolean {
  if (a.status === -1) return false;
  if (a.status >= 500 || a.status === 0) return true;
  return /"code":"(INTERNAL|SERVICE_UNAVAILABLE)"/.test(a.text);
}

function restProbes(operations: Operation[], fx: Fixture, r: Rng): Probe[] {
  const probes: Probe[] = [];
  for (const op of operations) {
    for (let i = 0; i < CASES_PER_OPERATION; i++) {
      const headers: Record<string, string> = { store: r.chance(0.85) ? 'gb' : r.pick(['de', 'xx', '', 'a'.repeat(300), 'gb\u0001']) };
      const token = op.path.startsWith('/admin') ? ADMIN_TOKEN : fx.token;
      if (r.chance(0.8)) headers.authorization = `Bearer ${token}`;
      // Path: mostly the customer's own ids, sometimes a hostile segment; operator paths only ever
      // name what does not exist, so no seeded order or stock another suite reads is changed.
      const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        if (!op.path.startsWith('/admin') && r.chance(0.5)) return /uuid|user/i.test(name) ? fx.uuid : encodeURIComponent(String(validValue(op.parameters?.find((p) => p.name === name)?.schema, fx)));
        return r.pick(PATH_VALUES);
      });
      const query = (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => {
          const v = r.chance(0.5) ? String(validValue(p.schema, fx)) : r.pick(NASTY_STRINGS);
          return `${encodeURIComponent(p.name)}=${encode(v.slice(0, 4000))}`;
        });
      if (r.chance(0.2)) query.push(r.pick(['a=%00', 'x=%ff', 'page=1&page=2', '__proto__[x]=1', `q=${'y'.repeat(5000)}`, 'perPage=-1', 'page=1e309']));
      let method = op.method.toUpperCase();
      if (r.chance(0.12)) method = r.pick(METHODS);
      const probe: Probe = { method, path: query.length ? `${path}?${query.join('&')}` : path, headers };
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      if (bodySchema && method !== 'GET' && method !== 'HEAD') {
        const roll = r.next();
        if (roll < 0.6) {
          probe.body = JSON.stringify(spoil(validValue(bodySchema, fx), r));
          headers['content-type'] = 'application/json';
        } else if (roll < 0.8) {
          probe.body = r.pick(RAW_BODIES);
          headers['content-type'] = 'application/json';
        } else {
          probe.body = JSON.stringify(validValue(bodySchema, fx));
          const type = r.pick(CONTENT_TYPES);
          if (r.chance(0.85)) headers['content-type'] = type;
        }
      }
      probes.push(probe);
    }
  }
  return probes;
}

/** A variable value of the declared type, with hostile content where the type allows any. */
function graphqlValue(type: GraphQLInputType, fx: Fixture, r: Rng, depth = 0): unknown {
  if (isNonNullType(type)) return graphqlValue(type.ofType, fx, r, depth);
  if (isListType(type)) return r.chance(0.1) ? Array.from({ length: 400 }, () => graphqlValue(type.ofType, fx, r, depth + 1)) : [graphqlValue(type.ofType, fx, r, depth + 1)];
  if (isEnumType(type)) return r.pick(type.getValues()).value;
  if (isInputObjectType(type)) {
    if (depth > 4) return {};
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) if (isNonNullType(f.type) || r.chance(0.6)) out[f.name] = graphqlValue(f.type, fx, r, depth + 1);
    return out;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
        return r.pick([0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 300, 10_000]);
      case 'Float':
        return r.pick([0, -0.5, 1e308, -1e308, 3.14, 1e-320]);
      case 'Boolean':
        return r.chance(0.5);
      default:
        return r.chance(0.3) ? r.pick([fx.cartId, fx.uuid, 'MTIz', 'gb']) : r.pick(NASTY_STRINGS);
    }
  }
  return null;
}

function graphqlProbes(schema: GraphQLSchema, fx: Fixture, r: Rng): Probe[] {
  const probes: Probe[] = [];
  const roots = [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const;
  for (const [kind, root] of roots) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const named = getNamedType(field.type);
      const selection = isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
      const decl = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
      const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
      const document = `${kind}${decl ? ` (${decl})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
      for (let i = 0; i < CASES_PER_FIELD; i++) {
        const variables: Record<string, unknown> = {};
        for (const a of field.args) if (isNonNullType(a.type) || r.chance(0.7)) variables[a.name] = graphqlValue(a.type, fx, r);
        const headers: Record<string, string> = { store: r.pick(['gb', 'gb', 'de', 'ch', 'gb_trial']), 'content-type': 'application/json' };
        if (r.chance(0.6)) headers.authorization = `Bearer ${fx.token}`;
        const overGet = kind === 'query' && r.chance(0.3);
        if (overGet) {
          const qs = `query=${encodeURIComponent(document)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
          delete headers['content-type'];
          probes.push({ method: 'GET', path: `/graphql?${qs}`.slice(0, 60_000), headers });
        } else {
          probes.push({ method: 'POST', path: '/graphql', headers, body: JSON.stringify({ query: document, variables }) });
        }
      }
    }
  }
  // Hostile envelopes.
  for (const [body, type] of [
    ['{"query":123}', 'application/json'], ['{"query":null}', 'application/json'], ['{"query":["{ storeConfig { code } }"]}', 'application/json'],
    ['{"query":"{ storeConfig { code } }"}', 'application/graphql'], ['{"kind":"Document","definitions":[{}]}', 'application/graphql'], ['123', 'application/graphql'],
    ['{"query":"{ storeConfig { code } }","variables":"x"}', 'application/json'], ['{"query":"{ storeConfig { code } }","operationName":{}}', 'application/json'],
    ['{"query":"{ storeConfig { code } }","extensions":[1]}', 'application/json'], [`{"query":"${'{ a '.repeat(3000)}"}`, 'application/json'],
    ['{"query":"query { storeConfig { code } } mutation { createEmptyCart }"}', 'application/json'], ['{"query":"fragment F on Query { ...F } { ...F }"}', 'application/json'],
  ] as const) {
    probes.push({ method: 'POST', path: '/graphql', headers: { 'content-type': type, store: 'gb' }, body });
  }
  for (const qs of ['query=mutation%7BcreateEmptyCart%7D', 'query=%7B', 'query=1', 'query=a&query=b', 'query=%7BstoreConfig%7Bcode%7D%7D&variables=%7B', 'query=%7BstoreConfig%7Bcode%7D%7D&variables=1', 'query=%ff', 'variables=%7B%7D']) {
    probes.push({ method: 'GET', path: `/graphql?${qs}`, headers: { store: 'gb' } });
  }
  return probes;
}

let server: TestServer;
let fx: Fixture;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_TOKEN });
  const email = `fuzz+${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Ember-Fuzz-2026';
  const reg = await restCall(server, 'POST', '/account/users/register', {
    terms_accepted: true, firstname: 'Fuzz', lastname: 'Tester', date_of_birth: '1990-04-12', phone: '07911 123456',
    strategy: 'email_password', strategy_data: { identifier: email, password },
  }, { store: 'gb' });
  const login = await restCall(server, 'POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password } });
  const cart = await restCall(server, 'POST', '/graphql', { query: 'mutation { createEmptyCart }' }, { store: 'gb' });
  fx = { uuid: reg.body.user_uuid, token: login.body.token, cartId: cart.body.data.createEmptyCart };
});
afterAll(async () => {
  await server?.close();
});

describe('the edge under hostile input', () => {
  it('answers every hostile request to every REST operation and GraphQL field without a 5xx, and stays ready', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
    const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ ...op, method, path })));
    expect(operations.length).toBeGreaterThan(100);
    const r = rng(SEED);
    const probes = [...restProbes(operations, fx, r), ...graphqlProbes(buildSchema(readFileSync(SCHEMA_PATH, 'utf8')), fx, r)];
    const failures: string[] = [];
    for (const probe of probes) {
      const answer = await send(server.url, probe);
      if (isServerFailure(answer)) failures.push(describeProbe(probe, answer));
    }
    expect(failures.length, `${failures.length} of ${probes.length} requests failed on the server (seed ${SEED}); the first:\n${failures[0]}`).toBe(0);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
  }, 120_000);
});
