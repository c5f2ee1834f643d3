import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createOrder, restCall } from '@ember/test-support';
import * as OTPAuth from 'otpauth';
import { apiBase, signedInCustomer, verifyAgeByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { ADMIN_TOKEN, messages, stockLevel } from './support/shop';

/**
 * The operator console's everyday operations, driven through its pages: a return from the
 * customer's request to its refund (stock, payment and loyalty points following), a partial refund
 * of an order found again in the audit log, and a manual points adjustment the customer then sees.
 */

const en = JSON.parse(readFileSync(new URL('../apps/console/src/i18n/en.json', import.meta.url), 'utf8')) as typeof import('../apps/console/src/i18n/en.json');
const shop = messages('en');
const BEARER = { authorization: `Bearer ${ADMIN_TOKEN}` };
const ADDRESS = { firstname: 'Rhea', lastname: 'Turner', street: ['Baker Street', '221b'], city: 'London', postcode: 'NW1 6XE', country_code: 'GB', telephone: '+447900000000' };
const gbp = (minor: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(minor / 100);

interface OperatorLogin {
  uuid: string;
  email: string;
  name: string;
  password: string;
}

type Role = 'owner' | 'fulfilment' | 'compliance' | 'marketing' | 'support';

/** Adds an operator through the API as a script (bearer ADMIN_TOKEN) would. */
async function createOperator(page: Page, role: Role): Promise<OperatorLogin> {
  const id = randomBytes(5).toString('hex');
  const operator = { email: `${role}-${id}@example.com`, name: `Operator ${id}`, password: `Console-${id}-Pw1!` };
  const response = await page.request.post('/admin/operators', { headers: BEARER, data: { ...operator, role } });
  expect(response.status(), await response.text()).toBe(201);
  const { uuid } = (await response.json()) as { uuid: string };
  return { ...operator, uuid };
}

function totpCode(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/** Signs in at /console with the password and enrols the authenticator from the secret shown. */
async function signInAndEnrol(page: Page, operator: OperatorLogin): Promise<void> {
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel(en.login.email).fill(operator.email);
  await page.getByLabel(en.login.password).fill(operator.password);
  await page.getByRole('button', { name: en.login.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.enrol.title })).toBeVisible();
  const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByLabel(en.totp.code).fill(totpCode(secret!));
  await page.getByRole('button', { name: en.enrol.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible();
  await expect(page.getByTestId('operator-name')).toContainText(operator.name);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: en.app.signOut }).click();
  await expect(page.getByText(en.login.signedOut)).toBeVisible();
}

/** No part of the page wider than the phone. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, what).toBeLessThanOrEqual(widths.inner);
}

/** Axe, then the phone's width (no sideways scroll, axe again), then back to the desktop. */
async function checkPage(page: Page, what: string): Promise<void> {
  await expectNoSeriousViolations(page, what);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, `${what} at 390 px`);
  await expectNoSeriousViolations(page, `${what} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The value of a label/value pair (`Facts`) in a panel. */
function fact(panel: Locator, label: string): Locator {
  const exact = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  return panel.locator('dl.facts > div').filter({ has: panel.page().locator('dt', { hasText: exact }) }).locator('dd');
}

/** Pays the order on the sandbox's card page as a browser posts it, and waits for the shop to record the payment. */
async function payByCard(page: Page, token: string, order: { entity_id: string; order_number: string }): Promise<void> {
  const opened = await restCall(apiBase(), 'PUT', '/api/payments/generate-token', { order_id: order.entity_id, tokenize: false }, {
    token, store: 'gb', headers: { 'idempotency-key': `pay-${order.entity_id}` },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const form = new URLSearchParams({ card_number: '4111111111111111', exp_month: '10', exp_year: String(new Date().getUTCFullYear() + 3), cvc: '321' });
  const paid = await fetch(`${apiBase()}${opened.body.redirect_url}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), redirect: 'manual' });
  expect(paid.status).toBe(303);
  await expect.poll(async () => (await orderDetail(page, order.order_number)).payment.status, { timeout: 30_000 }).toBe('paid');
}

