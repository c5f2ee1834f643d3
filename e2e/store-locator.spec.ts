import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { messages, productFacts, waitForPageView } from './support/shop';

interface StoreItem { id: string; name: string; street: string; distance_km: number | null }

/** The stores the API finds near a postcode, nearest first: what the page must list. */
async function nearest(request: APIRequestContext, store: string, q: string): Promise<StoreItem[]> {
  const res = await request.get(`/api/store-locator/stores?q=${encodeURIComponent(q)}`, { headers: { store } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: StoreItem[] };
  expect(body.items.length).toBeGreaterThan(0);
  return body.items;
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, what).toBeLessThanOrEqual(widths.inner);
}

for (const market of [{ store: 'gb', language: 'en' as const, postcode: 'W1F' }, { store: 'de', language: 'de' as const, postcode: '10117' }]) {
  test(`${market.store}: the nearest store by postcode, its page, at 390 px, axe clean`, async ({ page, request }) => {
    const t = messages(market.language);
    const expected = await nearest(request, market.store, market.postcode);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${market.store}/stores`);
    await waitForPageView(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: t('storeLocator.title') })).toBeVisible();
    await expectNoSeriousViolations(page, 'the store locator before a search');
    await main.getByLabel(t('storeLocator.queryLabel')).fill(market.postcode);
    await main.getByRole('button', { name: t('storeLocator.search'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${market.store}/stores\\?q=${market.postcode}$`));
    const cards = main.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards.first().getByRole('heading', { level: 2 })).toHaveText(expected[0]!.name);
    await expect(cards).toHaveCount(expected.length);
    await expect(cards.first()).toContainText(expected[0]!.street);
    await expect(cards.first()).toContainText(' km');
    await expectNoSidewaysScroll(page, 'the results at 390 px');
    await expectNoSeriousViolations(page, 'the store locator with results');

    await cards.first().getByRole('link', { name: expected[0]!.name }).click();
    await expect(page).toHaveURL(new RegExp(`/${market.store}/stores/${expected[0]!.id}$`));
    await expect(main.getByRole('heading', { level: 1, name: expected[0]!.name })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: t('storeLocator.openingHours') })).toBeVisible();
    await expect(main.getByRole('table').getByRole('row')).toHaveCount(7);
    await expectNoSidewaysScroll(page, 'the store page at 390 px');
    await expectNoSeriousViolations(page, 'the store page');
  });
}

test('a search in the address is rendered on the server, and works without JavaScript', async ({ browser, request }) => {
  const expected = await nearest(request, 'de', '10117');
  const html = await (await request.get('/de/stores?q=10117')).text();
  expect(html).toContain(expected[0]!.name);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/gb/stores');
  await page.getByRole('main').getByLabel(messages('en')('storeLocator.queryLabel')).fill('Manchester');
  await page.getByRole('main').getByRole('button', { name: messages('en')('storeLocator.search'), exact: true }).click();
  const first = (await nearest(request, 'gb', 'Manchester'))[0]!;
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(first.name);
  await context.close();
});

test.describe('with the shopper\'s location', () => {
  test.use({ geolocation: { latitude: 53.4808, longitude: -2.2426 }, permissions: ['geolocation'] });
  test('"use my location" lists the stores near the browser\'s position', async ({ page, request }) => {
    const t = messages('en');
    const res = await request.get('/api/store-locator/stores?lat=53.4808&lng=-2.2426', { headers: { store: 'gb' } });
    const first = ((await res.json()) as { items: StoreItem[] }).items[0]!;
    await page.goto('/gb/stores');
    await waitForPageView(page);
    await page.getByRole('button', { name: t('storeLocator.useMyLocation') }).click();
    await expect(page).toHaveURL(/\/gb\/stores\?lat=53\.480\d+&lng=-2\.242\d+$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(first.name);
  });
});

test('the address search fills the checkout\'s address from the keyboard', async ({ page, request }) => {
  const t = messages('en');
  const product = await productFacts(request, 'ACC-CHARGER');
  await page.goto(`/gb/p/${product.urlKey}`);
  await waitForPageView(page);
  await page.getByRole('main').getByRole('button', { name: t('cart.add.button') }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: t('cart.mini.button') }).first()).toHaveText(/\(1/);
  await page.goto('/gb/checkout');
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: t('checkout.title') })).toBeVisible();
  const search = main.getByRole('combobox', { name: t('addressSuggestions.label') }).first();
  await search.fill('10 Baker');
  const option = main.getByRole('option', { name: '10 Baker Street, London NW1 6XE' });
  await expect(option).toBeVisible();
  await search.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', (await main.getByRole('option').first().getAttribute('id'))!);
  await search.press('Enter');
  await expect(main.getByLabel(t('account.fields.street1')).first()).toHaveValue('10 Baker Street');
  await expect(main.getByLabel(t('account.fields.postcode')).first()).toHaveValue('NW1 6XE');
  await expect(main.getByLabel(t('account.fields.city')).first()).toHaveValue('London');
  await expect(main.getByRole('listbox')).toBeHidden();
  await expectNoSeriousViolations(page, 'the checkout with the address search');
});
