import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createOrder } from '@ember/test-support';
import { apiBase } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { messages, waitForPageView } from './support/shop';

/** A guest finds their order at /{store}/order-status on a phone, in English and in German. */
const PHONE = { width: 390, height: 844 } as const;
const MARKETS = [
  { code: 'gb', language: 'en', address: { firstname: 'Gwen', lastname: 'Guest', street: ['10 Downing Street'], city: 'London', postcode: 'SW1A 2AA', country_code: 'GB', telephone: '+447900000000' } },
  { code: 'de', language: 'de', address: { firstname: 'Greta', lastname: 'Gast', street: ['Unter den Linden 1'], city: 'Berlin', postcode: '10117', country_code: 'DE', telephone: '+4915112345678' } },
] as const;

async function fill(page: Page, t: (key: string) => string, facts: { number: string; email: string; lastname: string }) {
  const main = page.getByRole('main');
  await main.getByLabel(t('orderStatus.number')).fill(facts.number);
  await main.getByLabel(t('account.fields.email')).fill(facts.email);
  await main.getByLabel(t('orderStatus.lastname')).fill(facts.lastname);
  await main.getByRole('button', { name: t('orderStatus.submit') }).click();
}

for (const market of MARKETS) {
  test(`a guest finds their order by number, e-mail and last name, and a wrong detail finds nothing (${market.code}, 390 px)`, async ({ page }) => {
    const t = messages(market.language);
    const email = `guest+${randomUUID().slice(0, 8)}@example.com`;
    const order = await createOrder(apiBase(), { store: market.code, email, address: market.address, items: [{ sku: 'ACC-CLEANING-KIT', quantity: 1 }] });

    await page.setViewportSize(PHONE);
    await page.goto(`/${market.code}/order-status`);
    await waitForPageView(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('orderStatus.title'));
    await expectNoSeriousViolations(page, `the order lookup form (${market.code})`);

    await fill(page, t, { number: order.order_number, email: 'someone.else@example.com', lastname: market.address.lastname });
    await expect(page.getByText(t('orderStatus.errors.notFound'))).toBeVisible();

    const main = page.getByRole('main');
    await main.getByLabel(t('account.fields.email')).fill(email.toUpperCase());
    await main.getByLabel(t('orderStatus.lastname')).fill(market.address.lastname.toLowerCase());
    await main.getByRole('button', { name: t('orderStatus.submit') }).click();
    const result = page.getByRole('region', { name: t('orderStatus.order').replace('{{number}}', order.order_number) });
    await expect(result).toBeVisible();
    await expect(page.getByText(t('orderStatus.errors.notFound'))).toHaveCount(0);
    await expect(result.getByRole('listitem')).toHaveCount(1);
    await expect(result.getByRole('listitem').first()).toContainText('1 ×');
    await expectNoSeriousViolations(page, `the found order (${market.code})`);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    await page.screenshot({ path: test.info().outputPath(`order-status-${market.code}-phone.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`order-status-${market.code}-desktop.png`), fullPage: true });
  });
}

test('the login page leads a guest to the lookup, whose form names the fields left empty before asking the shop', async ({ page }) => {
  const t = messages('en');
  await page.goto('/gb/login');
  await waitForPageView(page);
  await page.getByRole('main').getByRole('link', { name: t('orderStatus.fromLogin') }).click();
  await expect(page).toHaveURL(/\/gb\/order-status$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('orderStatus.title'));
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/graphql') && r.method() === 'POST') asked++;
  });
  await page.getByRole('button', { name: t('orderStatus.submit') }).click();
  await expect(page.getByLabel(t('orderStatus.number'))).toHaveAttribute('aria-invalid', 'true');
  expect(asked).toBe(0);
});
