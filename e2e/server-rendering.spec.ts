import { expect, test } from '@playwright/test';
import { formatPrice, languageTagOf, looseText, productFacts, storeFacts, waitForPageView } from './support/shop';

test('the product page arrives as complete HTML with name and price', async ({ request }) => {
  const store = await storeFacts(request, 'gb');
  const product = await productFacts(request, 'EMBER-ONE');

  const response = await request.get(`/gb/p/${product.urlKey}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${product.name}</h1>`));
  expect(html).toMatch(looseText(formatPrice(product.price, store.locale)));
  expect(html).toContain(`<html lang="${languageTagOf(store.locale)}"`);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the product page still shows the product, its price and stock', async ({ page, request }) => {
    const store = await storeFacts(request, 'gb');
    const product = await productFacts(request, 'EMBER-ONE');

    await page.goto(`/gb/p/${product.urlKey}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('main').getByText(looseText(formatPrice(product.price, store.locale))).first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  });
});

test('server-rendered pages hydrate without errors in every market', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  for (const path of ['/gb/', '/de/shop', '/ch/p/ember-one', '/gb_trial/faq']) {
    await page.goto(path);
    await waitForPageView(page);
  }
  expect(problems).toEqual([]);
});