interface OrderDetail {
  status: string;
  payment: { status: string; refundable: number; refunded_total: number };
  totals: { grand_total: number; refunded_total: number; currency: string };
  items: { sku: string; qty_ordered: number; row_total_incl_tax: number }[];
}

async function orderDetail(page: Page, number: string): Promise<OrderDetail> {
  const response = await page.request.get(`/admin/orders/${encodeURIComponent(number)}/detail`, { headers: BEARER });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as OrderDetail;
}

async function moveOrder(page: Page, number: string, steps: Record<string, unknown>[]): Promise<void> {
  for (const step of steps) {
    const moved = await page.request.post(`/admin/orders/${number}/status`, { headers: BEARER, data: step });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/** The customer's loyalty balance as the console's customer record has it. */
async function loyaltyBalance(page: Page, uuid: string): Promise<number> {
  const response = await page.request.get(`/admin/customers/${uuid}`, { headers: BEARER });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { loyalty: { balance: number } }).loyalty.balance;
}

/** The customer's spendable points as the storefront's loyalty API (the signed-in browser context) has them. */
async function storefrontPoints(page: Page, uuid: string): Promise<number> {
  const response = await page.request.get(`/api/loyalty/consumers/${uuid}`, { headers: { Store: 'gb' } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { points: number }).points;
}

test('a return goes from the customer’s request to its refund in the console, with stock, payment and points following', async ({ page }) => {
  test.setTimeout(150_000);
  const SKU = 'ACC-CLEANING-KIT';
  const { uuid, token } = await signedInCustomer(page, 'Rhea');
  await verifyAgeByApi(page);
  const order = await createOrder(apiBase(), { customer: { token }, items: [{ sku: SKU, quantity: 2 }], address: ADDRESS });
  const number = order.order_number;
  await payByCard(page, token, order);
  await moveOrder(page, number, [{ status: 'processing' }, { status: 'shipped', tracking: { carrier: 'Royal Mail', number: `RM${Date.now()}` } }, { status: 'delivered' }]);
  // The delivered order's points are credited by the loyalty job.
  await expect.poll(() => loyaltyBalance(page, uuid), { timeout: 20_000 }).toBeGreaterThan(0);
  const pointsBefore = await loyaltyBalance(page, uuid);
  const paidOrder = await orderDetail(page, number);
  const line = paidOrder.items.find((i) => i.sku === SKU)!;
  const refund = Math.round(line.row_total_incl_tax / line.qty_ordered);

  // The customer asks to return one of the two units in My orders.
  await page.goto(`/gb/account#/orders/${number}`);
  const returns = page.getByRole('main').getByRole('region', { name: shop('returns.heading') });
  await returns.getByRole('button', { name: shop('returns.start') }).click();
  const form = returns.getByRole('form', { name: shop('returns.formHeading') });
  await form.getByRole('combobox', { name: /cleaning/i }).selectOption('1');
  await form.getByRole('combobox', { name: shop('returns.reason') }).selectOption('changed_mind');
  await form.getByRole('button', { name: shop('returns.submit') }).click();
  const card = returns.getByTestId('return-card');
  await expect(card.getByTestId('return-status')).toHaveText(shop('returns.status.PENDING'));

  // A support operator finds it in the Returns area by the order's number.
  const operator = await createOperator(page, 'support');
  await signInAndEnrol(page, operator);
  const nav = page.getByRole('navigation', { name: en.app.navigation });
  await nav.getByRole('link', { name: en.nav.returns }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.returns.title })).toBeVisible();
  await page.getByLabel(en.returns.order).fill(number);
  await page.getByRole('button', { name: en.common.search }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]order_number=${number}`));
  const list = page.getByRole('table', { name: en.returns.caption });
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list).toContainText(en.returnStatus.PENDING);
  await checkPage(page, 'returns list');
  await list.getByRole('link').first().click();
  // The click starts the navigation; the address holds the return's number once it has happened.
  await page.waitForURL(/\/console\/returns\/[^/?#]+$/);
  const returnNumber = decodeURIComponent(/\/console\/returns\/([^/?#]+)$/.exec(page.url())![1]!);
  await expect(page.getByRole('heading', { level: 1, name: en.returns.detailTitle.replace('{{number}}', returnNumber) })).toBeVisible();
  const summary = page.getByRole('region', { name: en.returns.summary });
  await expect(fact(summary, en.returns.status)).toHaveText(en.returnStatus.PENDING);
  await checkPage(page, 'return detail');

  // Authorised as asked, one unit received, approved as resellable.
  const actions = page.getByRole('region', { name: en.returns.actions });
  const updated = (status: keyof typeof en.returnStatus) => page.getByRole('status').filter({ hasText: en.returns.updated.replace('{{status}}', en.returnStatus[status]) });
  await actions.getByRole('button', { name: en.returns.authorize }).click();
  await expect(updated('AUTHORIZED')).toBeVisible();
  await expect(actions.getByLabel(/requested/)).toHaveValue('1');
  await actions.getByRole('button', { name: en.returns.receive }).click();
  await expect(updated('RECEIVED')).toBeVisible();
  const stockBefore = await stockLevel(page.request, SKU);
  const stockReadAt = Date.now();
  await expect(actions.getByLabel(en.returns.resellable)).toBeChecked();
  await actions.getByRole('button', { name: en.returns.approve, exact: true }).click();
  await expect(updated('APPROVED')).toBeVisible();
  await expect(fact(summary, en.returns.status)).toHaveText(en.returnStatus.APPROVED);
  await expect(fact(summary, en.returns.refunded)).toHaveText(gbp(refund));
  const items = page.getByRole('region', { name: en.returns.items });
  await expect(items.getByRole('row').nth(1)).toContainText(en.returnItemStatus.APPROVED);
  await expect(items.getByRole('row').nth(1)).toContainText(en.returns.conditions.resellable);
  await checkPage(page, 'approved return');

  // The resellable unit is back in stock, once, booked as the return (other journeys may sell the same product meanwhile).
  const product = await page.request.get(`/admin/catalogue/products/${SKU}`, { headers: BEARER });
  expect(product.status(), await product.text()).toBe(200);
  const { quantity, movements } = (await product.json()) as { quantity: number; movements: { delta: number; source: string; reason: string | null; at: string }[] };
  expect(movements.filter((m) => m.reason === `Return ${returnNumber}`)).toEqual([expect.objectContaining({ delta: 1, source: 'return' })]);
  const since = movements.filter((m) => Date.parse(m.at) > stockReadAt && m.reason !== `Return ${returnNumber}`).reduce((n, m) => n + m.delta, 0);
  expect(quantity).toBe(stockBefore + 1 + since);
  // The order's payment was partly refunded: the console's order page says so.
  await summary.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.orders.detailTitle.replace('{{number}}', number) })).toBeVisible();
  await expect(fact(page.getByRole('region', { name: en.orders.summary }), en.orders.payment)).toHaveText(en.paymentStatus.partially_refunded);
  await expect(fact(page.getByRole('region', { name: en.orders.itemsTitle }), en.orders.refundedTotal)).toHaveText(gbp(refund));
  await expect(page.getByRole('region', { name: en.orders.actions })).toContainText(en.orders.refundable.replace('{{amount}}', gbp(paidOrder.payment.refundable - refund)));
  await checkPage(page, 'order detail after the return');
  // The order's points were taken back in proportion to the refund.
  const expectedPoints = pointsBefore - Math.round(pointsBefore * (refund / paidOrder.totals.grand_total));
  expect(expectedPoints).toBeLessThan(pointsBefore);
  await expect.poll(() => loyaltyBalance(page, uuid)).toBe(expectedPoints);

  // Closed, the return reads processed; the customer sees its status and every step in My orders.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: en.returns.detailTitle.replace('{{number}}', returnNumber) })).toBeVisible();
  await page.getByRole('region', { name: en.returns.actions }).getByRole('button', { name: en.returns.close }).click();
  await expect(updated('PROCESSED_AND_CLOSED')).toBeVisible();
  await expect(fact(summary, en.returns.status)).toHaveText(en.returnStatus.PROCESSED_AND_CLOSED);
  const history = page.getByRole('region', { name: en.returns.history }).getByRole('listitem');
  await expect(history).toHaveCount(5);
  await expect(history.filter({ hasText: en.returnStatus.APPROVED })).toContainText(operator.email);
  await signOut(page);

  await page.goto(`/gb/account#/orders/${number}`);
  await expect(card.getByTestId('return-status')).toHaveText(shop('returns.status.PROCESSED_AND_CLOSED'));
  const steps = card.getByRole('list', { name: shop('returns.history') }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  for (const [i, status] of (['PENDING', 'AUTHORIZED', 'RECEIVED', 'APPROVED', 'PROCESSED_AND_CLOSED'] as const).entries()) {
    await expect(steps.nth(i)).toContainText(shop(`returns.status.${status}`));
  }
  expect(await storefrontPoints(page, uuid)).toBe(expectedPoints);
});

test('a support operator refunds part of a paid order, and a compliance operator finds the refund in the audit log', async ({ page }) => {
  test.setTimeout(120_000);
  const { token } = await signedInCustomer(page, 'Otto');
  await verifyAgeByApi(page);
  const order = await createOrder(apiBase(), { customer: { token }, items: [{ sku: 'EMBER-ONE-SLATE', parent_sku: 'EMBER-ONE', quantity: 1 }], address: ADDRESS });
  const number = order.order_number;
  await payByCard(page, token, order);
  const paid = await orderDetail(page, number);
  expect(paid.payment.refundable).toBeGreaterThan(500);

  const support = await createOperator(page, 'support');
  await signInAndEnrol(page, support);
  await page.getByRole('navigation', { name: en.app.navigation }).getByRole('link', { name: en.nav.orders }).click();
  await page.getByLabel(en.orders.q).fill(number);
  await page.getByRole('button', { name: en.common.search }).click();
  await page.getByRole('table', { name: en.orders.caption }).getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.orders.detailTitle.replace('{{number}}', number) })).toBeVisible();
  const actions = page.getByRole('region', { name: en.orders.actions });
  await expect(actions).toContainText(en.orders.refundable.replace('{{amount}}', gbp(paid.payment.refundable)));
  await checkPage(page, 'paid order');

  // More than was paid is refused on the page, before anything is sent.
  const amount = actions.getByLabel(en.orders.refundAmount.replace('{{currency}}', 'GBP'));
  await amount.fill(((paid.payment.refundable + 100) / 100).toFixed(2));
  await actions.getByRole('button', { name: en.orders.refund, exact: true }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  expect((await orderDetail(page, number)).payment.refunded_total).toBe(0);

  await amount.fill('5.00');
  await actions.getByLabel(en.orders.comment).last().fill('Goodwill: late delivery');
  await actions.getByRole('button', { name: en.orders.refund, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: en.orders.refunded.replace('{{amount}}', gbp(500)) })).toBeVisible();
  await expect(fact(page.getByRole('region', { name: en.orders.itemsTitle }), en.orders.refundedTotal)).toHaveText(gbp(500));
  await expect(fact(page.getByRole('region', { name: en.orders.summary }), en.orders.payment)).toHaveText(en.paymentStatus.partially_refunded);
  // What remains refundable, on the page and on the server.
  await expect(actions).toContainText(en.orders.refundable.replace('{{amount}}', gbp(paid.payment.refundable - 500)));
  const after = await orderDetail(page, number);
  expect(after.totals.refunded_total).toBe(500);
  expect(after.payment.refundable).toBe(paid.payment.refundable - 500);
  await checkPage(page, 'partly refunded order');
  await signOut(page);

  // The audit log (a compliance operator's) lists the refund by the support operator.
  const compliance = await createOperator(page, 'compliance');
  await signInAndEnrol(page, compliance);
  await page.getByRole('navigation', { name: en.app.navigation }).getByRole('link', { name: en.nav.audit }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.audit.title })).toBeVisible();
  await page.getByLabel(en.audit.q).fill(number);
  await page.getByLabel(en.audit.action).fill('order.refund');
  await page.getByRole('button', { name: en.common.search }).click();
  await expect(page).toHaveURL(/[?&]action=order\.refund/);
  const entries = page.getByRole('table', { name: en.audit.caption }).getByRole('row').filter({ hasText: 'order.refund' });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(number);
  await expect(entries).toContainText(support.email);
  await expect(entries).toContainText('500');
  await checkPage(page, 'audit log with the refund');
});

