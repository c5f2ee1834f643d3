import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { logInByApi, newCustomer, registerByApi } from './support/account';
import { checkConsolePage, consoleAreaTexts, consoleEn, signInToConsole } from './support/console';
import { messages, waitForPageView } from './support/shop';

/**
 * The loyalty club in the console: a marketing operator creates a reward (English and German texts)
 * and a QR code; the club's reward pages list the reward in gb (English) and de (German), and a
 * customer who scans the code earns its points and spends them on the reward. The database is shared
 * with every other journey: the reward and the code are this run's own (unique names), nothing
 * seeded is changed, and the reward stays on offer (a journey listing the club's rewards at the same
 * time must not see one vanish).
 */

const { loyaltyAdmin: en } = consoleAreaTexts<typeof import('../apps/console/src/i18n/en/loyalty.json')>('loyalty');
const shopEn = messages('en');
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

/** `YYYY-MM-DDTHH:mm` in local time, as a datetime-local input takes it. */
function localInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A customer of the store view signed in in a browser context of their own. */
async function customerPage(browser: Browser, store: string): Promise<{ page: Page; uuid: string; token: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const customer = newCustomer(store === 'de' ? 'Greta' : 'Quinn');
  const uuid = await registerByApi(customer, store);
  const token = await logInByApi(page, customer, store);
  return { page, uuid, token, close: () => context.close() };
}

