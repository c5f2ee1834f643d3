import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, startTestServer, testDb, type TestServer } from '../../test/test-app.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PRODUCT_DETAILS = /* GraphQL */ `
  query ProductDetails($sku: String!) {
    products(filter: { sku: { eq: $sku } }) {
      total_count
      items {
        __typename sku name url_key stock_status subtitle disclaimer product_kind
        price_range {
          minimum_price { regular_price { value currency } final_price { value currency } discount { amount_off percent_off } }
          maximum_price { final_price { value currency } }
        }
        price_tiers { quantity final_price { value currency } }
        media_gallery { url label position }
        categories { uid url_key name }
        ... on ConfigurableProduct {
          configurable_options { attribute_code label values { value_index label swatch_data { value } } }
          variants { attributes { code value_index label } product { sku stock_status color color_label } }
        }
        ... on BundleProduct {
          items { title required type options { quantity is_default product { sku } } }
        }
      }
    }
  }`;

describe('catalogue: store views', () => {
  it('answers storeConfig per store view with the spec fields and the store currency', async () => {
    const q = `{ storeConfig { store_code website_code store_group_code base_currency_code locale language is_trial_store
      is_order_limit_enabled is_age_verification_enabled is_free_gifts_enabled gift_basket_quantity_limitation order_limit_value
      postcode_validation_enabled postcode_is_required postcode_max_length postcode_min_length postcode_validate_regex
      allow_empty_firstname cartons_limit_value } }`;
    const gb = await gql(server, q, {}, { store: 'gb' });
    const de = await gql(server, q, {}, { store: 'de' });
    const ch = await gql(server, q, {}, { store: 'ch' });
    expect(gb.body.errors).toBeUndefined();
    expect(gb.body.data.storeConfig).toMatchObject({ store_code: 'gb', base_currency_code: 'GBP', locale: 'en_GB', language: 'en' });
    expect(de.body.data.storeConfig).toMatchObject({ store_code: 'de', base_currency_code: 'EUR', language: 'de' });
    expect(ch.body.data.storeConfig).toMatchObject({ store_code: 'ch', base_currency_code: 'CHF', language: 'de' });
    for (const field of Object.keys(gb.body.data.storeConfig)) {
      if (field !== 'postcode_validate_regex') expect(gb.body.data.storeConfig[field], field).not.toBeNull();
    }
    expect(gb.body.data.storeConfig.cartons_limit_value).not.toBe(de.body.data.storeConfig.cartons_limit_value);
  });

  it('uses the default store view without a Store header and lists every store view', async () => {
    const res = await gql(server, '{ storeConfig { store_code } availableStores { store_code is_trial_store } }');
    expect(res.body.data.storeConfig.store_code).toBe('gb');
    const codes = res.body.data.availableStores.map((s: { store_code: string }) => s.store_code);
    expect(codes).toEqual(expect.arrayContaining(['gb', 'de', 'ch', 'gb_trial']));
    expect(res.body.data.availableStores.find((s: { store_code: string }) => s.store_code === 'gb_trial').is_trial_store).toBe(true);
  });

  it('refuses an unknown store code with UNKNOWN_STORE and status 400', async () => {
    for (const store of ['xx', 'GB; DROP TABLE store_view', 'a'.repeat(200)]) {
      const res = await gql(server, '{ storeConfig { store_code } }', {}, { store });
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0].extensions.code).toBe('UNKNOWN_STORE');
    }
  });

  it('lists the countries a store ships to, named in its language, with regions', async () => {
    const gb = await gql(server, '{ countries { id full_name_locale available_regions { code } } }', {}, { store: 'gb' });
    const de = await gql(server, '{ countries { id full_name_locale } country(id: "DE") { full_name_english full_name_locale available_regions { code name } } }', {}, { store: 'de' });
    expect(gb.body.data.countries.map((c: { id: string }) => c.id)).toEqual(['GB']);
    expect(gb.body.data.countries[0].available_regions.length).toBeGreaterThanOrEqual(4);
    expect(de.body.data.countries.map((c: { id: string }) => c.id).sort()).toEqual(['AT', 'DE']);
    expect(de.body.data.country).toMatchObject({ full_name_english: 'Germany', full_name_locale: 'Deutschland' });
    expect(de.body.data.country.available_regions).toHaveLength(16);
    const missing = await gql(server, '{ country(id: "FR") { id } }', {}, { store: 'de' });
    expect(missing.body.errors?.[0].extensions.code).toBe('ENTITY_NOT_FOUND');
  });

  it('reports the store currency', async () => {
    const res = await gql(server, '{ currency { base_currency_code base_currency_symbol available_currency_codes } }', {}, { store: 'ch' });
    expect(res.body.data.currency).toMatchObject({ base_currency_code: 'CHF', available_currency_codes: ['CHF'] });
  });
});

describe('catalogue: categories and listings', () => {
  it('returns the category tree with base64 uids in menu order', async () => {
    const res = await gql(server, '{ categoryList { url_key level children { uid id url_key name level product_count } } }');
    const [root] = res.body.data.categoryList;
    expect(root.url_key).toBe('catalog');
    const children = root.children.map((c: { url_key: string }) => c.url_key);
    expect(children.slice(0, 6)).toEqual(['devices', 'sticks', 'cartons', 'bundles', 'accessories', 'subscriptions']);
    for (const c of root.children) {
      expect(Buffer.from(c.uid, 'base64').toString()).toBe(String(c.id));
      expect(c.level).toBe(2);
    }
  });

  it('lists the visible products of a category and hides configurable children', async () => {
    const cat = await gql(server, '{ categoryList(filters: { url_key: { eq: "devices" } }) { uid } }');
    const uid = cat.body.data.categoryList[0].uid;
    const res = await gql(server, 'query($uid: String) { products(filter: { category_uid: { eq: $uid } }, pageSize: 50) { total_count items { sku __typename } } }', { uid });
    const skus = res.body.data.products.items.map((p: { sku: string }) => p.sku);
    expect(skus).toEqual(expect.arrayContaining(['EMBER-ONE', 'EMBER-NOVA']));
    expect(skus).not.toContain('EMBER-ONE-SLATE');
    expect(res.body.data.products.total_count).toBe(skus.length);
  });

  it('pages through a listing with consistent totals', async () => {
    const q = 'query($p: Int) { products(filter: { category_url_path: { eq: "sticks" } }, pageSize: 3, currentPage: $p, sort: { name: ASC }) { total_count page_info { current_page total_pages } items { sku name } } }';
    const first = await gql(server, q, { p: 1 });
    const second = await gql(server, q, { p: 2 });
    const total = first.body.data.products.total_count;
    expect(total).toBeGreaterThanOrEqual(8);
    expect(first.body.data.products.page_info.total_pages).toBe(Math.ceil(total / 3));
    const names = [...first.body.data.products.items, ...second.body.data.products.items].map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(new Set(names).size).toBe(6);
    const beyond = await gql(server, q, { p: 999 });
    expect(beyond.body.errors?.[0].message).toMatch(/greater than the \d+ page/);
  });

  it('searches names literally, treating LIKE wildcards as text', async () => {
    const amber = await gql(server, '{ products(search: "amber") { items { sku } } }');
    expect(amber.body.data.products.items.map((p: { sku: string }) => p.sku)).toEqual(expect.arrayContaining(['STK-AMBER-PACK', 'STK-AMBER-CARTON']));
    for (const term of ['%', '_', "' OR 1=1--"]) {
      const res = await gql(server, 'query($s: String) { products(search: $s) { total_count } }', { s: term });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.products.total_count).toBe(0);
    }
  });
});

describe('catalogue: product details', () => {
  it('serves a configurable device over GET with variants, swatches, prices and stock from the seed', async () => {
    const res = await gql(server, PRODUCT_DETAILS, { sku: 'EMBER-ONE' }, { method: 'GET' });
    expect(res.status).toBe(200);
    const p = res.body.data.products.items[0];
    expect(p.__typename).toBe('ConfigurableProduct');
    expect(p.price_range.minimum_price.regular_price).toEqual({ value: 69, currency: 'GBP' });
    expect(p.price_range.minimum_price.final_price).toEqual({ value: 49, currency: 'GBP' });
    expect(p.price_range.minimum_price.discount.amount_off).toBe(20);
    const colours = p.configurable_options[0];
    expect(colours.attribute_code).toBe('color');
    expect(colours.values.length).toBe(4);
    for (const v of colours.values) expect(v.swatch_data.value).toMatch(/^#[0-9A-Fa-f]{6}$/);
    const bySku = Object.fromEntries(p.variants.map((v: any) => [v.product.sku, v.product.stock_status]));
    expect(bySku['EMBER-ONE-SLATE']).toBe('IN_STOCK');
    expect(bySku['EMBER-ONE-SAGE']).toBe('OUT_OF_STOCK');
    expect(p.stock_status).toBe('IN_STOCK');
    expect(p.categories.map((c: { url_key: string }) => c.url_key)).toContain('devices');
    expect(p.media_gallery.length).toBeGreaterThan(0);
  });

  it('prices the same product in each store currency', async () => {
    const gb = await gql(server, PRODUCT_DETAILS, { sku: 'EMBER-NOVA' }, { store: 'gb' });
    const de = await gql(server, PRODUCT_DETAILS, { sku: 'EMBER-NOVA' }, { store: 'de' });
    expect(gb.body.data.products.items[0].price_range.minimum_price.final_price).toEqual({ value: 99, currency: 'GBP' });
    expect(de.body.data.products.items[0].price_range.minimum_price.final_price.currency).toBe('EUR');
    expect(gb.body.data.products.items[0].name).not.toBe('');
  });

  it('lists bundle options with their selectable products', async () => {
    const res = await gql(server, PRODUCT_DETAILS, { sku: 'BUNDLE-ONE-STARTER' });
    const p = res.body.data.products.items[0];
    expect(p.__typename).toBe('BundleProduct');
    expect(p.items.length).toBeGreaterThanOrEqual(2);
    const device = p.items.find((i: any) => i.options.some((o: any) => o.product.sku.startsWith('EMBER-ONE-')));
    expect(device.options.filter((o: any) => o.is_default)).toHaveLength(1);
  });

  it('returns quantity tiers and the unit price for a quantity', async () => {
    const res = await gql(server, PRODUCT_DETAILS, { sku: 'STK-AMBER-CARTON' });
    const tiers = res.body.data.products.items[0].price_tiers;
    expect(tiers.map((t: { quantity: number }) => t.quantity)).toEqual([3, 5]);
    const price = await gql(server, '{ one: productPrice(sku: "STK-AMBER-CARTON", quantity: 1) { price { final_price { value } } } five: productPrice(sku: "STK-AMBER-CARTON", quantity: 5) { quantity price { final_price { value currency } } } }');
    expect(price.body.data.one.price.final_price.value).toBe(50);
    expect(price.body.data.five).toEqual({ quantity: 5, price: { final_price: { value: 46, currency: 'GBP' } } });
  });

  it('answers the essentials query with one item per sku and the currency', async () => {
    const skus = ['STK-AMBER-PACK', 'EMBER-ONE', 'ACC-CHARGER'];
    const res = await gql(
      server,
      `query Essentials($skus: [String], $n: Int) {
        products(filter: { sku: { in: $skus } }, pageSize: $n) { items { sku name __typename thumbnail { url } short_description { html } stock_status price_range { minimum_price { final_price { value } } } } }
        currency { base_currency_code } }`,
      { skus, n: skus.length },
      { method: 'GET', store: 'de' },
    );
    expect(res.body.data.products.items.map((p: { sku: string }) => p.sku)).toEqual(skus);
    expect(res.body.data.currency.base_currency_code).toBe('EUR');
  });

  it('returns no items for an unknown sku and PRODUCT_NOT_FOUND for its price', async () => {
    const res = await gql(server, PRODUCT_DETAILS, { sku: 'NO-SUCH-SKU' });
    expect(res.body.data.products).toMatchObject({ total_count: 0, items: [] });
    const price = await gql(server, '{ productPrice(sku: "NO-SUCH-SKU") { sku } }');
    expect(price.body.errors?.[0].extensions.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('does not sell the trial kit outside the trial store', async () => {
    const gb = await gql(server, PRODUCT_DETAILS, { sku: 'TRIAL-ONE-KIT' }, { store: 'gb' });
    const trial = await gql(server, PRODUCT_DETAILS, { sku: 'TRIAL-ONE-KIT' }, { store: 'gb_trial' });
    expect(gb.body.data.products.items).toHaveLength(0);
    expect(trial.body.data.products.items[0].price_range.minimum_price.final_price.value).toBe(1);
  });

  it('builds the sticks matrix from packs, cartons and subscriptions', async () => {
    const res = await gql(server, '{ sticksMatrix { single_packs { onetime { sku flavour flavour_label swatch_data { value } } } cartons { onetime { sku } subscription { sku } } mix_n_match } }');
    const m = res.body.data.sticksMatrix;
    expect(m.single_packs.onetime.length).toBeGreaterThanOrEqual(8);
    expect(m.single_packs.onetime.map((i: { sku: string }) => i.sku)).toContain('STK-AMBER-PACK');
    expect(m.cartons.onetime.map((i: { sku: string }) => i.sku)).toContain('STK-AMBER-CARTON');
    expect(m.cartons.subscription.length).toBeGreaterThanOrEqual(4);
    expect(m.mix_n_match).toHaveLength(4);
  });
});

describe('catalogue: content', () => {
  it('serves FAQ entries and marketing pages in the store language', async () => {
    const en = await gql(server, '{ faqs { question topic } marketingPage(slug: "ember-one") { title product_sku sections { heading } } }', {}, { store: 'gb' });
    const de = await gql(server, '{ faqs { question } }', {}, { store: 'de' });
    expect(en.body.data.faqs.length).toBeGreaterThanOrEqual(10);
    expect(de.body.data.faqs.length).toBeGreaterThanOrEqual(10);
    expect(de.body.data.faqs[0].question).not.toBe(en.body.data.faqs[0].question);
    expect(en.body.data.marketingPage.product_sku).toBe('EMBER-ONE');
    const missing = await gql(server, '{ marketingPage(slug: "nope") { title } }');
    expect(missing.body.errors?.[0].extensions.code).toBe('ENTITY_NOT_FOUND');
  });
});

describe('catalogue: invariants held by the database', () => {
  it('refuses negative stock', async () => {
    const db = await testDb();
    await expect(
      db.query(`UPDATE inventory_stock SET quantity = -1 WHERE product_id = (SELECT id FROM catalog_product WHERE sku = 'EMBER-ONE-SLATE')`),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('catalogue: listing filters, sorting and layered navigation', () => {
  const LISTING = /* GraphQL */ `
    query Listing($filter: ProductAttributeFilterInput!, $sort: ProductAttributeSortInput) {
      products(filter: $filter, sort: $sort, pageSize: 50) {
        total_count
        items { sku name created_at price_range { minimum_price { final_price { value } } } }
        aggregations { attribute_code label count options { value label count } }
      }
    }`;
  const skus = (res: { body: { data?: { products: { items: { sku: string }[] } } } }) => res.body.data!.products.items.map((i) => i.sku);

  it('filters by flavour, intensity and colour, a configurable matching through its variants', async () => {
    const amber = await gql(server, LISTING, { filter: { category_url_path: { eq: 'sticks' }, flavor: { in: ['amber', 'teak'] } } });
    expect(amber.body.errors).toBeUndefined();
    expect(skus(amber).sort()).toEqual(['STK-AMBER-PACK', 'STK-TEAK-PACK']);
    const light = await gql(server, LISTING, { filter: { category_url_path: { eq: 'sticks' }, intensity: { eq: '1' } } });
    expect(skus(light)).toEqual(['STK-FROST-PACK']);
    const copper = await gql(server, LISTING, { filter: { category_url_path: { in: ['devices', 'accessories'] }, color: { eq: 'copper' } } });
    expect(skus(copper).sort()).toEqual(['ACC-CASE-COPPER', 'EMBER-NOVA', 'EMBER-ONE']);
    const sage = await gql(server, LISTING, { filter: { category_url_path: { eq: 'devices' }, color: { eq: 'sage' } } });
    expect(skus(sage)).toEqual(['EMBER-ONE']);
  });

  it('sorts by price, name and newest first', async () => {
    const filter = { category_url_path: { eq: 'sticks' } };
    const byPrice = await gql(server, LISTING, { filter, sort: { price: 'ASC' } });
    const prices = byPrice.body.data.products.items.map((i: { price_range: { minimum_price: { final_price: { value: number } } } }) => i.price_range.minimum_price.final_price.value);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(skus(byPrice)[0]).toBe('STK-CITRUS-PACK');
    const byName = await gql(server, LISTING, { filter, sort: { name: 'DESC' } });
    const names = byName.body.data.products.items.map((i: { name: string }) => i.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    const newest = await gql(server, LISTING, { filter, sort: { created_at: 'DESC' } });
    const dates = newest.body.data.products.items.map((i: { created_at: string }) => Date.parse(i.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(skus(newest).slice(0, 2)).toEqual(['STK-CITRUS-PACK', 'STK-BERRY-PACK']);
  });

  it('counts each facet with the other facets applied and labels it in the store language', async () => {
    const all = await gql(server, LISTING, { filter: { category_url_path: { eq: 'sticks' } } }, { store: 'de' });
    const facets = Object.fromEntries(all.body.data.products.aggregations.map((a: { attribute_code: string }) => [a.attribute_code, a]));
    expect(Object.keys(facets).sort()).toEqual(['flavor', 'intensity']);
    expect(facets.flavor.label).toBe('Geschmack');
    expect(facets.flavor.options.find((o: { value: string }) => o.value === 'mint')).toEqual({ value: 'mint', label: 'Minze', count: 1 });
    expect(facets.intensity.options.map((o: { value: string }) => o.value)).toEqual(['1', '2', '3', '4', '5']);
    const narrowed = await gql(server, LISTING, { filter: { category_url_path: { eq: 'sticks' }, intensity: { eq: '4' } } });
    const flavour = narrowed.body.data.products.aggregations.find((a: { attribute_code: string }) => a.attribute_code === 'flavor');
    expect(flavour.options.map((o: { value: string }) => o.value)).toEqual(['teak', 'bronze']);
    const intensity = narrowed.body.data.products.aggregations.find((a: { attribute_code: string }) => a.attribute_code === 'intensity');
    // Its own filter does not narrow the intensity facet: every intensity stays choosable.
    expect(intensity.options).toHaveLength(5);
    const devices = await gql(server, LISTING, { filter: { category_url_path: { eq: 'devices' } } });
    const colours = devices.body.data.products.aggregations.find((a: { attribute_code: string }) => a.attribute_code === 'color');
    expect(colours.label).toBe('Colour');
    expect(colours.options.find((o: { value: string }) => o.value === 'copper').count).toBe(2);
  });

  it('answers an input error, never a server error, for bad filter values', async () => {
    const cases = [
      { flavor: { eq: 'bacon' } },
      { color: { in: ['copper', "x'; DROP TABLE catalog_product; --"] } },
      { intensity: { eq: '7' } },
      { intensity: { eq: 'strong' } },
      { intensity: { in: ['1', '2', '3', '4', '5', '1'] } },
      { price: { from: 'cheap' } },
    ];
    for (const extra of cases) {
      const res = await gql(server, LISTING, { filter: { category_url_path: { eq: 'sticks' }, ...extra } });
      expect(res.status, JSON.stringify(extra)).toBe(200);
      expect(res.body.errors?.[0].extensions.category, JSON.stringify(extra)).toBe('graphql-input');
    }
    const badSort = await gql(server, LISTING, { filter: { category_url_path: { eq: 'sticks' } }, sort: { created_at: 'SIDEWAYS' } });
    expect(badSort.status).toBeGreaterThanOrEqual(400);
    expect(badSort.status).toBeLessThan(500);
  });
});

describe('catalogue: related products and category pictures', () => {
  it('lists the related products of a product in merchandising order', async () => {
    const res = await gql(server, '{ products(filter: { url_key: { eq: "ember-one" } }) { items { sku related_products { sku url_key name } } } }', {}, { store: 'de' });
    expect(res.body.errors).toBeUndefined();
    const related = res.body.data.products.items[0].related_products;
    expect(related.map((r: { sku: string }) => r.sku)).toEqual(['BUNDLE-ONE-STARTER', 'ACC-CASE-SLATE', 'ACC-CHARGER', 'STK-AMBER-CARTON']);
    expect(related[0].name).toBe('Ember One Starter-Set');
    const sticks = await gql(server, '{ products(filter: { sku: { eq: "STK-AMBER-PACK" } }) { items { related_products { sku } } } }');
    expect(sticks.body.data.products.items[0].related_products.map((r: { sku: string }) => r.sku)[0]).toBe('STK-AMBER-CARTON');
  });

  it('gives every menu category a picture', async () => {
    const res = await gql(server, '{ categories(filters: { parent_id: { in: ["1", "2"] } }) { items { url_key include_in_menu image } } }');
    const menu = res.body.data.categories.items.filter((c: { include_in_menu: number }) => c.include_in_menu === 1);
    expect(menu.length).toBeGreaterThan(3);
    for (const c of menu) expect(c.image).toBe(`/media/categories/${c.url_key}.svg`);
  });

  it('gives every device colour a gallery of three pictures', async () => {
    const res = await gql(server, '{ products(filter: { sku: { eq: "EMBER-ONE-COPPER" } }) { items { media_gallery { url position } } } }');
    expect(res.body.data.products.items[0].media_gallery.map((m: { url: string }) => m.url)).toEqual([
      '/media/devices/ember-one-copper.svg', '/media/devices/ember-one-copper-detail.svg', '/media/devices/ember-one-copper-charging.svg',
    ]);
  });
});
