import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { messages, waitForPageView } from './support/shop';

const PHONE = { width: 390, height: 844 } as const;

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(widths.inner);
}

for (const { store, language, typed, product, url } of [
  { store: 'gb', language: 'en' as const, typed: 'frost', product: 'Ember Sticks Frost', url: '/gb/p/ember-sticks-frost-pack' },
  { store: 'de', language: 'de' as const, typed: 'minze', product: 'Ember Sticks Minze', url: '/de/p/ember-sticks-mint-pack' },
]) {
  test(`${store}: the header's search suggests while typing and opens the product from the keyboard`, async ({ page }) => {
    const t = messages(language);
    await page.goto(`/${store}/`);
    await waitForPageView(page);
    const box = page.getByRole('banner').getByRole('combobox', { name: t('search.label') });
    await box.click();
    await box.pressSequentially(typed, { delay: 30 });
    const list = page.getByRole('listbox', { name: t('search.suggestions') });
    await expect(list.getByRole('option').first()).toContainText(product);
    await expectNoSeriousViolations(page, 'the header search with its suggestions open');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /option-0$/);
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(product);
  });
}

test('gb: the results page has a tab per kind, pages, marks the words and works without the suggestions', async ({ page }) => {
  const t = messages('en');
  await page.goto('/gb/');
  await waitForPageView(page);
  const box = page.getByRole('banner').getByRole('combobox', { name: t('search.label') });
  await box.fill('ember');
  // The search button sends what is typed, whether or not suggestions are showing.
  await page.getByRole('banner').getByRole('button', { name: t('search.submit') }).click();
  await expect(page).toHaveURL(/\/gb\/search\?q=ember$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “ember”');
  const tabs = page.getByRole('navigation', { name: t('search.typesLabel') });
  await expect(tabs.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.search-result')).toHaveCount(10);
  await expect(page.locator('.search-result mark').first()).toHaveText(/ember/i);
  await expectNoSeriousViolations(page, 'search results');

  await tabs.getByRole('link', { name: /^Help/ }).click();
  await expect(page).toHaveURL(/type=faq/);
  await expect(page.locator('.search-result__type').first()).toHaveText(t('search.types.faq'));
  const firstHelp = page.locator('.search-result__title a').first();
  const question = (await firstHelp.textContent())!.trim();
  await firstHelp.click();
  await expect(page).toHaveURL(/\/gb\/faq#faq-\d+$/);
  await expect(page.locator('details[open] summary')).toHaveText(question);

  await page.goto('/gb/search?q=ember&type=product');
  await page.getByRole('navigation', { name: t('pagination.label') }).getByRole('link', { name: t('pagination.next') }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('navigation', { name: t('pagination.label') }).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('de: a misspelt search says what it shows, a hopeless one offers other ways', async ({ page }) => {
  const t = messages('de');
  await page.goto('/de/search?q=bernstien');
  await expect(page.getByText('Ergebnisse für „bernstein“.')).toBeVisible();
  await expect(page.locator('.search-result__title').first()).toContainText('Bernstein');

  await page.goto('/de/search?q=zzqqxx');
  await expect(page.getByText(t('search.resultCount_zero'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('search.browseShop') })).toBeVisible();
  await expectNoSeriousViolations(page, 'a search without results');

  await page.goto('/de/search?q=a');
  await expect(page.getByRole('alert')).toHaveText(t('search.invalid'));
});

test('on a 390 px phone the search box sits below the bar and nothing scrolls sideways', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const t = messages('en');
  await page.goto('/gb/');
  await waitForPageView(page);
  const box = page.getByRole('banner').getByRole('combobox', { name: t('search.label') });
  await box.fill('citrus');
  await expect(page.getByRole('listbox', { name: t('search.suggestions') }).getByRole('option').first()).toBeVisible();
  await noSidewaysScroll(page, 'the home page with suggestions open');
  await page.screenshot({ path: test.info().outputPath('search-phone-suggestions.png') });
  await page.goto('/gb/search?q=ember%20sticks');
  await expect(page.locator('.search-result').first()).toBeVisible();
  await noSidewaysScroll(page, 'the results page');
  await page.screenshot({ path: test.info().outputPath('search-phone-results.png'), fullPage: true });
  await context.close();
});