test('a marketing operator creates a reward and a QR code; the club offers the reward in English and German, and the code’s points buy it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const run = randomBytes(4).toString('hex');
  const name = `Club tote ${run}`;
  const nameDe = `Club-Tasche ${run}`;
  const qrDescription = `Festival stand ${run}`;

  await signInToConsole(page, 'marketing');
  // The promotions area links to /promotions/loyalty: the club's rewards, under its own tabs.
  await page.goto('/console/promotions/loyalty');
  await expect(page.getByRole('heading', { level: 1, name: en.rewards.title })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: en.nav.label });
  await expect(tabs.getByRole('link')).toHaveText([en.nav.rewards, en.nav.rules, en.nav.articles, en.nav.qrCodes]);
  await expect(page.getByRole('table', { name: new RegExp(en.rewards.caption) }).getByRole('row').nth(1)).toBeVisible();
  await checkConsolePage(page, 'loyalty rewards');

  // A reward with its English and German texts.
  await page.getByRole('link', { name: en.rewards.create }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.rewards.createTitle })).toBeVisible();
  // Sent empty, the form names what is missing before anything reaches the server.
  await page.getByRole('button', { name: en.rewards.createSubmit }).click();
  await expect(page.getByLabel(en.rewards.points)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(en.rewards.points).fill('30');
  await page.getByLabel(en.rewards.stock, { exact: true }).fill('10');
  const english = page.getByRole('group', { name: consoleEn.languages.en });
  await english.getByLabel(en.rewards.name, { exact: true }).fill(name);
  await english.getByLabel(en.rewards.description).fill('A canvas tote for your things.');
  const german = page.getByRole('group', { name: consoleEn.languages.de });
  await german.getByLabel(en.rewards.name, { exact: true }).fill(nameDe);
  await german.getByLabel(en.rewards.description).fill('Eine Tasche aus Segeltuch.');
  await checkConsolePage(page, 'new reward form');
  await page.getByRole('button', { name: en.rewards.createSubmit }).click();
  await expect(page.getByRole('heading', { level: 1, name: fill(en.rewards.detailTitle, { name }) })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(fill(en.rewards.created, { name }));
  await checkConsolePage(page, 'reward detail');

  // A QR code: its value is made by the shop.
  await tabs.getByRole('link', { name: en.nav.qrCodes }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.qr.title })).toBeVisible();
  await checkConsolePage(page, 'QR codes');
  await page.getByRole('link', { name: en.qr.create }).click();
  await page.getByLabel(en.qr.description).fill(qrDescription);
  await page.getByLabel(en.qr.points).fill('35');
  await page.getByLabel(en.qr.validTo).fill(localInput(new Date(Date.now() + 30 * 86_400_000)));
  await checkConsolePage(page, 'new QR code form');
  await page.getByRole('button', { name: en.qr.createSubmit }).click();
  await expect(page.getByRole('heading', { level: 1, name: fill(en.qr.detailTitle, { name: qrDescription }) })).toBeVisible();
  const code = (await page.getByTestId('qr-code-value').textContent())!.trim();
  expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
  const picture = page.getByRole('img', { name: fill(en.qr.pictureAlt, { code }) });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await checkConsolePage(page, 'QR code detail');

  // The other tabs open for the same operator.
  await tabs.getByRole('link', { name: en.nav.rules }).click();
  await expect(page.getByRole('table', { name: en.rules.caption }).getByRole('row', { name: /article_read/ })).toBeVisible();
  await checkConsolePage(page, 'earning rules');
  await tabs.getByRole('link', { name: en.nav.articles }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.articles.title })).toBeVisible();
  await checkConsolePage(page, 'club articles');

  // The club in gb: the customer scans the code (the club's earning route, as the app does) and spends the points on the reward.
  const gb = await customerPage(browser, 'gb');
  try {
    const scan = () => gb.page.request.post(`/api/loyalty/consumers/${gb.uuid}/earnings/qr-code`, { headers: { Store: 'gb', authorization: `Bearer ${gb.token}` }, data: { qr_code_id: code } });
    const first = await scan();
    expect(first.status(), await first.text()).toBe(200);
    expect(await first.json()).toMatchObject({ credited: true, points: 35 });
    expect(await (await scan()).json()).toMatchObject({ credited: false, points: 0 });

    await gb.page.goto('/gb/loyalty/redeem');
    await waitForPageView(gb.page);
    const main = gb.page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(gb.page.getByRole('banner').getByTestId('points-balance')).toHaveText(fill(shopEn('loyalty.points.available_other'), { count: 35 }));
    await main.getByRole('button', { name: `${shopEn('loyalty.redeem.action')} ${name}` }).click();
    await expect(main.getByRole('status')).toContainText('RW-');
    await expect(gb.page.getByRole('banner').getByTestId('points-balance')).toHaveText(fill(shopEn('loyalty.points.available_other'), { count: 5 }));
  } finally {
    await gb.close();
  }

  // The club in de lists it by its German name.
  const de = await customerPage(browser, 'de');
  try {
    await de.page.goto('/de/loyalty/redeem');
    await waitForPageView(de.page);
    const main = de.page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: nameDe })).toBeVisible();
    await expect(main.getByText('Eine Tasche aus Segeltuch.')).toBeVisible();
    await expect(main.getByText(name, { exact: true })).toHaveCount(0);
  } finally {
    await de.close();
  }

  // Back in the console, the code counts one member who scanned it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: en.articles.title })).toBeVisible();
  const codes = (await (await page.request.get('/admin/loyalty/qr-codes?state=active&page_size=100')).json()) as { items: { id: string; scans: number }[] };
  expect(codes.items.find((c) => c.id === code)?.scans).toBe(1);
});

test('a support operator reads the club’s rewards but is offered no way to change them, and the API refuses a change', async ({ page }) => {
  await signInToConsole(page, 'support');
  await page.goto('/console/promotions/loyalty/rewards');
  await expect(page.getByRole('heading', { level: 1, name: en.rewards.title })).toBeVisible();
  await expect(page.getByRole('link', { name: en.rewards.create })).toHaveCount(0);
  const session = (await (await page.request.get('/admin/session')).json()) as { csrf_token: string };
  const refused = await page.request.post('/admin/loyalty/rewards', {
    headers: { origin: new URL(page.url()).origin, 'x-csrf-token': session.csrf_token },
    data: { points: 10, texts: { en: { name: 'Not allowed' } } },
  });
  expect(refused.status(), await refused.text()).toBe(403);
});
