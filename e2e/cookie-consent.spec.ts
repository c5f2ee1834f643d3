import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { messages, productFacts, readDataLayer, waitForPageView, type DataLayerEntry } from './support/shop';

// A visitor who answered the age gate but not yet the cookie banner (docs/decisions/0072).
test.use({
  storageState: {
    cookies: [{ name: 'ember_age_gate', value: 'gb', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }],
    origins: [],
  },
});

const PHONE = { width: 390, height: 844 } as const;
const en = messages('en');

/** Consent Mode commands are `arguments` objects; the browser hands them over as `{0: 'consent', 1: 'default', 2: {...}}`. */
function consentCommands(entries: DataLayerEntry[]): { command: unknown; state: Record<string, string> }[] {
  return entries.filter((e) => e[0] === 'consent').map((e) => ({ command: e[1], state: e[2] as Record<string, string> }));
}

function banner(page: Page, t: (key: string) => string) {
  return page.getByRole('dialog', { name: t('cookieConsent.heading') });
}

async function consentCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'ember_consent')?.value;
}

for (const [store, language] of [['gb', 'en'], ['de', 'de']] as const) {
  test(`a first-time visitor in ${store} sees the cookie banner in their language on a phone, usable by keyboard and axe clean`, async ({ page, request }) => {
    const t = messages(language);
    // The server's page is the same for everyone: no banner in it.
    const html = await (await request.get(`/${store}/`)).text();
    expect(html).not.toContain(t('cookieConsent.heading'));
    expect(html).not.toMatch(/class="consent-banner"/);

    await page.setViewportSize(PHONE);
    await page.goto(`/${store}/`);
    const dialog = banner(page, t);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: t('cookieConsent.heading') })).toBeFocused();
    for (const key of ['cookieConsent.acceptAll', 'cookieConsent.rejectAll', 'cookieConsent.customise']) {
      await expect(dialog.getByRole('button', { name: t(key) })).toBeVisible();
    }
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: t('cookieConsent.acceptAll') })).toBeFocused();
    await dialog.getByRole('button', { name: t('cookieConsent.customise') }).click();
    for (const group of ['functional', 'analytics', 'marketing']) {
      await expect(dialog.getByRole('checkbox', { name: new RegExp(t(`cookieConsent.${group}.label`)) })).not.toBeChecked();
    }
    await expect(dialog.getByRole('checkbox', { name: new RegExp(t('cookieConsent.necessary.label')) })).toBeDisabled();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.height).toBeLessThan(PHONE.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousViolations(page, `${store} cookie banner`);
  });
}

test('reject all: only consent commands reach the data layer, on this page and the next, and nothing is asked again', async ({ page, request }) => {
  const carton = await productFacts(request, 'STK-TEAK-CARTON');
  await page.clock.install();
  await page.goto(`/gb/p/${carton.urlKey}`);
  const dialog = banner(page, en);
  await dialog.getByRole('button', { name: en('cookieConsent.rejectAll') }).click();
  await expect(dialog).toBeHidden();
  expect(await consentCookie(page)).toBe('1.');

  await page.reload();
  await expect.poll(async () => consentCommands(await readDataLayer(page)).length).toBe(2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(main.getByRole('status').filter({ hasText: carton.name })).toBeVisible();
  // Longer than the tracking instance's wait and the events' delay (spec §9).
  await page.clock.runFor(20_000);
  const entries = await readDataLayer(page);
  expect(consentCommands(entries)).toEqual([
    { command: 'default', state: expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied', security_storage: 'granted' }) },
    { command: 'update', state: expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied', functionality_storage: 'denied' }) },
  ]);
  expect(entries).toHaveLength(2);
});

test('accepting analytics only sends consent update, then the page view and the page’s e-commerce event; the choice persists', async ({ page }) => {
  await page.goto('/gb/shop');
  const dialog = banner(page, en);
  await dialog.getByRole('button', { name: en('cookieConsent.customise') }).click();
  await dialog.getByRole('checkbox', { name: new RegExp(en('cookieConsent.analytics.label')) }).check();
  await dialog.getByRole('button', { name: en('cookieConsent.save') }).click();
  await expect(dialog).toBeHidden();
  expect(await consentCookie(page)).toBe('1.a');

  const view = await waitForPageView(page);
  expect(view.template_name).toBe('shop');
  const entries = await readDataLayer(page);
  const commands = consentCommands(entries);
  expect(commands[0]).toMatchObject({ command: 'default', state: { analytics_storage: 'denied' } });
  expect(commands.at(-1)).toMatchObject({ command: 'update', state: { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' } });
  // The default comes before anything else.
  expect(entries[0]![0]).toBe('consent');
  expect(entries.findIndex((e) => e.event === 'on_load')).toBeGreaterThan(entries.findIndex((e) => e[1] === 'update'));
  await expect.poll(async () => (await readDataLayer(page)).some((e) => e.event === 'view_item_list')).toBe(true);

  await page.reload();
  await waitForPageView(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(consentCommands(await readDataLayer(page)).map((c) => c.command)).toEqual(['default', 'update']);
});

test('the footer’s “Cookie settings” reopens the banner with the choice made, and a new choice replaces it', async ({ page }) => {
  await page.goto('/gb/faq');
  await banner(page, en).getByRole('button', { name: en('cookieConsent.acceptAll') }).click();
  expect(await consentCookie(page)).toBe('1.fam');
  await waitForPageView(page);

  const settings = page.getByRole('contentinfo').getByRole('button', { name: en('cookieConsent.settings') });
  await settings.click();
  const dialog = banner(page, en);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: new RegExp(en('cookieConsent.marketing.label')) })).toBeChecked();
  // Escape leaves the choice as it was and gives the focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(settings).toBeFocused();
  expect(await consentCookie(page)).toBe('1.fam');

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: en('cookieConsent.rejectAll') }).click();
  expect(await consentCookie(page)).toBe('1.');
  expect(consentCommands(await readDataLayer(page)).at(-1)).toMatchObject({ command: 'update', state: { analytics_storage: 'denied' } });
});

test('a choice of an earlier version of the groups is asked again', async ({ page, context }) => {
  await context.addCookies([{ name: 'ember_consent', value: '0.fam', domain: '127.0.0.1', path: '/' }]);
  await page.goto('/gb/');
  await expect(banner(page, en)).toBeVisible();
});
