import { expect, test } from '@playwright/test';
import { formatPrice, languageTagOf, looseText, messages, productFacts, storeFacts } from './support/shop';

test('switching the market to Germany shows German text and euro prices on the same page', async ({ page, request }) => {
  const gb = await storeFacts(request, 'gb');
  const de = await storeFacts(request, 'de');
  const product = await productFacts(request, 'EMBER-ONE', 'de');
  const t = messages('de');

  await page.goto(`/gb/p/${product.urlKey}`);
  await page.getByText(gb.store_name, { exact: true }).first().click();
  await page.getByRole('navigation', { name: 'Markets' }).getByRole('link', { name: de.store_name }).click();

  await expect(page).toHaveURL(new RegExp(`/de/p/${product.urlKey}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', languageTagOf(de.locale));
  await expect(page.getByRole('navigation', { name: t('header.mainNavigation') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('header.shopAll') }).first()).toBeVisible();
  await expect(page.getByText(t('footer.healthWarning'))).toBeVisible();
  const price = formatPrice(product.price, de.locale);
  expect(price).toContain('€');
  await expect(page.getByRole('main').getByText(looseText(price)).first()).toBeVisible();
});

test('the Swiss store shows prices in francs', async ({ page, request }) => {
  const ch = await storeFacts(request, 'ch');
  const product = await productFacts(request, 'EMBER-ONE', 'ch');
  await page.goto(`/ch/p/${product.urlKey}`);
  await expect(page.getByRole('main').getByText(looseText(formatPrice(product.price, ch.locale))).first()).toBeVisible();
});
