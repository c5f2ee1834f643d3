import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOrder, registerCustomer } from '@ember/test-support';
import { apiBase, logInByApi, newCustomer, registerByApi, verifyAgeByApi, type Customer } from './support/account';
import { acceptTerms } from './support/legal';
import { messages, productFacts, readDataLayer, waitForPageView } from './support/shop';

const en = messages('en');
/** The operator token the journey's server is started with (playwright.config.ts). */
const ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN ?? 'e2e-operator-token-0123456789abcdef0123';

const ADDRESS = { firstname: 'Lena', lastname: 'Loyal', street: ['Baker Street', '221b'], city: 'London', postcode: 'NW1 6XE', country_code: 'GB', telephone: '+447900000000' };

/**
 * The signed-in customer (their session's `token`) buys `quantity` of a product through the commerce
 * API with the order factory. Sticks are age-restricted in gb, so the browser context's customer is
 * verified first, as checkout would ask.
 */
async function buy(page: Page, token: string, sku: string, quantity: number): Promise<string> {
  await verifyAgeByApi(page);
  const order = await createOrder(apiBase(), { customer: { token }, items: [{ sku, quantity }], address: ADDRESS });
  return order.order_number;
}

/** The operator tool moves the order along: paid, processing, shipped with tracking, delivered. */
async function deliver(request: APIRequestContext, number: string): Promise<void> {
  for (const step of [
    { status: 'payment_completed' },
    { status: 'processing' },
    { status: 'shipped', tracking: { carrier: 'Royal Mail', number: `RM${Date.now()}` } },
    { status: 'delivered' },
  ]) {
    const response = await request.post(`/admin/orders/${number}/status`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, data: step });
    expect(response.status(), await response.text()).toBe(200);
  }
}

async function points(page: Page, uuid: string): Promise<{ points: number; pending_points: number }> {
  const response = await page.request.get(`/api/loyalty/consumers/${uuid}`, { headers: { Store: 'gb' } });
  return response.json();
}

async function registerInBrowser(page: Page, friend: Customer, code: string): Promise<void> {
  await page.goto(`/gb/register?ref=${code}`);
  const main = page.getByRole('main');
  await expect(main.getByLabel(en('register.referralCode'))).toHaveValue(code);
  await main.getByLabel(en('account.fields.firstname')).fill(friend.firstname);
  await main.getByLabel(en('account.fields.lastname')).fill(friend.lastname);
  await main.getByLabel(en('account.fields.email')).fill(friend.email);
  await main.getByLabel(en('account.fields.password'), { exact: true }).fill(friend.password);
  await main.getByLabel(en('account.fields.dateOfBirth')).fill(friend.dateOfBirth);
  await acceptTerms(main);
  await main.getByRole('button', { name: en('register.submit') }).click();
  await expect(page.getByRole('heading', { level: 2, name: en('register.confirm.title') })).toBeVisible();
}

