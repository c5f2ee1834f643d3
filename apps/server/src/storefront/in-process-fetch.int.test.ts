import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig, testDb } from '../test/test-app.js';
import { inProcessFetch } from './storefront.plugin.js';

let app: FastifyInstance;
let selfFetch: typeof fetch;

beforeAll(async () => {
  app = await buildApp({ config: testConfig(), db: await testDb(), logger: false });
  await app.ready();
  selfFetch = inProcessFetch(app);
});

afterAll(async () => {
  await app.close();
});

describe('the server-side loaders\' fetch, answered in process', () => {
  it('answers a GraphQL GET and POST as the API does over the network, headers included', async () => {
    const query = '{ storeConfig { store_code } }';
    const get = await selfFetch(`http://127.0.0.1:1/graphql?query=${encodeURIComponent(query)}`, { headers: { store: 'de' } });
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toContain('application/json');
    expect(get.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await get.json()).toEqual({ data: { storeConfig: { store_code: 'de' } } });
    const post = await selfFetch('http://127.0.0.1:1/graphql', {
      method: 'POST', headers: { 'content-type': 'application/json', store: 'ch' }, body: JSON.stringify({ query }),
    });
    expect(await post.json()).toEqual({ data: { storeConfig: { store_code: 'ch' } } });
  });

  it('passes refusals through with their status, and an answer without a body as empty', async () => {
    const missing = await selfFetch('http://127.0.0.1:1/api/no-such-route');
    expect(missing.status).toBe(404);
    const head = await selfFetch('http://127.0.0.1:1/readyz', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('gives up as fetch does when the caller\'s signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gave up'));
    await expect(selfFetch('http://127.0.0.1:1/readyz', { signal: controller.signal })).rejects.toThrow('gave up');
  });
});
