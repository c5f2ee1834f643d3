import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createOrder } from '@ember/test-support';
import { apiBase, pageOrigin, signedInCustomer, verifyAgeByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { messages, waitForPageView } from './support/shop';

/** Devices: my-devices in the account and a guest's get-started page, on a 390 px phone, in English and German. */
test.use({ viewport: { width: 390, height: 844 } });

const en = messages('en');
const de = messages('de');

/** The demo serials the seed gives each device model (db/seed/0035_devices.sql). */
const SEEDED = (() => {
  const sql = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/seed/0035_devices.sql'), 'utf8');
  const byModel = new Map<string, string[]>();
  for (const m of sql.matchAll(/\('([0-9A-Z]{12})', '(EMBER-[A-Z-]+)'/g)) byModel.set(m[2]!, [...(byModel.get(m[2]!) ?? []), m[1]!]);
  return byModel;
})();

/** A seeded serial of the model no other journey of this file uses (each test takes its own slot). */
function serialOf(model: string, slot: number): string {
  return SEEDED.get(model)![slot]!;
}

/** The same code with one character changed: its check character no longer matches. */
function typo(serial: string): string {
  return serial.slice(0, 4) + (serial[4] === 'A' ? 'B' : 'A') + serial.slice(5);
}

const grouped = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

/** Registration date + months, as the page writes it in the store's locale. */
function warrantyEnd(months: number, locale: string): string {
  const d = new Date();
  d.setMonth(d.getMonth() + months);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(d);
}

/** Frees the devices a journey registered, so a run on a kept database can repeat. */
async function unassignByApi(page: Page, uuid: string, serial: string): Promise<void> {
  await page.request.put(`/api/devices/${serial}/unassign`, { headers: { Store: 'gb', ...pageOrigin() }, data: { consumerId: uuid } });
}

/** No part of the page wider than the phone. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

for (const [store, t, locale, months, model, slot] of [
  ['gb', en, 'en-GB', 12, 'EMBER-ONE-IVORY', 0],
  ['de', de, 'de-DE', 24, 'EMBER-NOVA-ROSE', 0],
] as const) {
  test(`a customer registers a device at my-devices and sees its warranty (${store})`, async ({ page }) => {
    const { uuid } = await signedInCustomer(page);
    const serial = serialOf(model, slot);
    try {
      await page.goto(`/${store}/account#/devices`);
      const view = await waitForPageView(page);
      expect(JSON.stringify(view)).toContain('my-devices');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 2, name: t('account.nav.devices') })).toBeVisible();
      await expect(main.getByText(t('devices.none'))).toBeVisible();

      // A mistyped code is caught by the form: no call reaches the device service.
      const calls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/devices') && r.method() === 'POST') calls.push(r.url());
      });
      const field = main.getByLabel(t('devices.codeLabel'));
      await field.fill(grouped(typo(serial)));
      await main.getByRole('button', { name: t('devices.register') }).click();
      await expect(main.getByText(t('form.errors.deviceCodeCheck'))).toBeVisible();
      expect(calls).toEqual([]);

      // The right code, typed in groups and lower case: accepted, listed with its warranty.
      await field.fill(grouped(serial).toLowerCase());
      await main.getByRole('button', { name: t('devices.register') }).click();
      await expect(main.getByRole('status').filter({ hasText: t('devices.status.202.title') })).toBeVisible();
      const card = main.locator(`[data-serial="${serial}"]`);
      await expect(card).toBeVisible();
      await expect(card.getByText(grouped(serial))).toBeVisible();
      await expect(card.getByTestId('warranty-end')).toHaveText(warrantyEnd(months, locale));
      expect(calls).toHaveLength(1);

      await expectNoSidewaysScroll(page);
      await expectNoSeriousViolations(page, `my-devices (${store})`);
    } finally {
      await unassignByApi(page, uuid, serial);
    }
  });
}

test('a code held by another customer is answered with the spec\'s 409 title, rename and unassign work', async ({ page }) => {
  const serial = serialOf('EMBER-ONE-SAGE', 0);
  // Another customer holds the device.
  const holder = await signedInCustomer(page);
  expect((await page.request.post('/api/devices', { headers: { Store: 'gb', ...pageOrigin() }, data: { consumerId: holder.uuid, deviceId: serial } })).status()).toBe(202);
  const mine = serialOf('EMBER-ONE-SAGE', 1);
  const { uuid } = await signedInCustomer(page);
  try {
    await page.goto('/gb/account#/devices');
    const main = page.getByRole('main');
    const field = main.getByLabel(en('devices.codeLabel'));
    await field.fill(serial);
    await main.getByRole('button', { name: en('devices.register') }).click();
    const alert = main.getByRole('alert').filter({ hasText: en('devices.status.409.title') });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(en('devices.status.409.text'));

    await field.fill(mine);
    await main.getByRole('button', { name: en('devices.register') }).click();
    const card = main.locator(`[data-serial="${mine}"]`);
    await card.getByRole('button', { name: en('devices.rename') }).click();
    await card.getByLabel(en('devices.nameLabel')).fill('Bedside');
    await card.getByRole('button', { name: en('devices.saveName') }).click();
    await expect(card.getByRole('heading', { name: 'Bedside' })).toBeVisible();
    page.once('dialog', (d) => void d.accept());
    await card.getByRole('button', { name: en('devices.unassign') }).click();
    await expect(main.getByText(en('devices.none'))).toBeVisible();
  } finally {
    await page.request.post('/account/users/authentication/sessions', {
      headers: { Store: 'gb', ...pageOrigin() }, data: { strategy: 'email_password', strategy_data: { identifier: holder.customer.email, password: holder.customer.password } },
    });
    await unassignByApi(page, holder.uuid, serial);
    void uuid;
  }
});

for (const [store, t, locale, months, model] of [
  ['gb', en, 'en-GB', 12, 'EMBER-NOVA-MIDNIGHT'],
  ['de', de, 'de-DE', 24, 'EMBER-NOVA-COPPER'],
] as const) {
  test(`a guest registers a device at get-started after the bot check (${store})`, async ({ page }) => {
    const serial = serialOf(model, 0);
    await page.goto(`/${store}/get-started`);
    const view = await waitForPageView(page);
    expect(JSON.stringify(view)).toContain('get-started');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: t('devices.guest.title') })).toBeVisible();
    const submit = main.getByRole('button', { name: t('devices.register') });
    await expect(submit).toBeDisabled();

    // A typo is caught by the form before the bot check is even asked.
    await main.getByLabel(t('devices.codeLabel')).fill(typo(serial));
    await main.getByRole('checkbox').click();
    await expect(submit).toBeEnabled({ timeout: 20_000 });
    await submit.click();
    await expect(main.getByText(t('form.errors.deviceCodeCheck'))).toBeVisible();

    await main.getByLabel(t('devices.codeLabel')).fill(serial);
    await submit.click();
    await expect(main.getByRole('status').filter({ hasText: t('devices.status.202.title') })).toBeVisible();
    const card = main.locator(`[data-serial="${serial}"]`);
    await expect(card.getByTestId('warranty-end')).toHaveText(warrantyEnd(months, locale));
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `get-started (${store})`);

    // Cleanup: the guest's own external id frees it again.
    const guestId = await page.evaluate(() => window.localStorage.getItem('ember.device-guest-id'));
    await page.request.patch(`/api/devices/guest/${serial}/unassign`, { headers: { Store: store }, data: { externalId: guestId } });
  });
}

/** The operator token the journeys' server is started with (playwright.config.ts). */
const ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN ?? 'e2e-operator-token-0123456789abcdef0123';
const ADDRESS = { firstname: 'Dev', lastname: 'Ice', street: ['Baker Street', '221b'], city: 'London', postcode: 'NW1 6XE', country_code: 'GB', telephone: '+447900000000' };

test('a device shipped with an order is registered from my-orders', async ({ page }) => {
  const { token, uuid } = await signedInCustomer(page);
  await verifyAgeByApi(page);
  const order = await createOrder(apiBase(), { customer: { token }, items: [{ sku: 'EMBER-ONE-SLATE', parent_sku: 'EMBER-ONE', quantity: 1 }], address: ADDRESS });
  const number = order.order_number;
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  for (const step of [{ status: 'payment_completed' }, { status: 'processing' }, { status: 'shipped', tracking: { carrier: 'Royal Mail', number: `RM${Date.now()}` } }]) {
    const moved = await page.request.post(`/admin/orders/${number}/status`, { headers: admin, data: step });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const serial = serialOf('EMBER-ONE-SLATE', 3);
  const recorded = await page.request.post(`/admin/orders/${number}/devices`, { headers: admin, data: { serial } });
  expect(recorded.status(), await recorded.text()).toBe(202);
  try {
    await page.goto(`/gb/account#/orders/${number}`);
    const main = page.getByRole('main');
    const card = main.locator(`[data-serial="${serial}"]`);
    await card.getByRole('button', { name: en('devices.order.registerThis') }).click();
    await expect(main.getByRole('status').filter({ hasText: en('devices.status.202.title') })).toBeVisible();
    await expect(card.getByText(en('devices.order.registered'))).toBeVisible();
    await page.goto('/gb/account#/devices');
    await expect(page.getByRole('main').locator(`[data-serial="${serial}"]`).getByTestId('warranty-end')).toHaveText(warrantyEnd(12, 'en-GB'));
    await expectNoSidewaysScroll(page);
  } finally {
    await unassignByApi(page, uuid, serial);
  }
});
