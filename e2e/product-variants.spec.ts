import { expect, test } from '@playwright/test';
import { formatPrice, looseText, productFacts, storeFacts, waitForPageView, type VariantFacts } from './support/shop';

test('choosing a colour shows that variant’s price, stock and image', async ({ page, request }) => {
  const store = await storeFacts(request, 'gb');
  const product = await productFacts(request, 'EMBER-ONE');
  const inStock = product.variants.find((v) => v.inStock)!;
  const soldOut = product.variants.find((v) => !v.inStock)!;
  expect(inStock, 'the seed has an Ember One colour in stock').toBeTruthy();
  expect(soldOut, 'the seed has an Ember One colour out of stock').toBeTruthy();

  await page.goto(`/gb/p/${product.urlKey}`);
  await waitForPageView(page);
  const main = page.getByRole('main');

  const expectVariant = async (variant: VariantFacts) => {
    await expect(main.getByRole('group', { name: `Colour: ${variant.colour}` })).toBeVisible();
    await expect(main.getByRole('radio', { name: variant.colour })).toBeChecked();
    await expect(main.getByRole('status')).toHaveText(variant.inStock ? /In stock|Only \d+ left/ : 'Out of stock');
    await expect(main.getByRole('img', { name: variant.image.label })).toHaveAttribute('src', variant.image.url);
    await expect(main.getByText(looseText(formatPrice(variant.price, store.locale))).first()).toBeVisible();
  };

  // The page opens on the first colour in stock.
  await expectVariant(product.variants.find((v) => v.inStock)!);

  await main.getByRole('radio', { name: soldOut.colour }).check();
  await expectVariant(soldOut);
  await expect(page).toHaveURL(/\?color=/);

  await main.getByRole('radio', { name: inStock.colour }).check();
  await expectVariant(inStock);
});

test('a shared link to a colour opens the page on that colour', async ({ page, request }) => {
  const product = await productFacts(request, 'EMBER-ONE');
  const soldOut = product.variants.find((v) => !v.inStock)!;
  const code = soldOut.sku.split('-').pop()!.toLowerCase();

  await page.goto(`/gb/p/${product.urlKey}?color=${code}`);
  await expect(page.getByRole('radio', { name: soldOut.colour })).toBeChecked();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Out of stock');
});
