import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { payOnCardPage } from './support/checkout';
import { logInByApi, newCustomer, pageOrigin, registerByApi, type Customer } from './support/account';
import { acceptTermsAndPlaceOrder } from './support/legal';
import { graphql, messages, waitForPageView } from './support/shop';

/**
 * Every market buys: each store view, as a verified customer and as a guest where the store view
 * takes guests (a refusal in words where it does not), in the store's own language, address rules,
 * currency and delivery methods. What is not the point (registration, sign-in, age verification)
 * goes through the API.
 */

// The store views the shop sells in; the first test fails when the API lists one this file does not cover.
const MARKETS = ['gb', 'gb_trial', 'de', 'ch'] as const;

interface Market {
  code: string;
  language: 'en' | 'de';
  country: string;
  guests: boolean;
  /** A trial store view: its kit is a signed-in customer's only, one per person. */
  trial: boolean;
  /** A postal address that passes the market's postcode rule: one of its own pick-up stores'. */
  address: { street: string; postcode: string; city: string };
  /** An in-stock product any shopper may buy, if the market has one, and the one a verified customer buys. */
  open: Product | null;
  restricted: Product;
}

interface Product {
  sku: string;
  name: string;
  urlKey: string;
}

interface ProductItem {
  __typename: string;
  sku: string;
  name: string;
  url_key: string;
  stock_status: string;
  is_age_restricted: boolean | null;
  product_kind: string | null;
}

async function market(request: APIRequestContext, code: string): Promise<Market> {
  // The seeded catalogue's products, found through the store's menu: on a shared database other suites add
  // test products ("Test product …", in no category) with rules of their own.
  const menu = await graphql<{ categories: { items: { children: { uid: string }[] }[] } }>(request, '{ categories { items { children { uid } } } }', {}, code);
  const uids = menu.categories.items.flatMap((c) => c.children.map((child) => child.uid));
  const data = await graphql<{
    storeConfig: { language: string; default_country: string; is_guest_checkout_enabled: boolean; is_trial_store: boolean };
    pickupLocations: { items: { street: string; postcode: string; city: string }[] };
    products: { items: ProductItem[] };
  }>(request, `query ($uids: [String]) {
    storeConfig { language default_country is_guest_checkout_enabled is_trial_store }
    pickupLocations { items { street postcode city } }
    products(filter: { category_uid: { in: $uids } }, pageSize: 100) { items { __typename sku name url_key stock_status is_age_restricted product_kind } }
  }`, { uids }, code);
  const simple = data.products.items.filter((p) => p.__typename === 'SimpleProduct' && p.stock_status === 'IN_STOCK');
  const asProduct = (p: ProductItem | undefined) => (p ? { sku: p.sku, name: p.name, urlKey: p.url_key } : null);
  const store = data.storeConfig;
  const address = data.pickupLocations.items[0];
  expect(address, `a pick-up store in ${code} to take a valid address from`).toBeTruthy();
  const restricted = asProduct(simple.find((p) => p.is_age_restricted) ?? simple[0]);
  expect(restricted, `a product sold in ${code}`).toBeTruthy();
  return {
    code,
    language: store.language === 'de' ? 'de' : 'en',
    country: store.default_country,
    guests: store.is_guest_checkout_enabled,
    trial: store.is_trial_store,
    address: { street: address!.street, postcode: address!.postcode, city: address!.city },
    // A product anyone may buy: not age-restricted, and not one only customers may (a subscription, a trial kit).
    open: asProduct(simple.find((p) => p.is_age_restricted === false && p.product_kind !== 'subscription' && p.product_kind !== 'trial_kit')),
    restricted: restricted!,
  };
}

/** A customer of the market, signed in in the page's browser context, verified with the TEST provider. */
async function verifiedCustomer(page: Page, m: Market): Promise<Customer> {
  const customer = newCustomer(m.language === 'de' ? 'Greta' : 'Grace');
  await registerByApi(customer, m.code);
  await logInByApi(page, customer, m.code);
  // The market's own synchronous TEST check where it offers one; markets with only document and bank
  // workflows (e2e/age-verification.spec.ts walks one) take the TEST database of a country that has one.
  const methods = await page.request.get(`/age-verification/available-methods/${m.country}`, { headers: { Store: m.code } });
  const offered = ((await methods.json()) as { methods: { code: string }[] }).methods.some((x) => x.code === 'database_check');
  const response = await page.request.post('/age-verification/verify', { headers: { Store: m.code, ...pageOrigin() }, data: { method_code: 'database_check', country_code: offered ? m.country : 'GB' } });
  expect(response.status(), await response.text()).toBe(200);
  return customer;
}

