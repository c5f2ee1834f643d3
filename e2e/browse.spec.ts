import { expect, test } from '@playwright/test';
import { categoryName, formatPrice, looseText, productFacts, storeFacts } from './support/shop';

test('a shopper goes from the home page through a category to a product', async ({ page, request }) => {
  const store = await storeFacts(request, 'gb');
  const product = await productFacts(request, 'EMBER-ONE');
  const categoryKey = product.categoryUrlKeys[0]!;
  const category = await categoryName(request, categoryKey);

  await page.goto('/');
  await expect(page).toHaveURL(/\/gb\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: category, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/gb/shop/${categoryKey}$`));
  await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible();

  await page.getByRole('link', { name: product.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/gb/p/${product.urlKey}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('main').getByText(looseText(formatPrice(product.price, store.locale))).first()).toBeVisible();
});

test('the shop listing pages through every product of the store', async ({ page }) => {
  await page.goto('/gb/shop');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages).toBeVisible();
  await pages.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/gb\/shop\?page=2$/);
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('article').first()).toBeVisible();
});