test('a support operator adds points with a reason, the customer sees them, and taking more than the balance is refused', async ({ page }) => {
  test.setTimeout(120_000);
  const { customer, uuid } = await signedInCustomer(page, 'Lena');
  const start = await loyaltyBalance(page, uuid);

  const support = await createOperator(page, 'support');
  await signInAndEnrol(page, support);
  await page.goto(`/console/customers/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: en.customers.detailTitle.replace('{{name}}', `${customer.firstname} ${customer.lastname}`) })).toBeVisible();
  const loyalty = page.getByRole('region', { name: en.customers.loyalty });
  await expect(fact(loyalty, en.customers.balance)).toHaveText(String(start));
  await checkPage(page, 'customer detail');

  // A reason is required.
  await loyalty.getByLabel(en.customers.points, { exact: true }).fill('50');
  await loyalty.getByRole('button', { name: en.customers.adjustPoints }).click();
  await expect(loyalty.getByLabel(en.customers.reason)).toHaveAttribute('aria-invalid', 'true');
  expect(await loyaltyBalance(page, uuid)).toBe(start);

  await loyalty.getByLabel(en.customers.reason).fill('Apology for a late parcel');
  await loyalty.getByRole('button', { name: en.customers.adjustPoints }).click();
  await expect(page.getByRole('status')).toHaveText(en.customers.pointsAdjusted.replace('{{balance}}', String(start + 50)));
  await expect(fact(loyalty, en.customers.balance)).toHaveText(String(start + 50));
  await expect(loyalty.getByRole('table', { name: en.customers.ledger })).toContainText('Apology for a late parcel');
  expect(await loyaltyBalance(page, uuid)).toBe(start + 50);
  await checkPage(page, 'customer detail after the adjustment');

  // More than the balance cannot be taken: the server's refusal is shown and nothing changes.
  await loyalty.getByLabel(en.customers.points, { exact: true }).fill(String(-(start + 1000)));
  await loyalty.getByLabel(en.customers.reason).fill('Correction of a wrong credit');
  await loyalty.getByRole('button', { name: en.customers.adjustPoints }).click();
  await expect(loyalty.getByRole('alert')).toHaveText('Not enough points');
  await expect(fact(loyalty, en.customers.balance)).toHaveText(String(start + 50));
  await page.reload();
  await expect(fact(page.getByRole('region', { name: en.customers.loyalty }), en.customers.balance)).toHaveText(String(start + 50));
  expect(await loyaltyBalance(page, uuid)).toBe(start + 50);
  await signOut(page);

  // The customer sees the new balance in the loyalty club.
  expect(await storefrontPoints(page, uuid)).toBe(start + 50);
  await page.goto('/gb/loyalty/account');
  await expect(page.getByRole('main').getByTestId('loyalty-points')).toHaveText(`${start + 50} points`);
  await expect(page.getByRole('banner').getByTestId('points-balance')).toHaveText(`${start + 50} points`);
});
