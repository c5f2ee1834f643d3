import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { checkConsolePage, consoleAreaTexts, consoleEn, consoleNav, signInToConsole } from './support/console';

/**
 * The console's catalogue editor: a marketing operator creates a category and a product with English
 * and German texts, uploads its picture, prices it in gb and de on the existing catalogue page and
 * enables it; fulfilment counts its stock; the storefront shows it in both markets with the picture
 * loaded. Every record is new (a unique SKU, URL keys and names per run): the database is shared.
 */

const ed = consoleAreaTexts<typeof import('../apps/console/src/i18n/en/catalogueEditor.json')>('catalogueEditor').catalogueEditor;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A PNG of one colour: a picture no other run uploaded. */
function png(width: number, height: number, rgb: number[]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectImageLoaded(page: Page, src: string, what: string): Promise<void> {
  const image = page.locator(`img[src="${src}"]`).first();
  await expect(image, what).toBeVisible();
  await expect.poll(() => image.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0)), { message: what }).toBeGreaterThan(0);
}

test('a marketing operator creates a category and a product with texts and a picture, prices and enables it; the storefront shows it in gb and de', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const id = randomBytes(4).toString('hex');
  const sku = `E2E-ED-${id}`.toUpperCase();
  const urlKey = `e2e-editor-case-${id}`;
  const nameEn = `Editor Travel Case ${id}`;
  const nameDe = `Reiseetui ${id}`;
  const category = { url: `e2e-editor-${id}`, en: `Editor cases ${id}`, de: `Etuis ${id}` };

  await signInToConsole(page, 'marketing');

  // The category.
  await consoleNav(page).getByRole('link', { name: consoleEn.nav.catalogue }).click();
  await page.getByRole('link', { name: ed.categories, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: ed.categoriesTitle })).toBeVisible();
  await expect(page.getByRole('table', { name: ed.categoriesCaption }).getByRole('row').nth(1)).toBeVisible();
  await checkConsolePage(page, 'categories');
  await page.getByRole('link', { name: ed.newCategory }).click();
  await expect(page.getByRole('heading', { level: 1, name: ed.categoryCreateTitle })).toBeVisible();
  await page.getByLabel(ed.urlKey).fill(category.url);
  // Kept out of the shop's menu, which every other journey walks.
  await page.getByLabel(ed.includeInMenu).uncheck();
  await page.getByRole('group', { name: consoleEn.languages.en }).getByLabel(ed.categoryName, { exact: true }).fill(category.en);
  await page.getByRole('group', { name: consoleEn.languages.de }).getByLabel(ed.categoryName, { exact: true }).fill(category.de);
  await page.getByRole('button', { name: ed.createCategory }).click();
  await expect(page.getByRole('status')).toHaveText(fill(ed.categoryCreated, { name: category.en }));
  await expect(page.getByRole('heading', { level: 1, name: fill(ed.categoryEditTitle, { name: category.en }) })).toBeVisible();
  await checkConsolePage(page, 'category');

  // The product: refused without a name, then created (disabled until it is ready).
  await consoleNav(page).getByRole('link', { name: consoleEn.nav.catalogue }).click();
  await page.getByRole('link', { name: ed.newProduct }).click();
  await expect(page.getByRole('heading', { level: 1, name: ed.createTitle })).toBeVisible();
  await page.getByLabel(ed.sku).fill(sku);
  await page.getByLabel(ed.kind).selectOption('accessory');
  await page.getByLabel(ed.urlKey).fill(urlKey);
  await page.getByLabel(ed.isAgeRestricted).uncheck();
  await page.getByRole('button', { name: ed.create }).click();
  const english = page.getByRole('group', { name: consoleEn.languages.en });
  await expect(english.getByLabel(ed.name, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await english.getByLabel(ed.name, { exact: true }).fill(nameEn);
  await english.getByLabel(ed.shortDescription).fill('A hard case for the road.');
  await english.getByLabel(ed.description, { exact: true }).fill('Keeps a device safe in a bag.\n\nWipe clean.');
  const german = page.getByRole('group', { name: consoleEn.languages.de });
  await german.getByLabel(ed.name, { exact: true }).fill(nameDe);
  await german.getByLabel(ed.description, { exact: true }).fill('Schützt das Gerät in der Tasche.');
  await page.getByRole('group', { name: ed.productCategories }).getByLabel(category.en).check();
  await checkConsolePage(page, 'new product');
  await page.getByRole('button', { name: ed.create }).click();
  await expect(page.getByRole('heading', { level: 1, name: fill(ed.editTitle, { name: nameEn }) })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(fill(ed.created, { sku }));

  // The picture.
  await page.getByLabel(ed.file).setInputFiles({ name: 'case.png', mimeType: 'image/png', buffer: png(48, 32, [...randomBytes(3)]) });
  await page.getByLabel(ed.altLabel, { exact: true }).fill(`${nameEn}, front`);
  await page.getByRole('button', { name: ed.uploadSubmit }).click();
  await expect(page.getByRole('status')).toHaveText(ed.uploaded);
  const images = page.getByRole('table', { name: ed.imagesCaption });
  await expect(images.getByRole('row')).toHaveCount(2);
  const src = (await images.getByRole('img').first().getAttribute('src'))!;
  expect(src).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.png$/);
  await expectImageLoaded(page, src, 'the uploaded picture in the console');
  await checkConsolePage(page, 'product editor');

  // Prices in gb and de on the existing catalogue page.
  await page.getByRole('link', { name: ed.openPrices }).click();
  const prices = page.getByRole('region', { name: consoleEn.catalogue.setPrice });
  for (const [store, currency, amount] of [['gb', 'GBP', '24.50'], ['de', 'EUR', '27.90']] as const) {
    await prices.getByLabel(consoleEn.catalogue.store, { exact: true }).selectOption(store);
    await prices.getByLabel(fill(consoleEn.catalogue.regularPrice, { currency })).fill(amount);
    await prices.getByRole('button', { name: consoleEn.catalogue.savePrice }).click();
    await expect(page.getByRole('status')).toHaveText(fill(consoleEn.catalogue.priceSaved, { store }));
  }

  // Stock is fulfilment's: a second operator counts the shelf on the same page.
  const warehouse = await browser.newPage();
  try {
    await signInToConsole(warehouse, 'fulfilment');
    await warehouse.goto(`/console/catalogue/${sku}`);
    const stock = warehouse.getByRole('region', { name: consoleEn.catalogue.changeStock });
    await stock.getByLabel(consoleEn.catalogue.modeSet).check();
    await stock.getByLabel(consoleEn.catalogue.countedQuantity).fill('40');
    await stock.getByLabel(consoleEn.catalogue.reason).fill('First delivery');
    await stock.getByRole('button', { name: consoleEn.catalogue.saveStock }).click();
    await expect(warehouse.getByRole('status')).toHaveText(fill(consoleEn.catalogue.stockSaved, { quantity: 40 }));
  } finally {
    await warehouse.close();
  }

  // Enabled from the editor.
  await page.getByRole('link', { name: ed.edit, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: fill(ed.editTitle, { name: nameEn }) })).toBeVisible();
  await page.getByLabel(ed.isActive).check();
  await page.getByRole('button', { name: ed.save }).click();
  await expect(page.getByRole('status')).toHaveText(fill(ed.saved, { sku }));

  // The storefront, in both markets, with the picture loaded.
  await expect.poll(async () => (await page.request.get(`/gb/p/${urlKey}`)).status(), { timeout: 15_000 }).toBe(200);
  await page.goto(`/gb/p/${urlKey}`);
  await expect(page.getByRole('heading', { level: 1, name: nameEn })).toBeVisible();
  await expect(page.getByText('Keeps a device safe in a bag.')).toBeVisible();
  await expectImageLoaded(page, src, 'the picture on the gb product page');
  // The category's listing shows the product with the same picture.
  await page.goto(`/gb/shop/${category.url}`);
  await expect(page.getByRole('link', { name: nameEn }).first()).toBeVisible();
  await expectImageLoaded(page, src, 'the picture in the gb listing');
  await page.goto(`/de/p/${urlKey}`);
  await expect(page.getByRole('heading', { level: 1, name: nameDe })).toBeVisible();
  await expect(page.getByText('Schützt das Gerät in der Tasche.')).toBeVisible();
  await expectImageLoaded(page, src, 'the picture on the de product page');
  // The picture is served for a year, as its own type, never sniffed.
  const served = await page.request.get(src);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
});

test('a support operator reads the editor and the categories without a way to change them', async ({ page }) => {
  await signInToConsole(page, 'support');
  await consoleNav(page).getByRole('link', { name: consoleEn.nav.catalogue }).click();
  await expect(page.getByRole('link', { name: ed.newProduct })).toHaveCount(0);
  await page.getByRole('link', { name: ed.categories, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: ed.categoriesTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: ed.newCategory })).toHaveCount(0);
  await page.goto('/console/catalogue/ACC-CASE-COPPER/edit');
  await expect(page.getByText(ed.readOnly)).toBeVisible();
  await expect(page.getByRole('button', { name: ed.save })).toHaveCount(0);
  await expect(page.getByLabel(ed.urlKey)).toBeDisabled();
  await checkConsolePage(page, 'product editor, read only');
});
