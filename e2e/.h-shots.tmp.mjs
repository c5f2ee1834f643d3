import { chromium } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { createCustomer, restCall } from '@ember/test-support';

const base = 'http://127.0.0.1:3165';
const TOKEN = 'e2e-operator-token-0123456789abcdef0123';
const id = Math.random().toString(16).slice(2, 8);
const op = { email: `owner-${id}@example.com`, name: `Olive Owner`, password: `Console-${id}-Pw1!`, role: 'owner' };
const made = await fetch(`${base}/admin/operators`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(op) });
if (made.status !== 201) throw new Error(await made.text());

const customer = await createCustomer(base, { lastname: 'Review', emailPrefix: 'review' });
const v = await restCall(base, 'POST', '/age-verification/verify', { method_code: 'hidden', country_code: 'GB' }, { token: customer.token, store: 'gb' });
console.log('verify', v.status, v.body.status);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
await page.goto(`${base}/console/`);
await page.getByLabel('E-mail address').fill(op.email).catch(async () => { await page.locator('input[type=email]').fill(op.email); });
await page.locator('input[type=password]').fill(op.password);
await page.locator('button[type=submit]').click();
const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
await page.locator('input[autocomplete=one-time-code], input[inputmode=numeric]').first().fill(code);
await page.locator('button[type=submit]').click();
await page.waitForURL(`${base}/console/`);

// A coupon through the API (as this operator's session would).
const coupon = await page.request.post(`${base}/admin/promotions/coupons`, { headers: { authorization: `Bearer ${TOKEN}` }, data: { code: `SHOT${id}`.toUpperCase(), label: 'Spring offer for new customers', discount_type: 'fixed', discount_value: 500, store_code: 'gb', min_subtotal_minor: 2000, uses_per_coupon: 100 } });
const couponId = (await coupon.json()).id;
const checks = await (await page.request.get(`${base}/admin/compliance/age-checks?q=${encodeURIComponent(customer.email)}`)).json();
const checkUuid = checks.items[0].uuid;

// Subscriptions and trials need a paid checkout: their answers are stood in for the pictures.
const subId = '11111111-2222-4333-8444-555555555555';
const trialId = '66666666-7777-4888-8999-000000000000';
const history = [
  { kind: 'created', actor: 'customer', from_status: null, to_status: 'active', reason: null, created_at: '2026-09-01T10:00:00Z' },
  { kind: 'status', actor: 'support@example.com', from_status: 'active', to_status: 'past_due', reason: 'Card declined twice at renewal', created_at: '2026-10-29T10:00:00Z' },
];
const subRow = { id: subId, customer_uuid: customer.uuid, store_code: 'gb', plan_code: 'stick-pack-monthly', plan_type: 'REGULAR', status: 'past_due', frequency_weeks: 4, next_delivery_date: '2026-12-01', deliveries: 3, pause_reason: null, created_at: '2026-09-01T10:00:00Z' };
const subDetail = { ...subRow, paused_until: null, minimum_deliveries: 2, cancel_reason: null, cancelled_at: null, items: [{ sku: 'STK-CITRUS-PACK', quantity: 2 }, { sku: 'STK-MINT-PACK', quantity: 1 }],
  renewals: [
    { period: '2026-10-27', attempt: 2, status: 'declined', order_number: '000000123', reason: 'insufficient_funds', retry_at: '2026-11-30T09:00:00Z' },
    { period: '2026-10-27', attempt: 1, status: 'declined', order_number: '000000123', reason: 'insufficient_funds', retry_at: null },
    { period: '2026-09-29', attempt: 1, status: 'paid', order_number: '000000101', reason: null, retry_at: null },
  ], history };
const trialRow = { id: trialId, program_code: 'ember-one-trial', customer_uuid: customer.uuid, store_code: 'gb_trial', order_number: '000000777', status: 'return_requested', amount_after_trial: 7900, currency: 'GBP', started_at: '2026-11-01T10:00:00Z', ends_at: '2026-11-15T10:00:00Z', conversion_attempts: 0, created_at: '2026-10-30T10:00:00Z' };
const trialDetail = { ...trialRow, return_requested_at: '2026-11-10T08:00:00Z', return_reason: 'not_for_me', conversion_order_number: null, retry_at: null, closed_at: null, history: history.slice(0, 1) };
const json = (body) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
await page.route(/\/admin\/subscriptions(\?.*)?$/, (r) => r.fulfill(json({ items: [subRow, { ...subRow, id: subId.replace('5555', '5556'), status: 'active', plan_code: 'device-care', frequency_weeks: 1 }], page_info: { page: 1, page_size: 25, total: 2 } })));
await page.route(new RegExp(`/admin/subscriptions/${subId}$`), (r) => r.fulfill(json(subDetail)));
await page.route(/\/admin\/trials(\?.*)?$/, (r) => r.fulfill(json({ items: [trialRow], page_info: { page: 1, page_size: 25, total: 1 } })));
await page.route(new RegExp(`/admin/trials/${trialId}$`), (r) => r.fulfill(json(trialDetail)));

const pages = [
  ['age-checks', '/console/compliance/age-checks'],
  ['age-check', `/console/compliance/age-checks/${checkUuid}`],
  ['subscriptions', '/console/subscriptions'],
  ['subscription', `/console/subscriptions/${subId}`],
  ['trials', '/console/trials'],
  ['trial', `/console/trials/${trialId}`],
  ['coupons', '/console/promotions/coupons'],
  ['coupon-new', '/console/promotions/coupons/new'],
  ['coupon', `/console/promotions/coupons/${couponId}`],
  ['orders', '/console/orders?store=gb&status=processing'],
  ['customers', '/console/customers?status=active'],
];
for (const [name, path] of pages) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto(`${base}${path}`);
    await page.locator('main h1').first().waitFor();
    await page.waitForTimeout(600);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (scroll > 0) console.log('SIDEWAYS', name, width, scroll);
    await page.screenshot({ path: `/tmp/h-shots/${name}-${width}.png`, fullPage: true });
  }
}
// The create form's errors, shown by submitting it empty.
await page.setViewportSize({ width: 1280, height: 800 });
await page.goto(`${base}/console/promotions/coupons/new`);
await page.locator('main h1').waitFor();
await page.getByLabel('Fixed amount').check();
await page.locator('button[type=submit].primary').click();
await page.waitForTimeout(500);
await page.screenshot({ path: `/tmp/h-shots/coupon-new-errors-1280.png`, fullPage: true });
await browser.close();
console.log('done');
