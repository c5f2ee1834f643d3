import { expect, test } from '@playwright/test';
import { messages } from './support/shop';

const t = messages('en');

test('an unknown product answers 404 with a friendly page inside the shop', async ({ page }) => {
  const response = await page.goto('/gb/p/no-such-product');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: t('error.notFoundTitle') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('link', { name: t('error.backHome') })).toHaveAttribute('href', '/gb/');
});

test('an unknown category, marketing page or path answers 404', async ({ request }) => {
  for (const path of ['/gb/shop/no-such-category', '/gb/discover/no-such-page', '/gb/no/such/page']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('an unknown market answers 404', async ({ page }) => {
  const response = await page.goto('/xx/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: t('error.notFoundTitle') })).toBeVisible();
});

test('the bare domain redirects to the default market', async ({ request }) => {
  const response = await request.get('/', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/gb/');
});
