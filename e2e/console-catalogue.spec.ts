import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { gql } from '@ember/test-support';
import * as OTPAuth from 'otpauth';
import { apiBase } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { ADMIN_TOKEN } from './support/shop';

/**
 * The console's catalogue (prices per store view, stock counts with their history) and the
 * compliance area's markets and consent texts. The database is shared with every other journey:
 * prices and stock change only on a product no other journey buys, and markets and consent texts
 * are saved with the values they already have.
 */

const en = JSON.parse(readFileSync(new URL('../apps/console/src/i18n/en.json', import.meta.url), 'utf8')) as typeof import('../apps/console/src/i18n/en.json');
/** A product no other journey buys or prices. */
const SKU = 'ACC-CASE-COPPER';
const URL_KEY = 'ember-one-carry-case-copper';
const NAME = 'Ember One Carry Case Copper';

type Role = 'owner' | 'fulfilment' | 'compliance' | 'marketing' | 'support';
interface OperatorLogin {
  uuid: string;
  email: string;
  name: string;
  password: string;
}

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

/** Adds an operator through the API as a script (bearer ADMIN_TOKEN) would. */
async function createOperator(page: Page, role: Role): Promise<OperatorLogin> {
  const id = randomBytes(5).toString('hex');
  const operator = { email: `${role}-${id}@example.com`, name: `Operator ${id}`, password: `Console-${id}-Pw1!` };
  const response = await page.request.post('/admin/operators', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, data: { ...operator, role } });
  expect(response.status(), await response.text()).toBe(201);
  const { uuid } = (await response.json()) as { uuid: string };
  return { ...operator, uuid };
}

function totpCode(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/** Signs in at /console with the password and enrols the authenticator from the secret shown. */
async function signIn(page: Page, role: Role): Promise<OperatorLogin> {
  const operator = await createOperator(page, role);
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel(en.login.email).fill(operator.email);
  await page.getByLabel(en.login.password).fill(operator.password);
  await page.getByRole('button', { name: en.login.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.enrol.title })).toBeVisible();
  const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
  await page.getByLabel(en.totp.code).fill(totpCode(secret!));
  await page.getByRole('button', { name: en.enrol.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible();
  return operator;
}

/** No part of the page wider than the phone. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, what).toBeLessThanOrEqual(widths.inner);
}

/** Axe and the phone's width on a console page, then back to the desktop. */
async function checkPage(page: Page, what: string): Promise<void> {
  await expectNoSeriousViolations(page, what);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, `${what} at 390 px`);
  await expectNoSeriousViolations(page, `${what} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The headers of a change sent as the signed-in console would: its origin and the session's CSRF token. */
async function consoleHeaders(page: Page): Promise<Record<string, string>> {
  const session = await page.request.get('/admin/session');
  return { origin: apiBase(), 'x-csrf-token': ((await session.json()) as { csrf_token: string }).csrf_token };
}

const nav = (page: Page) => page.getByRole('navigation', { name: en.app.navigation });

async function openProduct(page: Page): Promise<void> {
  await nav(page).getByRole('link', { name: en.nav.catalogue }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.catalogue.title })).toBeVisible();
  await page.getByLabel(en.catalogue.q).fill(SKU);
  await page.getByRole('button', { name: en.common.search }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${SKU}`));
  await page.getByRole('table', { name: en.catalogue.caption }).getByRole('link', { name: SKU, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: fill(en.catalogue.detailTitle, { name: NAME }) })).toBeVisible();
}