async function addToCart(page: Page, m: Market, product: Product, added = true) {
  const t = messages(m.language);
  await page.goto(`/${m.code}/p/${product.urlKey}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: t('cart.add.button') }).click();
  if (added) await expect(page.getByRole('banner').getByRole('button', { name: t('cart.mini.button') }).first()).toHaveText(/\(1/);
}

/** The address step with a typed address (and the guest's e-mail), then the cheapest home delivery. */
async function addressAndDelivery(page: Page, m: Market, shopper: { firstname: string; lastname: string; email?: string }) {
  const t = messages(m.language);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: t('checkout.title') })).toBeVisible();
  if (shopper.email) await main.getByLabel(t('checkout.address.email')).fill(shopper.email);
  await main.getByLabel(t('account.fields.firstname')).fill(shopper.firstname);
  await main.getByLabel(t('account.fields.lastname')).fill(shopper.lastname);
  // A trial store view's kit is one per person and address: each run of its journey lives at a house of its own.
  await main.getByLabel(t('account.fields.street1')).fill(m.trial ? `${Date.now() % 100000} ${m.address.street}` : m.address.street);
  await main.getByLabel(t('account.fields.postcode')).fill(m.address.postcode);
  await main.getByLabel(t('account.fields.city')).fill(m.address.city);
  await expect(main.getByLabel(t('account.fields.country'))).toHaveValue(m.country);
  await main.getByRole('button', { name: t('checkout.address.save') }).click();
  await chooseDelivery(page, m);
}

async function chooseDelivery(page: Page, m: Market) {
  const t = messages(m.language);
  const delivery = page.getByRole('main').getByRole('region', { name: t('checkout.delivery.heading') });
  await expect(delivery.getByRole('radio', { name: t('checkout.delivery.mode.delivery') })).toBeChecked();
  const methods = delivery.getByRole('group', { name: t('checkout.delivery.legend') }).getByRole('radio');
  await methods.first().check();
  await expect(methods.first()).toBeChecked();
}

/** Card on the sandbox's hosted page, back to the paid confirmation in the market's language. */
async function payByCard(page: Page, m: Market, holder: string): Promise<string> {
  const t = messages(m.language);
  const payment = page.getByRole('main').getByRole('region', { name: t('checkout.payment.heading') });
  await payment.getByRole('radio', { name: t('checkout.payment.methods.ember_card') }).check();
  // A free trial keeps the card, with the buyer's consent, for the end of the trial (e2e/trials.spec.ts walks the trial itself).
  if (m.trial) await payment.locator('#checkout-keep-card').check();
  await acceptTermsAndPlaceOrder(payment, m.language);
  await expect(page).toHaveURL(/\/pay\//);
  // The provider's page speaks the shop's language (the sandbox's own words); a trial's card is one of its own (one trial per card).
  await payOnCardPage(page, m.language, { holder, ...(m.trial ? { month: 1 + (Date.now() % 12), yearsAhead: 3 + (Date.now() % 6) } : {}) });
  await expect(page).toHaveURL(new RegExp(`/${m.code}/checkout/success\\?order=[^&]+&payment_uuid=`));
  await expect(page.getByRole('heading', { level: 1, name: t('confirmation.heading') })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText(t('confirmation.payment.paid'));
  const number = (await page.getByTestId('order-number').textContent())!.trim();
  expect(number).not.toBe('');
  return number;
}

test('the journeys below cover every store view the shop sells in', async ({ request }) => {
  const data = await graphql<{ availableStores: { store_code: string }[] }>(request, '{ availableStores { store_code } }');
  expect(data.availableStores.map((s) => s.store_code).sort()).toEqual([...MARKETS].sort());
});

for (const code of MARKETS) {
  test.describe(`market ${code}`, () => {
    test('a verified customer buys with a typed address, delivery and the sandbox card, and lands on the paid confirmation', async ({ page }) => {
      test.setTimeout(60_000);
      const m = await market(page.request, code);
      const customer = await verifiedCustomer(page, m);
      await addToCart(page, m, m.restricted);
      await page.goto(`/${code}/checkout`);
      await waitForPageView(page);
      // Signed in: no e-mail to give, the names come from the account.
      await expect(page.getByRole('main').getByLabel(messages(m.language)('checkout.address.email'))).toHaveCount(0);
      await addressAndDelivery(page, m, { firstname: customer.firstname, lastname: customer.lastname });
      await payByCard(page, m, `${customer.firstname} ${customer.lastname}`);
    });

    test('a guest buys where the market takes guests, and is asked in words to sign in where it does not', async ({ page }) => {
      test.setTimeout(60_000);
      const m = await market(page.request, code);
      const t = messages(m.language);
      const main = page.getByRole('main');
      if (m.trial) {
        // The trial kit goes only into a signed-in customer's cart: the product page says so.
        await addToCart(page, m, m.open ?? m.restricted, false);
        await expect(main.getByRole('form').getByText(t('cart.errors.PERMISSION_DENIED_signIn'))).toBeVisible();
        return;
      }
      await addToCart(page, m, m.open ?? m.restricted);
      await page.goto(`/${code}/checkout`);
      await waitForPageView(page);
      if (!m.guests) {
        const notice = main.getByRole('region', { name: t('checkoutAddresses.guestHeading') });
        await expect(notice).toContainText(t('checkoutAddresses.guestText'));
        await expect(main.getByLabel(t('checkout.address.email'))).toHaveCount(0);
        await notice.getByRole('link', { name: t('checkoutAddresses.guestSignIn') }).click();
        await expect(page).toHaveURL(new RegExp(`/${code}/login\\?returnTo=${encodeURIComponent(`/${code}/checkout`)}$`));
        return;
      }
      expect(m.open, `a product guests may buy in ${code}`).toBeTruthy();
      const guest = newCustomer(m.language === 'de' ? 'Gustav' : 'Gus');
      await addressAndDelivery(page, m, guest);
      await payByCard(page, m, `${guest.firstname} ${guest.lastname}`);
    });
  });
}

test.describe('the address book in checkout', () => {
  test('a customer’s typed address is saved with the order, shown in the German account, and picked at the next checkout', async ({ page }) => {
    test.setTimeout(90_000);
    const m = await market(page.request, 'de');
    const t = messages(m.language);
    const main = page.getByRole('main');
    const customer = await verifiedCustomer(page, m);
    await addToCart(page, m, m.restricted);
    await page.goto(`/${m.code}/checkout`);
    await waitForPageView(page);
    // No book yet: the form, with "save" ticked.
    await expect(main.getByRole('checkbox', { name: t('checkoutAddresses.saveToBook') })).toBeChecked();
    await addressAndDelivery(page, m, { firstname: customer.firstname, lastname: customer.lastname });
    await payByCard(page, m, `${customer.firstname} ${customer.lastname}`);

    await page.goto(`/${m.code}/account#/address`);
    const card = main.getByRole('listitem').filter({ hasText: m.address.street });
    await expect(card).toHaveCount(1);
    // The first address is the default for delivery and billing.
    await expect(card).toContainText(t('account.addresses.defaultShipping'));

    await addToCart(page, m, m.restricted);
    await page.goto(`/${m.code}/checkout`);
    await waitForPageView(page);
    const saved = main.getByRole('group', { name: t('checkoutAddresses.savedLegend') });
    const entry = saved.getByRole('radio', { name: new RegExp(m.address.street) });
    await expect(entry).toBeChecked();
    await expect(main.getByLabel(t('account.fields.street1'))).toHaveCount(0);
    await main.getByRole('button', { name: t('checkout.address.save') }).click();
    await chooseDelivery(page, m);
    const cart = await page.request.post('/graphql', { headers: { Store: m.code, ...pageOrigin() }, data: { query: '{ customerCart { shipping_addresses { street postcode } billing_address { street } } }' } });
    const body = (await cart.json()) as { data: { customerCart: { shipping_addresses: { street: string[]; postcode: string }[]; billing_address: { street: string[] } } } };
    expect(body.data.customerCart.shipping_addresses[0]).toMatchObject({ street: [m.address.street], postcode: m.address.postcode });
    expect(body.data.customerCart.billing_address.street).toEqual([m.address.street]);
  });

  test('a customer in the German account adds an address to the book', async ({ page }) => {
    const m = await market(page.request, 'de');
    const t = messages(m.language);
    const main = page.getByRole('main');
    const customer = newCustomer('Hanna');
    await registerByApi(customer, m.code);
    await logInByApi(page, customer, m.code);
    await page.goto(`/${m.code}/account#/address`);
    await main.getByRole('button', { name: t('account.addresses.add') }).click();
    await main.getByLabel(t('account.fields.firstname')).fill(customer.firstname);
    await main.getByLabel(t('account.fields.lastname')).fill(customer.lastname);
    await main.getByLabel(t('account.fields.street1')).fill(m.address.street);
    await main.getByLabel(t('account.fields.postcode')).fill(m.address.postcode);
    await main.getByLabel(t('account.fields.city')).fill(m.address.city);
    await expect(main.getByLabel(t('account.fields.country'))).toHaveValue(m.country);
    await main.getByRole('button', { name: t('account.addresses.save') }).click();
    await expect(main.getByText(t('account.addresses.saved'))).toBeVisible();
    await expect(main.getByRole('listitem').filter({ hasText: m.address.street })).toHaveCount(1);
  });
});

test('checkout’s Retry asks again for the store’s countries when they failed to load', async ({ page }) => {
  const m = await market(page.request, 'de');
  const t = messages(m.language);
  const main = page.getByRole('main');
  await addToCart(page, m, m.open ?? m.restricted);
  // The countries fail as an unreachable service would until the service is back.
  let reachable = false;
  let asked = 0;
  await page.route((url) => url.pathname === '/graphql' && (url.searchParams.get('query') ?? '').includes('StoreCountries'), async (route) => {
    asked += 1;
    return reachable ? route.continue() : route.fulfill({ status: 503, body: 'unavailable' });
  });
  await page.goto(`/${m.code}/checkout`);
  await waitForPageView(page);
  const alert = main.getByRole('alert').filter({ hasText: t('cart.errors.unavailable') });
  await expect(alert).toBeVisible();
  await expect(main.getByLabel(t('account.fields.country'))).toHaveCount(0);
  const before = asked;
  reachable = true;
  await alert.getByRole('button', { name: t('cart.retry') }).click();
  await expect(main.getByLabel(t('account.fields.country'))).toHaveValue(m.country);
  expect(asked).toBeGreaterThan(before);
});
