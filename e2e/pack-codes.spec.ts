import { expect, test } from '@playwright/test';
import { TEST_PACK_CODE_SECRET } from '../apps/server/src/config';
import { formatCode, makeCode } from '../apps/server/src/modules/pack-codes/pack-codes.code';
import { logInByApi, newCustomer, registerByApi } from './support/account';
import { messages, waitForPageView } from './support/shop';

/**
 * A code of a demo batch (db/seed/0036_pack_codes.sql, made with the TEST mode key the journeys'
 * server runs with) that nobody has registered: a random serial past the few the README prints.
 */
function freshCode(batch: 1 | 2 | 3): string {
  return formatCode(makeCode(TEST_PACK_CODE_SECRET, batch, 1000 + Math.floor(Math.random() * 98_000)));
}

/** A message with its parameters filled in; a parameter given as a RegExp matches any text there. */
function said(template: string, params: Record<string, string | number | RegExp>): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = template.split(/(\{\{\w+\}\})/);
  return new RegExp(`^${parts.map((p) => {
    const name = /^\{\{(\w+)\}\}$/.exec(p)?.[1];
    if (!name) return escape(p);
    const v = params[name];
    return v instanceof RegExp ? v.source : escape(String(v));
  }).join('')}$`);
}

for (const [language, store] of [['en', 'gb'], ['de', 'de']] as const) {
  test(`a member registers a pack code in the club and sees its points; wrong codes are told in words (${language})`, async ({ page }) => {
    const t = messages(language);
    const customer = newCustomer('Paula');
    await registerByApi(customer, store);
    await logInByApi(page, customer, store);

    await page.goto(`/${store}/loyalty/pack-codes`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: t('loyalty.titles.packCodes') })).toBeVisible();
    await waitForPageView(page);
    await expect(main.getByText(t('loyalty.packCodes.none'))).toBeVisible();
    const input = main.getByRole('textbox', { name: t('loyalty.packCodes.label') });
    const submit = main.getByRole('button', { name: t('loyalty.packCodes.submit') });
    const result = main.getByTestId('pack-code-result');

    // A code with a wrong last character is no genuine code.
    const code = freshCode(store === 'gb' ? 1 : 2);
    const wrong = code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A');
    await input.fill(wrong);
    await submit.click();
    await expect(result).toHaveText(said(t('loyalty.packCodes.result.not_genuine'), { code: wrong }));
    await expect(result).toHaveAttribute('role', 'alert');

    // Something that cannot be a code at all.
    await input.fill('1234-5678');
    await submit.click();
    await expect(result).toHaveText(t('loyalty.packCodes.errors.VALIDATION_FAILED'));

    // The genuine code, typed as people type: lower case, spaces instead of dashes.
    await input.fill(code.toLowerCase().replace(/-/g, ' '));
    await submit.click();
    await expect(result).toHaveText(said(t('loyalty.packCodes.result.registered_other'), { code, count: 20, product: /.+/ }));
    await expect(result).toHaveAttribute('role', 'status');
    await expect(input).toHaveValue('');
    await expect(page.getByRole('banner').getByTestId('points-balance')).toHaveText(said(t('loyalty.header.points_other'), { count: 20 }));
    await expect(main.getByTestId('pack-code-allowance')).toHaveText(said(t('loyalty.packCodes.left_other'), { count: 19, allowance: 20 }));
    const row = main.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('+20');

    // The same code again earns nothing.
    await input.fill(code);
    await submit.click();
    await expect(result).toHaveText(said(t('loyalty.packCodes.result.already_registered'), { code }));

    // The club's points page shows them.
    await main.getByRole('navigation', { name: t('loyalty.navigation') }).getByRole('link', { name: t('loyalty.nav.account') }).click();
    await expect(main.getByTestId('loyalty-points')).toHaveText(said(t('loyalty.points.available_other'), { count: 20 }));
  });
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the pack-codes page with a registered code does not scroll sideways', async ({ page }) => {
    const t = messages('de');
    const customer = newCustomer('Pia');
    await registerByApi(customer, 'de');
    await logInByApi(page, customer, 'de');
    await page.goto('/de/loyalty/pack-codes');
    await waitForPageView(page);
    const main = page.getByRole('main');
    const code = freshCode(3);
    await main.getByRole('textbox', { name: t('loyalty.packCodes.label') }).fill(code);
    await main.getByRole('button', { name: t('loyalty.packCodes.submit') }).click();
    await expect(main.getByTestId('pack-code-result')).toHaveAttribute('role', 'status');
    await expect(main.getByRole('row').filter({ hasText: code })).toBeVisible();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    // The registered code reads whole, without a scroll of its own.
    const cell = main.getByRole('cell', { name: code });
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});