test('a fulfilment operator counts a product’s stock with a reason and sees the movement in its history', async ({ page }) => {
  const operator = await signIn(page, 'fulfilment');
  await nav(page).getByRole('link', { name: en.nav.catalogue }).click();
  await expect(page.getByRole('table', { name: en.catalogue.caption }).getByRole('row').nth(1)).toBeVisible();
  await checkPage(page, 'catalogue list');
  await openProduct(page);
  // Fulfilment counts stock but does not set prices.
  await expect(page.getByRole('region', { name: en.catalogue.setPrice })).toHaveCount(0);

  const before = (await (await page.request.get(`/admin/catalogue/products/${SKU}`)).json()) as { quantity: number };
  // More on the shelf than the books say: harmless to the journeys buying at the same time.
  const counted = before.quantity + 5;
  const reason = `Shelf count ${randomBytes(3).toString('hex')}`;
  const form = page.getByRole('region', { name: en.catalogue.changeStock });
  await form.getByLabel(en.catalogue.modeSet).check();
  await form.getByLabel(en.catalogue.countedQuantity).fill(String(counted));
  await form.getByLabel(en.catalogue.reason).fill(reason);
  await form.getByRole('button', { name: en.catalogue.saveStock }).click();
  await expect(page.getByRole('status')).toHaveText(fill(en.catalogue.stockSaved, { quantity: counted }));

  const movement = page.getByRole('table', { name: en.catalogue.movementsCaption }).getByRole('row').filter({ hasText: reason });
  await expect(movement).toHaveCount(1);
  await expect(movement).toContainText(operator.email);
  await expect(movement).toContainText(en.stockSource.operator);
  await expect(movement).toContainText(String(counted));
  await checkPage(page, 'product detail');

  // A count without a reason is refused before it is sent.
  await form.getByLabel(en.catalogue.countedQuantity).fill('1');
  await form.getByRole('button', { name: en.catalogue.saveStock }).click();
  await expect(form.getByLabel(en.catalogue.reason)).toHaveAttribute('aria-invalid', 'true');
  const after = (await (await page.request.get(`/admin/catalogue/products/${SKU}`)).json()) as { quantity: number };
  expect(after.quantity).toBe(counted);
});

test('a support operator’s product page has no price form, and the API refuses a price from them', async ({ page }) => {
  await signIn(page, 'support');
  await openProduct(page);
  await expect(page.getByRole('region', { name: en.catalogue.prices, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: en.catalogue.setPrice })).toHaveCount(0);
  await expect(page.getByRole('region', { name: en.catalogue.changeStock })).toHaveCount(0);
  const forced = await page.request.put(`/admin/catalogue/products/${SKU}/prices/gb`, { headers: await consoleHeaders(page), data: { regular_minor: 1, special_minor: null } });
  expect(forced.status(), await forced.text()).toBe(403);
  expect(((await forced.json()) as { error: { message: string } }).error.message).toBe('Your role does not allow this');
});

