import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { checkConsolePage, consoleAreaTexts, consoleEn, consoleNav, signInToConsole } from './support/console';
import { ADMIN_TOKEN, messages, productFacts, waitForPageView } from './support/shop';

const en = consoleEn;
const promo = consoleAreaTexts<typeof import('../apps/console/src/i18n/en/promotions.json')>('promotions');
const shopEn = messages('en');
const shopDe = messages('de');
const hex = (n: number) => randomBytes(n).toString('hex').toUpperCase();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tabs = (page: Page) => page.getByRole('navigation', { name: promo.promotionsNav.label });

test('a marketing operator generates a batch of codes, and a shopper uses one of them in the gb cart', async ({ page, request }) => {
  // The coupon the codes copy: 15 % off in gb, made by a script.
  const couponCode = `BATCH${hex(4)}`;
  const made = await request.post('/admin/promotions/coupons', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { code: couponCode, label: 'Batch journey coupon', discount_type: 'percent', discount_value: 1500, store_code: 'gb' },
  });
  expect(made.status(), await made.text()).toBe(201);

  await signInToConsole(page, 'marketing');
  await consoleNav(page).getByRole('link', { name: en.nav.coupons }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.coupons.title })).toBeVisible();
  await tabs(page).getByRole('link', { name: promo.promotionsNav.batches }).click();
  await expect(page.getByRole('heading', { level: 1, name: promo.batches.title })).toBeVisible();
  await expect(page.getByRole('table', { name: promo.batches.caption })).toBeVisible();
  await checkConsolePage(page, 'code batches');

  await page.getByRole('link', { name: promo.batches.create }).click();
  await expect(page.getByRole('heading', { level: 1, name: promo.batches.createTitle })).toBeVisible();
  await checkConsolePage(page, 'new code batch');
  const prefix = `J${hex(2)}-`;
  await page.getByLabel(promo.batches.coupon, { exact: true }).fill(couponCode.toLowerCase());
  await page.getByLabel(promo.batches.quantity, { exact: true }).fill('25');
  await page.getByLabel(promo.batches.prefix, { exact: true }).fill(prefix);
  await page.getByLabel(promo.batches.length, { exact: true }).fill('8');
  await page.getByRole('button', { name: promo.batches.createSubmit }).click();

  await expect(page.getByRole('status')).toHaveText(promo.batches.created.replace('{{count}}', '25'));
  await expect(page).toHaveURL(/\/console\/promotions\/batches\/\d+$/);
  const summary = page.getByRole('region', { name: promo.batches.summary });
  await expect(summary).toContainText(couponCode);
  const codes = page.getByRole('table', { name: promo.batches.codesCaption });
  const firstCode = (await codes.locator('tbody tr').first().locator('code').textContent())!;
  expect(firstCode).toMatch(new RegExp(`^${escape(prefix)}[A-HJ-NP-Z2-9]{8}$`));
  await checkConsolePage(page, 'code batch');

  // The codes as CSV, as the download link fetches them.
  const exportLink = page.getByRole('link', { name: promo.batches.export });
  const csv = await page.request.get((await exportLink.getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(26);
  expect(lines.map((l) => l.split(',')[0])).toContain(firstCode);

  // A shopper types the code into the gb cart: the discount shows.
  const product = await productFacts(request, 'ACC-CLEANING-KIT');
  await page.goto(`/gb/p/${product.urlKey}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: shopEn('cart.add.button') }).click();
  await expect(main.getByRole('status').filter({ hasText: product.name })).toBeVisible();
  await page.goto('/gb/cart');
  await waitForPageView(page);
  await main.getByRole('textbox', { name: shopEn('cart.coupon.label') }).fill(firstCode.toLowerCase());
  await main.getByRole('button', { name: shopEn('cart.coupon.apply') }).click();
  await expect(main.getByText(shopEn('cart.coupon.applied').replace('{{code}}', firstCode))).toBeVisible();
  await expect(main.getByText(/^Discount/)).toBeVisible();
});

test('a marketing operator creates a free gift for a product in de, and the German cart offers it with that product', async ({ page, request }) => {
  const trigger = await productFacts(request, 'ACC-CASE-SLATE', 'de');
  const code = `GIFT${hex(4)}`;
  await signInToConsole(page, 'marketing');
  await consoleNav(page).getByRole('link', { name: en.nav.coupons }).click();
  await tabs(page).getByRole('link', { name: promo.promotionsNav.promotions }).click();
  await expect(page.getByRole('heading', { level: 1, name: promo.promotionsArea.title })).toBeVisible();
  await expect(page.getByRole('table', { name: promo.promotionsArea.caption })).toBeVisible();
  await checkConsolePage(page, 'promotions');

  await page.getByRole('link', { name: promo.promotionsArea.create }).click();
  await expect(page.getByRole('heading', { level: 1, name: promo.promotionsArea.createTitle })).toBeVisible();
  await checkConsolePage(page, 'new promotion');
  await page.getByLabel(promo.promotionsArea.code, { exact: true }).fill(code);
  await page.getByLabel(promo.promotionsArea.store, { exact: true }).selectOption('de');
  await page.getByLabel(promo.promotionsArea.type, { exact: true }).selectOption('free_gift_fixed');
  await page.getByLabel(promo.promotionsArea.triggers, { exact: true }).fill(trigger.sku);
  await page.getByLabel(promo.promotionsArea.skus, { exact: true }).fill('gift-lanyard');
  await page.getByLabel(promo.promotionsArea.allowedQty, { exact: true }).fill('1');
  await page.getByRole('group', { name: new RegExp(promo.promotionsArea.textsDe) }).getByLabel(promo.promotionsArea.textTitle).fill('Ein Umhängeband gratis');
  await page.getByRole('button', { name: promo.promotionsArea.createSubmit }).click();

  await expect(page.getByRole('status')).toHaveText(promo.promotionsArea.created.replace('{{code}}', code));
  const detail = page.url();
  const summary = page.getByRole('region', { name: promo.promotionsArea.summary });
  await expect(summary).toContainText('GIFT-LANYARD');
  await checkConsolePage(page, 'promotion');

  // The German cart offers the gift once the product is in it, and adds it at no cost.
  const main = page.getByRole('main');
  await page.goto(`/de/p/${trigger.urlKey}`);
  await waitForPageView(page);
  await main.getByRole('button', { name: shopDe('cart.add.button') }).click();
  await expect(main.getByRole('status').filter({ hasText: trigger.name })).toBeVisible();
  await page.goto('/de/cart');
  await waitForPageView(page);
  await expect(main.getByRole('heading', { name: shopDe('cart.gifts.heading') }).first()).toBeVisible();
  await main.getByRole('button', { name: new RegExp(`^${escape(shopDe('cart.gifts.add'))}`) }).first().click();
  await expect(main.getByText(shopDe('cart.gifts.label'), { exact: true }).first()).toBeVisible();

  // Switched off again, so later carts of this product are as before.
  await page.goto(detail);
  await page.getByRole('button', { name: promo.promotionsArea.switchOff }).click();
  await expect(page.getByRole('status')).toHaveText(promo.promotionsArea.saved.replace('{{code}}', code));
  await expect(summary).toContainText(en.couponState.inactive);
});
