import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { createOperator, createProduct, gqlData, restCall, type TestOperator } from '@ember/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.js';
import { serveForSuite, type TestServer } from '../../test/test-app.js';

const TOKEN = 'catalogue-editor-token-0123456789abcdef';
let server: TestServer;
let db: Db;
serveForSuite((s, d) => {
  server = s;
  db = d;
}, { ADMIN_TOKEN: TOKEN });

let marketing: TestOperator;
let support: TestOperator;
let owner: TestOperator;
beforeAll(async () => {
  [marketing, support, owner] = await Promise.all([createOperator(server, TOKEN, 'marketing'), createOperator(server, TOKEN, 'support'), createOperator(server, TOKEN, 'owner')]);
});

const unique = () => randomBytes(4).toString('hex');

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A real PNG of one colour, small enough for any test. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Uploads raw bytes as the console does: the session cookie, the CSRF token, the shop's origin. */
async function upload(op: TestOperator | null, sku: string, bytes: Buffer, type = 'image/png', label?: string) {
  const headers: Record<string, string> = { 'content-type': type, origin: server.url };
  if (op) Object.assign(headers, { cookie: op.cookie, 'x-csrf-token': op.csrf });
  const res = await fetch(`${server.url}/admin/catalogue/editor/products/${sku}/images${label ? `?label=${encodeURIComponent(label)}` : ''}`, { method: 'POST', headers, body: bytes });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const texts = (name: string) => ({
  en: { name, short_description: 'Small and light.', description: 'First paragraph.\n\nSecond paragraph', meta_title: `${name} | Ember`, meta_description: 'A case.' },
  de: { name: `${name} DE`, short_description: 'Klein und leicht.' },
});

const productQuery = `query ($s: String!) { products(filter: { sku: { eq: $s } }) { items { sku name url_key small_image { url } media_gallery { url label } description { html } categories { url_key } } } }`;

describe('the console\'s product editor', () => {
  it('creates a simple product with texts per language and categories, and edits it; the storefront sees each change', async () => {
    const sku = `ED-${unique()}`.toUpperCase();
    const key = `editor-case-${unique()}`;
    const category = await marketing.call('POST', '/admin/catalogue/categories', { url_key: `cat-${unique()}`, parent_id: null, position: 5, is_active: true, include_in_menu: false, texts: { en: { name: 'Editor cases' }, de: { name: 'Etuis' } } });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    const created = await marketing.call('POST', '/admin/catalogue/editor/products', {
      sku, kind: 'accessory', url_key: key, is_active: true, is_visible: true, is_age_restricted: false, texts: texts('Editor Case'), category_ids: [category.body.id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ sku, type_id: 'simple', kind: 'accessory', url_key: key, category_ids: [category.body.id], images: [] });
    expect(created.body.texts.en).toMatchObject({ name: 'Editor Case', description: 'First paragraph.\n\nSecond paragraph' });
    expect(created.body.texts.de).toMatchObject({ name: 'Editor Case DE', description: null });

    // Sold once priced (the existing price page), in German with the German name.
    expect((await marketing.call('PUT', `/admin/catalogue/products/${sku}/prices/de`, { regular_minor: 1990 })).status).toBe(200);
    await expect.poll(async () => (await gqlData(server, productQuery, { s: sku }, { store: 'de' })).products.items[0]?.name, { timeout: 5000 }).toBe('Editor Case DE');
    const shown = (await gqlData(server, productQuery, { s: sku }, { store: 'de' })).products.items[0];
    expect(shown.categories.map((c: { url_key: string }) => c.url_key)).toContain(category.body.url_key);

    const edited = await marketing.call('PUT', `/admin/catalogue/editor/products/${sku}`, {
      url_key: `${key}-2`, is_active: true, is_visible: true, is_age_restricted: false, texts: { de: { name: 'Etui Neu', description: 'Zeile eins\nZeile zwei' }, en: { name: 'Editor Case' } }, category_ids: [],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ url_key: `${key}-2`, category_ids: [] });
    await expect.poll(async () => (await gqlData(server, productQuery, { s: sku }, { store: 'de' })).products.items[0]?.name, { timeout: 5000 }).toBe('Etui Neu');
    const de = (await gqlData(server, productQuery, { s: sku }, { store: 'de' })).products.items[0];
    expect(de.url_key).toBe(`${key}-2`);
    expect(de.description.html).toBe('<p>Zeile eins<br>Zeile zwei</p>');

    // Disabled: gone from the storefront.
    const disabled = await marketing.call('PUT', `/admin/catalogue/editor/products/${sku}`, { ...edited.body, languages: undefined, sku: undefined, type_id: undefined, kind: undefined, images: undefined, is_active: false });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    await expect.poll(async () => (await gqlData(server, productQuery, { s: sku }, { store: 'de' })).products.items.length, { timeout: 5000 }).toBe(0);

    const audit = await owner.call('GET', `/admin/audit?entity_type=product&entity_id=${sku}`);
    expect(audit.body.items.map((e: { action: string }) => e.action)).toEqual(['product.update', 'product.update', 'price.set', 'product.create']);
    expect(audit.body.items[1]).toMatchObject({ actor_label: marketing.email, before: { url_key: key }, after: { url_key: `${key}-2` } });
    expect(audit.body.items[3].after).toMatchObject({ sku, kind: 'accessory' });
  });

  it('refuses a taken SKU or URL key (409), bad input (400), unknown products (404), and writes from support (403) or a customer (401)', async () => {
    const existing = await createProduct(db, { stores: ['gb'], price: 900 });
    const body = { sku: `ED-${unique()}`, kind: 'accessory', url_key: `editor-${unique()}`, is_active: false, is_visible: true, is_age_restricted: true, texts: { en: { name: 'Twice' } } };
    const taken = await marketing.call('POST', '/admin/catalogue/editor/products', { ...body, sku: existing.sku });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'ALREADY_EXISTS', details: { fields: { sku: 'taken' } } });
    const existingKey = (await marketing.call('GET', `/admin/catalogue/editor/products/${existing.sku}`)).body.url_key as string;
    const urlTaken = await marketing.call('POST', '/admin/catalogue/editor/products', { ...body, url_key: existingKey });
    expect(urlTaken.status).toBe(409);
    expect(urlTaken.body.error.details).toEqual({ fields: { url_key: 'taken' } });
    for (const bad of [
      { ...body, kind: 'bundle' }, { ...body, url_key: 'Not A Key' }, { ...body, texts: { de: { name: 'Nur Deutsch' } } }, { ...body, texts: { en: { name: '<script>' } } },
      { ...body, texts: { en: { name: 'x' }, xx: { name: 'y' } } }, { ...body, category_ids: [2_000_000_000] }, { ...body, surprise: 1 },
    ]) {
      const r = await marketing.call('POST', '/admin/catalogue/editor/products', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await marketing.call('GET', '/admin/catalogue/editor/products/NO-SUCH-SKU')).status).toBe(404);
    expect((await marketing.call('PUT', '/admin/catalogue/editor/products/NO-SUCH-SKU', { url_key: 'x', is_active: true, is_visible: true, is_age_restricted: true, texts: { en: { name: 'x' } } })).status).toBe(404);
    expect((await support.call('POST', '/admin/catalogue/editor/products', body)).status).toBe(403);
    expect((await support.call('GET', `/admin/catalogue/editor/products/${existing.sku}`)).status).toBe(200);
    expect((await support.call('POST', '/admin/catalogue/categories', { url_key: `c-${unique()}`, parent_id: null, position: 0, is_active: true, include_in_menu: false, texts: { en: { name: 'No' } } })).status).toBe(403);
    expect((await restCall(server, 'POST', '/admin/catalogue/editor/products', body, { token: 'a-customer-token-0123456789' })).status).toBe(401);
    expect((await restCall(server, 'GET', '/admin/catalogue/categories')).status).toBe(401);
  });
});

