import { createProduct, gql } from '@ember/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('ProductInterface.product_type', () => {
  it("answers the spec's product type beside __typename and type_id", async () => {
    const simple = await createProduct(server.app.db, { stock: 5 });
    const virtual = await createProduct(server.app.db, { stock: 5, type: 'virtual' });
    const res = await gql(server, 'query ($s: [String]) { products(filter: {sku: {in: $s}}) { items { sku __typename type_id product_type } } }', { s: [simple.sku, virtual.sku] }, { store: 'gb' });
    expect(res.body.errors).toBeUndefined();
    const bySku = Object.fromEntries(res.body.data.products.items.map((p: any) => [p.sku, p]));
    expect(bySku[simple.sku]).toMatchObject({ __typename: 'SimpleProduct', type_id: 'simple', product_type: 'SIMPLE' });
    expect(bySku[virtual.sku]).toMatchObject({ __typename: 'VirtualProduct', type_id: 'virtual', product_type: 'VIRTUAL' });
  });

  it('lists all six product types of the spec in ProductTypeEnum', async () => {
    const sdl = (await import('node:fs')).readFileSync(new URL('../../graphql/schema.graphql', import.meta.url), 'utf8');
    const values = /enum ProductTypeEnum \{([^}]*)\}/.exec(sdl)![1]!.split(/\s+/).filter((v) => /^[A-Z]+$/.test(v));
    expect(values.sort()).toEqual(['BUNDLE', 'CONFIGURABLE', 'DOWNLOADABLE', 'GROUPED', 'SIMPLE', 'VIRTUAL']);
  });
});