test('a member earns points from a delivered order and an article, redeems a reward, spends points on the cart, and is rewarded for a friend’s first order', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const member = newCustomer('Lena');
  const uuid = await registerByApi(member);
  const token = await logInByApi(page, member);

  // A delivered order: its points are pending, then credited (the loyalty job runs every second).
  const number = await buy(page, token, 'STK-AMBER-CARTON', 5);
  await expect.poll(async () => (await points(page, uuid)).pending_points, { timeout: 15_000 }).toBeGreaterThan(190);
  await deliver(page.request, number);
  await expect.poll(async () => (await points(page, uuid)).points, { timeout: 15_000 }).toBeGreaterThan(190);
  const earned = (await points(page, uuid)).points;

  await page.goto('/gb/loyalty/account');
  const main = page.getByRole('main');
  await expect(main.getByTestId('loyalty-points')).toHaveText(`${earned} points`);
  await expect(page.getByRole('banner').getByTestId('points-balance')).toHaveText(`${earned} points`);
  await expect.poll(async () => (await readDataLayer(page)).find((e) => e.event === 'on_load')).toMatchObject({
    template_name: 'loyalty-account', user_points_balance: earned, user_membership: 'Bronze', referee: 'no',
  });

  // An article earns its points once.
  await page.goto('/gb/loyalty/blog');
  await main.getByRole('link', { name: 'Caring for your device' }).click();
  await main.getByRole('button', { name: 'I have read it – earn 10 points' }).click();
  await expect(main.getByRole('status')).toHaveText('10 points added to your balance.');
  await expect(page.getByRole('banner').getByTestId('points-balance')).toHaveText(`${earned + 10} points`);

  // A reward bought with points.
  await page.goto('/gb/loyalty/redeem');
  await waitForPageView(page);
  await main.getByRole('button', { name: `${en('loyalty.redeem.action')} Ember lanyard` }).click();
  await expect(main.getByRole('status')).toContainText('Your code: RW-');
  await expect(page.getByRole('banner').getByTestId('points-balance')).toHaveText(`${earned + 10 - 80} points`);

  // Points spent on the cart through a campaign.
  const carton = await productFacts(page.request, 'STK-TEAK-CARTON');
  await page.goto(`/gb/p/${carton.urlKey}`);
  await waitForPageView(page);
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /Cart/ })).toHaveText(/\(1/);
  await page.goto('/gb/cart');
  const choice = main.getByRole('group', { name: en('cart.campaign.heading') });
  await choice.getByRole('button', { name: `${en('cart.campaign.apply')} £5 off your order` }).click();
  await expect(choice.getByRole('button', { name: `${en('cart.campaign.remove')} £5 off your order` })).toBeVisible();
  await expect(main.getByText('£5 off your order').first()).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('points-balance')).toHaveText(`${earned + 10 - 80 - 100} points`);

  // The referral page: code, share link and stats.
  await page.goto('/gb/referral');
  const code = (await main.getByTestId('referral-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await expect(main.getByLabel(en('referral.shareLink'))).toHaveValue(new RegExp(`/gb/register\\?ref=${code}$`));
  await expect(main.getByTestId('referral-referees')).toHaveText('0');
  const history = main.getByTestId('referral-history');
  await expect(history.getByRole('heading', { name: en('referral.history.title') })).toBeVisible();
  await expect(history.getByText(en('referral.history.empty'))).toBeVisible();

  // A friend registers with the code and buys; their order is delivered.
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  const friend = newCustomer('Fritz');
  await registerInBrowser(friendPage, friend, code);
  const friendToken = await logInByApi(friendPage, friend);
  const stats = async () => (await page.request.get(`/referral/referrer/${uuid}/stats`, { headers: { Store: 'gb' } })).json();
  expect(await stats()).toMatchObject({ referees_count: 1, completed_first_order_count: 0 });
  const friendOrder = await buy(friendPage, friendToken, 'STK-MINT-CARTON', 1);
  await deliver(friendPage.request, friendOrder);
  await friendContext.close();

  // The referrer's stats and points follow.
  await expect.poll(stats, { timeout: 15_000 }).toMatchObject({ completed_first_order_count: 1, earned_points: 200 });
  await expect.poll(async () => (await points(page, uuid)).points, { timeout: 15_000 }).toBe(earned + 10 - 80 - 100 + 200);
  await page.goto('/gb/referral');
  await expect(main.getByTestId('referral-referees')).toHaveText('1');
  await expect(main.getByTestId('referral-completed')).toHaveText('1');
  await expect(main.getByTestId('referral-earned')).toHaveText('200');
  const rows = history.getByTestId('referral-history-item');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(en('referral.history.states.first_order_completed'));
  await expect(rows.first()).toContainText('200');
  await expect(history.getByRole('button', { name: en('referral.history.more') })).toHaveCount(0);

  // Five more friends join: the latest five show, newest first, and "show more" brings the first friend.
  for (let i = 0; i < 5; i++) await registerCustomer(apiBase(), { emailPrefix: 'e2e-referee', extra: { parent_code: code } });
  await page.goto('/gb/referral');
  await expect(rows).toHaveCount(5);
  for (const row of await rows.all()) await expect(row).toContainText(en('referral.history.states.registered'));
  await expect(history).not.toContainText(friend.email);
  await expect(history).not.toContainText(friend.firstname);
  await history.getByRole('button', { name: en('referral.history.more') }).click();
  await expect(rows).toHaveCount(6);
  await expect(rows.last()).toContainText(en('referral.history.states.first_order_completed'));
  await expect(history.getByRole('button', { name: en('referral.history.more') })).toHaveCount(0);
});
