import { expect, test } from '@playwright/test';
import { signedInCustomer } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { messages, waitForPageView } from './support/shop';

const PHONE = { width: 390, height: 844 } as const;

test('a visitor is asked to sign in; a customer gets one code and sees the same one again (gb, 390 px)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const t = messages('en');
  await page.goto('/gb/offers/cinema-night');
  await waitForPageView(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A night at the cinema');
  const signIn = page.getByRole('link', { name: t('offers.signIn') });
  await expect(signIn).toHaveAttribute('href', /\/gb\/login\?returnTo=%2Fgb%2Foffers%2Fcinema-night/);
  await expectNoSeriousViolations(page, 'the offer for a visitor');

  await signedInCustomer(page);
  await page.goto('/gb/offers/cinema-night');
  await waitForPageView(page);
  await page.getByRole('button', { name: t('offers.getCode') }).click();
  const code = page.getByTestId('coupon-code');
  await expect(code).toHaveText(/^LUMEN-[0-9A-F]{8}$/);
  const given = await code.textContent();
  await expectNoSeriousViolations(page, 'the offer with the code');
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);

  await page.reload();
  await expect(page.getByTestId('coupon-code')).toHaveText(given!);
  await expect(page.getByRole('button', { name: t('offers.getCode') })).toHaveCount(0);
});

test('the offer speaks German in de, and an unknown offer is the shop\'s 404 page', async ({ page }) => {
  const t = messages('de');
  await page.goto('/de/offers/cinema-night');
  await waitForPageView(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ein Abend im Kino');
  await expect(page.getByText(t('offers.signInFirst'))).toBeVisible();
  expect((await page.request.get('/de/offers/no-such-offer')).status()).toBe(404);
  expect((await page.request.get('/gb_trial/offers/cinema-night')).status()).toBe(404);
});