describe('the console\'s categories', () => {
  it('lists the tree, creates, moves and renames a category, refuses loops and taken keys, and assigns products in order', async () => {
    const make = async (parent: number | null, name: string) => {
      const r = await marketing.call('POST', '/admin/catalogue/categories', { url_key: `tree-${unique()}`, parent_id: parent, position: 1, is_active: true, include_in_menu: false, texts: { en: { name }, de: { name: `${name} (de)`, description: 'Absatz eins\n\nAbsatz zwei' } } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body as { id: number; url_key: string; depth: number };
    };
    const top = await make(null, 'Top');
    const child = await make(top.id, 'Child');
    const grandchild = await make(child.id, 'Grandchild');
    expect(grandchild.depth).toBe(2);
    const tree = (await support.call('GET', '/admin/catalogue/categories')).body.items as { id: number; depth: number }[];
    const at = (id: number) => tree.findIndex((c) => c.id === id);
    expect(at(top.id)).toBeLessThan(at(child.id));
    expect(at(child.id)).toBeLessThan(at(grandchild.id));

    const detail = await support.call('GET', `/admin/catalogue/categories/${child.id}`);
    expect(detail.body.texts.de).toEqual({ name: 'Child (de)', description: 'Absatz eins\n\nAbsatz zwei' });
    const base = { url_key: child.url_key, parent_id: top.id, position: 1, is_active: true, include_in_menu: false, texts: { en: { name: 'Child' } } };
    // Under its own child, or itself: a loop.
    const loop = await marketing.call('PUT', `/admin/catalogue/categories/${top.id}`, { ...base, url_key: top.url_key, parent_id: grandchild.id });
    expect(loop.status).toBe(409);
    expect(loop.body.error.details).toEqual({ fields: { parent_id: 'cycle' } });
    expect((await marketing.call('PUT', `/admin/catalogue/categories/${top.id}`, { ...base, url_key: top.url_key, parent_id: top.id })).status).toBe(409);
    // The database refuses a loop whoever writes it.
    await expect(db.query(`UPDATE catalog_category SET parent_id = $1 WHERE id = $2`, [grandchild.id, top.id])).rejects.toThrow(/own ancestor/);
    await expect(db.query(`UPDATE catalog_category SET parent_id = id WHERE id = $1`, [top.id])).rejects.toThrow();
    expect((await marketing.call('PUT', `/admin/catalogue/categories/${child.id}`, { ...base, url_key: top.url_key })).status).toBe(409);
    expect((await marketing.call('POST', '/admin/catalogue/categories', { ...base, url_key: top.url_key })).status).toBe(409);
    expect((await marketing.call('PUT', `/admin/catalogue/categories/${child.id}`, { ...base, parent_id: 2_000_000_000 })).status).toBe(400);
    expect((await marketing.call('PUT', '/admin/catalogue/categories/2000000000', base)).status).toBe(404);

    const moved = await marketing.call('PUT', `/admin/catalogue/categories/${grandchild.id}`, { ...base, url_key: grandchild.url_key, parent_id: null, texts: { en: { name: 'Now on top' } } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ parent_id: null, depth: 0, name: 'Now on top' });

    const [a, b] = await Promise.all([createProduct(db, { stores: ['gb'], price: 500 }), createProduct(db, { stores: ['gb'], price: 600 })]);
    const assigned = await marketing.call('PUT', `/admin/catalogue/categories/${child.id}/products`, { skus: [b.sku, a.sku] });
    expect(assigned.status).toBe(200);
    expect(assigned.body.products.map((p: { sku: string }) => p.sku)).toEqual([b.sku, a.sku]);
    expect(assigned.body.product_count).toBe(2);
    expect((await marketing.call('PUT', `/admin/catalogue/categories/${child.id}/products`, { skus: ['NO-SUCH-SKU'] })).status).toBe(404);
    const listed = await gqlData(server, `query ($s: String!) { products(filter: { sku: { eq: $s } }) { items { categories { url_key } } } }`, { s: a.sku }, { store: 'gb' });
    expect(listed.products.items[0].categories.map((c: { url_key: string }) => c.url_key)).toContain(child.url_key);

    const audit = await owner.call('GET', `/admin/audit?entity_type=category&entity_id=${child.id}`);
    expect(audit.body.items.map((e: { action: string }) => e.action)).toEqual(['category.products', 'category.create']);
    expect(audit.body.items[0]).toMatchObject({ before: { products: [] }, after: { products: [b.sku, a.sku] } });
  });
});

describe('product images', () => {
  it('uploads a PNG served at a stable address with long cache headers, shown by the storefront; sets its label, main image, disables and removes it', async () => {
    const p = await createProduct(db, { stores: ['gb'], price: 1200 });
    const image = png(3, 2, [Math.floor(Math.random() * 255), 40, 90]);
    const up = await upload(marketing, p.sku, image, 'application/octet-stream', 'A red case');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const images = up.body!.images as { id: number; url: string; label: string; is_main: boolean }[];
    const added = images[images.length - 1]!;
    expect(added).toMatchObject({ label: 'A red case', url: expect.stringMatching(/^\/media\/uploads\/[0-9a-f]{64}\.png$/) });

    const served = await fetch(`${server.url}${added.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    expect((await fetch(`${server.url}${added.url}`, { headers: { 'if-none-match': served.headers.get('etag')! } })).status).toBe(304);
    expect((await fetch(`${server.url}${added.url.replace('.png', '.webp')}`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/uploads/${'0'.repeat(64)}.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/uploads/..%2Fsecret.png`)).status).toBeLessThan(500);

    // The main image, the storefront's picture.
    const main = await marketing.call('PATCH', `/admin/catalogue/editor/products/${p.sku}/images/${added.id}`, { is_main: true, label: 'Case, front', position: 0 });
    expect(main.status, JSON.stringify(main.body)).toBe(200);
    expect(main.body.images.filter((i: { is_main: boolean }) => i.is_main).map((i: { id: number }) => i.id)).toEqual([added.id]);
    await expect.poll(async () => (await gqlData(server, productQuery, { s: p.sku }, { store: 'gb' })).products.items[0]?.small_image?.url, { timeout: 5000 }).toBe(added.url);

    const off = await marketing.call('PATCH', `/admin/catalogue/editor/products/${p.sku}/images/${added.id}`, { disabled: true });
    expect(off.body.images.find((i: { id: number }) => i.id === added.id)).toMatchObject({ disabled: true });
    await expect.poll(async () => (await gqlData(server, productQuery, { s: p.sku }, { store: 'gb' })).products.items[0]?.small_image?.url ?? null, { timeout: 5000 }).not.toBe(added.url);
    expect((await support.call('DELETE', `/admin/catalogue/editor/products/${p.sku}/images/${added.id}`)).status).toBe(403);
    const removed = await marketing.call('DELETE', `/admin/catalogue/editor/products/${p.sku}/images/${added.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.images.some((i: { id: number }) => i.id === added.id)).toBe(false);
    expect((await marketing.call('DELETE', `/admin/catalogue/editor/products/${p.sku}/images/${added.id}`)).status).toBe(404);
    // The bytes stay at their address (another product may show them).
    expect((await fetch(`${server.url}${added.url}`)).status).toBe(200);

    const audit = await owner.call('GET', `/admin/audit?entity_type=product&entity_id=${p.sku}`);
    expect(audit.body.items.map((e: { action: string }) => e.action)).toEqual(['product.image.remove', 'product.image.update', 'product.image.update', 'product.image.add']);
    expect(audit.body.items[1]).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    expect(audit.body.items[3].after).toMatchObject({ label: 'A red case', content_type: 'image/png', bytes: image.length });
  });

  it('tells the type by the bytes and refuses what is no image, empty or too large (400/413), and anyone without the right', async () => {
    const p = await createProduct(db, { stores: ['gb'], price: 1200 });
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
    const asJpeg = await upload(marketing, p.sku, jpeg, 'image/png');
    expect(asJpeg.status).toBe(201);
    expect((asJpeg.body!.images as { url: string }[])[0]!.url).toMatch(/\.jpg$/);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(32)]);
    expect((await upload(marketing, p.sku, webp, 'image/webp')).status).toBe(201);

    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const notImage = await upload(marketing, p.sku, html, 'image/png');
    expect(notImage.status).toBe(400);
    expect(notImage.body!.error).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: { body: 'not_an_image' } } });
    expect((await upload(marketing, p.sku, Buffer.from('GIF89a'), 'image/gif')).status).toBe(400);
    expect((await upload(marketing, p.sku, Buffer.alloc(0), 'image/png')).status).toBe(400);
    const big = Buffer.concat([png(1, 1, [0, 0, 0]), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(marketing, p.sku, big, 'image/png')).status).toBe(413);
    // A JSON body is no upload.
    expect((await marketing.call('POST', `/admin/catalogue/editor/products/${p.sku}/images`, { data: 'x' })).status).toBe(400);
    expect((await upload(marketing, 'NO-SUCH-SKU', png(1, 1, [1, 2, 3]))).status).toBe(404);
    expect((await upload(support, p.sku, png(1, 1, [1, 2, 3]))).status).toBe(403);
    expect((await upload(null, p.sku, png(1, 1, [1, 2, 3]))).status).toBe(401);
    const customer = await fetch(`${server.url}/admin/catalogue/editor/products/${p.sku}/images`, { method: 'POST', headers: { 'content-type': 'image/png', authorization: 'Bearer some-customer-token' }, body: png(1, 1, [1, 2, 3]) });
    expect(customer.status).toBe(401);
    const after = await marketing.call('GET', `/admin/catalogue/editor/products/${p.sku}`);
    expect(after.body.images).toHaveLength(2);
  });
});
