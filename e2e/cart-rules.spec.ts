import { expect, test } from '@playwright/test';
import { graphql, messages, productFacts, waitForPageView } from './support/shop';

const en = messages('en');

test('a guest who adds a trade-in is asked in words to sign in first, and the cart stays without it', async ({ page, request }) => {
  const tradeIn = await productFacts(request, 'TRADEIN-EMBER-ONE');
  await page.goto(`/gb/p/${tradeIn.urlKey}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(main.getByRole('alert')).toHaveText(en('cart.errors.TRADEIN_LIMIT_signIn'));
  await expect(page.getByRole('banner').getByRole('button', { name: /Cart/ })).not.toHaveText(/\([1-9]/);
});

test('packs sold in steps start at one step, and the cart explains the step when a quantity is off it', async ({ page, request }) => {
  const pack = await productFacts(request, 'STK-CITRUS-PACK');
  const { products } = await graphql<{ products: { items: { qty_increments: number }[] } }>(request, '{ products(filter: {sku: {eq: "STK-CITRUS-PACK"}}) { items { qty_increments } } }');
  const step = products.items[0]!.qty_increments;
  expect(step).toBeGreaterThan(1);
  const main = page.getByRole('main');

  await page.goto(`/gb/p/${pack.urlKey}`);
  await waitForPageView(page);
  await expect(main.getByLabel(en('cart.quantity'), { exact: true })).toHaveValue(String(step));
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(main.getByRole('status').filter({ hasText: pack.name })).toBeVisible();

  await page.goto('/gb/cart');
  await waitForPageView(page);
  const quantity = main.getByLabel(en('cart.quantityFor').replace('{{name}}', pack.name));
  await expect(quantity).toHaveValue(String(step));
  await quantity.fill(String(step + 1));
  await main.getByRole('button', { name: en('cart.update') }).click();
  await expect(main.getByRole('alert')).toHaveText(en('cart.errors.ITEM_INCREMENT_step_other').replace('{{count}}', String(step)));
  await expect(quantity).toHaveValue(String(step));
});
