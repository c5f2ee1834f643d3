import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { pageOrigin, signedInCustomer } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { acceptTermsAndPlaceOrder, checkoutAgreementIds, SET_CARD_WITH_TERMS } from './support/legal';
import { messages, productFacts, waitForPageView } from './support/shop';
import { CONSENT_ACCEPTED } from './support/consent';

const en = messages('en');

/** A GraphQL POST with the browser context's cookies (mutations are never sent as GET). */
async function graphqlPost<T>(request: APIRequestContext, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await request.post('/graphql', { data: { query, variables }, headers: { Store: 'gb', ...pageOrigin() } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  expect(body.errors ?? []).toEqual([]);
  return body.data as T;
}

/** Sticks in the cart, then checkout: the unverified customer is sent to the age verification. */
async function sticksToCheckout(page: Page) {
  const sticks = await productFacts(page.request, 'STK-AMBER-PACK');
  await page.goto(`/gb/p/${sticks.urlKey}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /Cart/ })).toHaveText(/\(1/);
  await page.goto('/gb/checkout');
  const notice = main.getByRole('region', { name: en('checkout.ageCheck.heading') });
  await expect(notice).toContainText(en('checkout.ageCheck.verify'));
  await notice.getByRole('link', { name: en('checkout.ageCheck.verifyButton') }).click();
  await expect(page).toHaveURL(/\/gb\/account#\/age-verification$/);
  await expect(main.getByRole('heading', { name: en('account.nav.age-verification') })).toBeVisible();
  return sticks;
}

/** The TEST provider's workflow page: present a test identity and go back to the shop. */
async function presentIdentity(page: Page, identity: RegExp) {
  await page.getByRole('main').getByRole('button', { name: en('ageVerification.methods.document.button') }).click();
  await expect(page).toHaveURL(/\/age-verification\/test-provider\/workflows\//);
  await page.getByRole('radio', { name: identity }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/gb\/account#\/age-verification\?verification=[0-9a-f-]{36}$/);
}

test('a new customer adds sticks, is sent to age verification at checkout, passes the TEST workflow, returns to the cart and buys', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInCustomer(page, 'Vera');
  const sticks = await sticksToCheckout(page);
  const main = page.getByRole('main');
  await expectNoSeriousViolations(page, 'age verification page');

  await presentIdentity(page, /Adult document/);
  // The provider calls the shop back after a few seconds; the page waits with a progress indicator.
  await expect(main.getByRole('status').filter({ hasText: en('ageVerification.waiting') })).toBeVisible();
  await expect(main.getByText(en('ageVerification.outcome.verified'))).toBeVisible({ timeout: 20_000 });
  await main.getByRole('link', { name: en('ageVerification.backToCart') }).click();

  await expect(page).toHaveURL(/\/gb\/cart$/);
  await expect(main.getByRole('heading', { name: sticks.name })).toBeVisible();
  await main.getByRole('link', { name: en('cart.toCheckout') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('checkout.title') })).toBeVisible();
  await main.getByLabel(en('account.fields.street1')).fill('10 Downing Street');
  await main.getByLabel(en('account.fields.city')).fill('London');
  await main.getByLabel(en('account.fields.postcode')).fill('SW1A 2AA');
  await main.getByRole('button', { name: en('checkout.address.save') }).click();
  const delivery = main.getByRole('region', { name: en('checkout.delivery.heading') });
  await delivery.getByRole('radio', { name: /Standard delivery/ }).check();
  const payment = main.getByRole('region', { name: en('checkout.payment.heading') });
  await payment.getByRole('radio', { name: en('checkout.payment.methods.ember_card') }).check();
  await acceptTermsAndPlaceOrder(payment);

  await expect(page).toHaveURL(/\/pay\//);
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YYYY)').fill(String(new Date().getFullYear() + 2));
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Vera Lovelace');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/gb\/checkout\/success\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: en('confirmation.heading') })).toBeVisible();
  await expect(page.getByTestId('order-number')).not.toHaveText('');
});

test('an under-age test identity is refused, checkout stays closed and a crafted placeOrder is denied', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInCustomer(page, 'Tom');
  await sticksToCheckout(page);
  const main = page.getByRole('main');
  await presentIdentity(page, /Under-age document/);
  await expect(main.getByText(en('ageVerification.outcome.underAge').replace('{{age}}', '18'))).toBeVisible({ timeout: 20_000 });
  await expect(main.getByRole('link', { name: en('ageVerification.backToCart') })).toHaveCount(0);

  await page.goto('/gb/checkout');
  await expect(main.getByRole('region', { name: en('checkout.ageCheck.heading') })).toBeVisible();
  await expect(main.getByRole('button', { name: en('checkout.placeOrder') })).toHaveCount(0);

  // Straight to the commerce API with the session cookie, skipping the storefront.
  const gqlAsCustomer = <T>(query: string, variables: Record<string, unknown> = {}) => graphqlPost<T>(page.request, query, variables);
  const { customerCart } = await gqlAsCustomer<{ customerCart: { id: string } }>('query { customerCart { id } }');
  const c = customerCart.id;
  await gqlAsCustomer(`mutation ($c: String!) { setBillingAddressOnCart(input: {cart_id: $c, billing_address: {address: {firstname: "Tom", lastname: "Lovelace", street: ["Baker Street", "221b"], city: "London", postcode: "NW1 6XE", country_code: "GB", telephone: "+447900000000"}, use_for_shipping: true}}) { cart { id } } }`, { c });
  await gqlAsCustomer('mutation ($c: String!) { setShippingMethodsOnCart(input: {cart_id: $c, shipping_methods: [{carrier_code: "tablerate", method_code: "standard"}]}) { cart { id } } }', { c });
  await gqlAsCustomer(SET_CARD_WITH_TERMS, { c, ids: await checkoutAgreementIds(page.request) });
  const placed = await gqlAsCustomer<{ placeOrder: { order: unknown; errors: { code: string; message: string }[] } }>(
    'mutation ($c: String!) { placeOrder(input: {cart_id: $c}) { order { order_number } errors { code message } } }', { c },
  );
  expect(placed.placeOrder.order).toBeNull();
  expect(placed.placeOrder.errors[0]?.code).toBe('PERMISSION_DENIED');
});

test.describe('the soft age gate', () => {
  // Not yet asked for their age; the cookie choice was made (e2e/cookie-consent.spec.ts asks it).
  test.use({ storageState: { cookies: [CONSENT_ACCEPTED], origins: [] } });

  test('asks a first-time visitor for their age and market once, and remembers the answer', async ({ page }) => {
    await page.goto('/gb/');
    const gate = page.getByRole('dialog', { name: en('ageGate.heading').replace('{{age}}', '18') });
    await expect(gate).toBeVisible();
    await expect(gate.getByLabel(en('ageGate.market'))).toHaveValue('gb');
    await gate.getByRole('button', { name: en('ageGate.under').replace('{{age}}', '18') }).click();
    await expect(gate.getByRole('alert')).toHaveText(en('ageGate.refused').replace('{{age}}', '18'));
    await page.reload();
    await expect(gate).toBeVisible();
    await gate.getByRole('button', { name: en('ageGate.confirm').replace('{{age}}', '18') }).click();
    await expect(gate).toBeHidden();
    await page.goto('/gb/shop');
    await waitForPageView(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('lets a search engine read the page without a gate', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    const page = await context.newPage();
    await page.goto('/gb/');
    await waitForPageView(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  });
});