test('a marketing operator sets a new gb price and the storefront sells at it', async ({ page }) => {
  await signIn(page, 'marketing');
  await openProduct(page);
  const original = ((await (await page.request.get(`/admin/catalogue/products/${SKU}`)).json()) as { prices: { store_code: string; regular_minor: number; special_minor: number | null }[] }).prices.find((p) => p.store_code === 'gb')!;
  expect(original).toBeTruthy();
  // A price no one else sets: between £16.01 and £16.99.
  const pence = 1601 + (randomBytes(1)[0]! % 99);
  const form = page.getByRole('region', { name: en.catalogue.setPrice });
  await form.getByLabel(en.catalogue.store, { exact: true }).selectOption('gb');
  await form.getByLabel(fill(en.catalogue.regularPrice, { currency: 'GBP' })).fill((pence / 100).toFixed(2));
  await form.getByLabel(fill(en.catalogue.specialPrice, { currency: 'GBP' })).fill('');
  await form.getByRole('button', { name: en.catalogue.savePrice }).click();
  await expect(page.getByRole('status')).toHaveText(fill(en.catalogue.priceSaved, { store: 'gb' }));
  const shown = `£${(pence / 100).toFixed(2)}`;
  await expect(page.getByRole('table', { name: en.catalogue.pricesCaption }).getByRole('row').filter({ hasText: 'gb' }).first()).toContainText(shown);
  await checkPage(page, 'product with price form');

  try {
    // The storefront's catalogue (GraphQL, gb) sells at the new price.
    await expect
      .poll(async () => {
        const r = await gql(apiBase(), `query ($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { sku price_range { minimum_price { final_price { value } } } } } }`, { sku: SKU }, { store: 'gb' });
        return (r.body as { data?: { products?: { items?: { price_range: { minimum_price: { final_price: { value: number } } } }[] } } }).data?.products?.items?.[0]?.price_range.minimum_price.final_price.value;
      })
      .toBe(pence / 100);
    await page.goto(`/gb/p/${URL_KEY}`);
    await expect(page.getByText(shown).first()).toBeVisible();
  } finally {
    // The seeded price again, for anyone reading it later.
    const restored = await page.request.put(`/admin/catalogue/products/${SKU}/prices/gb`, {
      headers: await consoleHeaders(page),
      data: { regular_minor: original.regular_minor, special_minor: original.special_minor },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test('a compliance operator corrects a consent text without a new version and sees it in the history', async ({ page }) => {
  const operator = await signIn(page, 'compliance');
  await nav(page).getByRole('link', { name: en.nav.compliance }).click();
  const sub = page.getByRole('navigation', { name: en.complianceNav.label });
  await sub.getByRole('link', { name: en.complianceNav.consents }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.consents.title })).toBeVisible();
  await checkPage(page, 'consent texts');

  const list = (await (await page.request.get('/admin/compliance/consents')).json()) as { items: { id: string; version: number; texts: Record<string, { name: string; description: string }> }[] };
  const purpose = list.items.find((p) => p.texts.en);
  expect(purpose, 'a purpose with an English text').toBeTruthy();
  const before = (await (await page.request.get(`/admin/compliance/consents/${purpose!.id}`)).json()) as { version: number; history: unknown[] };

  await page.getByRole('table', { name: en.consents.caption }).getByRole('link', { name: purpose!.id, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: fill(en.consents.detailTitle, { name: purpose!.texts.en!.name }) })).toBeVisible();
  const form = page.getByRole('region', { name: en.consents.edit });
  const english = form.getByRole('group', { name: en.languages.en });
  await expect(english.getByLabel(en.consents.description)).toHaveValue(purpose!.texts.en!.description);
  // The same words written back as a correction: other journeys read this purpose too.
  await english.getByLabel(en.consents.description).fill(purpose!.texts.en!.description);
  await form.getByLabel(fill(en.consents.correction, { version: before.version })).check();
  await form.getByRole('button', { name: en.consents.saveCorrection }).click();
  await expect(page.getByRole('status')).toHaveText(fill(en.consents.saved, { version: before.version }));

  const history = page.getByRole('table', { name: en.consents.historyCaption });
  await expect(history.getByRole('row').filter({ hasText: operator.email }).filter({ hasText: purpose!.texts.en!.description }).first()).toBeVisible();
  const after = (await (await page.request.get(`/admin/compliance/consents/${purpose!.id}`)).json()) as { version: number; history: unknown[] };
  expect(after.version).toBe(before.version);
  expect(after.history.length).toBeGreaterThan(before.history.length);
  await checkPage(page, 'consent detail');
});

test('the markets page lists gb at 18, and a compliance operator saves gb unchanged with a reason', async ({ page }) => {
  await signIn(page, 'compliance');
  await nav(page).getByRole('link', { name: en.nav.compliance }).click();
  await page.getByRole('navigation', { name: en.complianceNav.label }).getByRole('link', { name: en.complianceNav.markets }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.markets.title })).toBeVisible();
  const table = page.getByRole('table', { name: en.markets.caption });
  const gb = table.getByRole('row').filter({ hasText: '(gb)' });
  await expect(gb).toHaveCount(1);
  const minimumAgeColumn = await table.getByRole('columnheader').allInnerTexts();
  await expect(gb.getByRole('cell').nth(minimumAgeColumn.indexOf(en.markets.minimumAge) - 1)).toHaveText('18');
  await checkPage(page, 'markets');

  const before = ((await (await page.request.get('/admin/compliance/markets')).json()) as { items: Record<string, unknown>[] }).items.find((m) => m.store_code === 'gb');
  await gb.getByRole('link').click();
  await expect(page.getByLabel(en.markets.minimumAge)).toHaveValue('18');
  await checkPage(page, 'market rules');
  await page.getByLabel(en.markets.reason, { exact: true }).fill('Yearly review: no change');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: en.markets.save }).click();
  await expect(page.getByRole('status')).toHaveText(fill(en.markets.saved, { name: String(before!.name) }));
  const after = ((await (await page.request.get('/admin/compliance/markets')).json()) as { items: Record<string, unknown>[] }).items.find((m) => m.store_code === 'gb');
  expect(after).toEqual(before);
});
