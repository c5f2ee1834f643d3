import { PAGE_NAMES } from '@ember/contracts';
import { expect, test } from '@playwright/test';
import { productFacts, readDataLayer, storeFacts, waitForPageView } from './support/shop';

const pages = [
  { path: '/gb/', pageName: 'home-page' },
  { path: '/gb/shop', pageName: 'shop' },
  { path: '/gb/p/ember-one', pageName: 'product-details-page' },
  { path: '/gb/faq', pageName: 'faq-page' },
] as const;

for (const { path, pageName } of pages) {
  test(`${path} reports itself to the data layer as ${pageName}`, async ({ page, request }) => {
    const store = await storeFacts(request, 'gb');
    expect(PAGE_NAMES).toContain(pageName);

    await page.goto(path);
    const view = await waitForPageView(page);
    expect(view).toEqual({
      event: 'on_load',
      section: expect.any(String),
      template_name: pageName,
      user_country: store.default_country,
      user_language: store.language,
      user_membership: 'N/A',
      referee: 'no',
    });
  });
}

test('the product page sends a GA4 view_item event for the product', async ({ page, request }) => {
  const product = await productFacts(request, 'EMBER-ONE');
  await page.goto(`/gb/p/${product.urlKey}`);
  await waitForPageView(page);
  const viewItem = (await readDataLayer(page)).find((e) => e.event === 'view_item');
  expect(viewItem?.ecommerce).toMatchObject({
    currency: product.price.currency,
    value: product.price.value,
    items: [{ item_id: product.sku, item_name: product.name, price: product.price.value, currency: product.price.currency }],
  });
});

test('the listing sends a GA4 view_item_list event with the products shown', async ({ page }) => {
  await page.goto('/gb/shop/devices');
  await waitForPageView(page);
  const list = (await readDataLayer(page)).find((e) => e.event === 'view_item_list');
  const items = (list?.ecommerce as { items: { item_id: string; item_name: string }[] }).items;
  const names = await page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
  expect(items.map((i) => i.item_name)).toEqual(names);
  expect(items.every((i) => i.item_id.length > 0)).toBe(true);
});

test('navigating in the browser reports a new page view for each page', async ({ page }) => {
  await page.goto('/gb/');
  await waitForPageView(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  const view = await waitForPageView(page, 2);
  expect(view.template_name).toBe('faq-page');
});
