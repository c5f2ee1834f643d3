import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { documentText, gql, newJar, restCall, suiteJar, type TypedDocumentLike } from './client.js';

/** A loopback server that records each request and answers JSON, setting a cart cookie when asked. */
let server: Server;
let url = '';
const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.includes('set-cookie') || body.includes('createEmptyCart')) res.setHeader('set-cookie', 'ember_cart_key=fresh-key; Path=/; HttpOnly; SameSite=Lax');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { createEmptyCart: 'cart-1', echo: body } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const last = () => seen[seen.length - 1]!;

describe('the test GraphQL client', () => {
  it('posts the document and variables as JSON with the store, bearer token and an Idempotency-Key', async () => {
    const r = await gql({ url }, 'mutation ($c: String!) { placeOrder(input: {cart_id: $c}) { order { order_number } } }', { c: 'abc' }, { store: 'de', token: 't0k', idempotencyKey: 'key-1' });
    expect(r.status).toBe(200);
    expect(last().method).toBe('POST');
    expect(last().headers).toMatchObject({ store: 'de', authorization: 'Bearer t0k', 'idempotency-key': 'key-1', 'content-type': 'application/json' });
    expect(JSON.parse(last().body)).toEqual({ query: expect.stringContaining('placeOrder'), variables: { c: 'abc' } });
  });

  it('sends a GET with the document and variables in the URL and no body', async () => {
    await gql(url, '{ storeConfig { store_code } }', { a: 1 }, { method: 'GET' });
    const sent = new URL(last().url, url);
    expect(last().method).toBe('GET');
    expect(sent.searchParams.get('query')).toBe('{ storeConfig { store_code } }');
    expect(JSON.parse(sent.searchParams.get('variables')!)).toEqual({ a: 1 });
    expect(last().headers.store).toBeUndefined();
  });

  it('keeps the guest cart cookie an answer sets in the jar and sends it back', async () => {
    const jar = {};
    await gql(url, 'mutation { createEmptyCart }', {}, { jar });
    expect(jar).toEqual({ cookie: 'ember_cart_key=fresh-key' });
    await gql(url, '{ cart(cart_id: "cart-1") { id } }', {}, { jar });
    expect(last().headers.cookie).toBe('ember_cart_key=fresh-key');
    await gql(url, '{ cart(cart_id: "cart-1") { id } }', {}, { jar: null });
    expect(last().headers.cookie).toBeUndefined();
  });

  it('gives every server one shared jar holding a well-formed credential, and fresh jars of their own', () => {
    expect(suiteJar({ url })).toBe(suiteJar(`${url}/`));
    expect(suiteJar(url).cookie).toMatch(/^ember_cart_key=[A-Za-z0-9_-]{43}$/);
    expect(newJar().cookie).not.toBe(newJar().cookie);
  });

  it('names the own origin with a session cookie, and a fresh Idempotency-Key when asked for one', async () => {
    await restCall(url, 'POST', '/account/x', { a: 1 }, { cookie: 'ember_session=s1', idempotencyKey: true });
    expect(last().headers).toMatchObject({ cookie: 'ember_session=s1', origin: url, 'content-type': 'application/json' });
    expect(last().headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await restCall(url, 'POST', '/account/x', { a: 1 }, { cookie: 'ember_session=s1', origin: false });
    expect(last().headers.origin).toBeUndefined();
    await restCall(url, 'GET', '/account/x');
    expect(last().headers).not.toHaveProperty('content-type');
    expect(last().headers).not.toHaveProperty('origin');
  });
});

describe('GraphQL documents', () => {
  it('sends a parsed document as its source, and a typed document types the answer', async () => {
    const doc = parse('query Shop { storeConfig { store_code } }') as ReturnType<typeof parse> & TypedDocumentLike<{ storeConfig: { store_code: string } }, Record<string, never>>;
    expect(documentText(doc)).toBe('query Shop { storeConfig { store_code } }');
    const r = await gql(url, doc, {});
    // A compile-time check as much as a run-time one: `data` is typed by the document.
    const echoed: { storeConfig: { store_code: string } } | undefined = r.body.data;
    expect(echoed).toBeDefined();
    expect(JSON.parse(last().body).query).toBe('query Shop { storeConfig { store_code } }');
  });

  it('prints a document that carries no source, and reads a string-like typed document', () => {
    const { loc: _loc, ...bare } = parse('{ a }');
    expect(documentText(bare as ReturnType<typeof parse>).replace(/\s+/g, ' ')).toBe('{ a }');
    class TypedString extends String implements TypedDocumentLike<{ a: number }> {
      __resultType?: { a: number };
    }
    expect(documentText(new TypedString('{ a }'))).toBe('{ a }');
  });
});
