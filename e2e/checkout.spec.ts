import { expect, test, type Page } from '@playwright/test';
import { awaitMail, hasDevMailbox, logInByApi, newCustomer, registerByApi, signedInCustomer, verifyAgeByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { acceptTermsAndPlaceOrder } from './support/legal';
import { graphql, messages, productFacts, readDataLayer, stockLevel, storeFacts, waitForPageView, type DataLayerEntry } from './support/shop';

const en = messages('en');

/** GA4 events of one name pushed so far. */
async function ecommerceEvents(page: Page, name: string): Promise<DataLayerEntry[]> {
  return (await readDataLayer(page)).filter((e) => e.event === name);
}

async function pageNames(page: Page): Promise<unknown[]> {
  return (await readDataLayer(page)).filter((e) => e.event === 'on_load').map((e) => e.template_name);
}

test('an age-verified customer buys a device in a colour and two cartons with a promo code, sees pick-up and delivery, and gets the confirmation e-mail', async ({ page, request }) => {
  test.setTimeout(90_000);
  const store = await storeFacts(request, 'gb');
  const device = await productFacts(request, 'EMBER-ONE');
  const colour = device.variants.filter((v) => v.inStock).at(-1)!;
  const carton = await productFacts(request, 'STK-AMBER-CARTON');
  // Devices and sticks go only to signed-in customers with a verified age in this market (e2e/age-verification.spec.ts).
  const shopper = newCustomer('Grace');
  await registerByApi(shopper);
  await logInByApi(page, shopper);
  await verifyAgeByApi(page);

  // Product page: the chosen colour goes into the cart.
  await page.goto(`/gb/p/${device.urlKey}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: colour.colour }).check();
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(main.getByRole('status').filter({ hasText: device.name })).toContainText(device.name);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /Cart/ })).toHaveText(/\(1/);
  // Events the page fires go out half a second later (spec §9), with the change's cart context.
  await expect.poll(async () => (await ecommerceEvents(page, 'add_to_cart'))[0]).toMatchObject({
    cart_context: 'PRODUCT_DETAIL', ecommerce: { items: [{ item_id: colour.sku, quantity: 1 }] },
  });

  // Two cartons.
  await page.goto(`/gb/p/${carton.urlKey}`);
  await waitForPageView(page);
  await main.getByLabel(en('cart.quantity'), { exact: true }).fill('2');
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(header.getByRole('button', { name: /Cart/ })).toHaveText(/\(3/);

  // The mini-cart lists both lines and leads to the cart.
  await header.getByRole('button', { name: /Cart/ }).click();
  await expect(header.getByRole('listitem').filter({ hasText: device.name })).toContainText(colour.colour);
  await expect(header.getByRole('listitem').filter({ hasText: carton.name })).toBeVisible();
  await expectNoSeriousViolations(page, 'open mini-cart');
  await header.getByRole('link', { name: en('cart.mini.viewCart') }).click();

  // Cart page: lines, a promo code, the totals.
  await expect(page).toHaveURL(/\/gb\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: en('cart.title') })).toBeVisible();
  await expect(main.getByRole('heading', { name: device.name })).toBeVisible();
  await expect(main.getByLabel(`Quantity of ${carton.name}`)).toHaveValue('2');
  await expect.poll(() => pageNames(page)).toContain('cart');

  await main.getByRole('textbox', { name: en('cart.coupon.label') }).fill('NOT-A-REAL-CODE');
  await main.getByRole('button', { name: en('cart.coupon.apply') }).click();
  await expect(main.getByRole('alert')).toBeVisible();
  await main.getByRole('textbox', { name: en('cart.coupon.label') }).fill(COUPON);
  await main.getByRole('button', { name: en('cart.coupon.apply') }).click();
  await expect(main.getByText(`Promo code ${COUPON} is applied.`)).toBeVisible();
  await expect(main.getByText(/^Discount/)).toBeVisible();
  await expectNoSeriousViolations(page, 'cart page');

  // Checkout: e-mail and address, then delivery.
  await main.getByRole('link', { name: en('cart.toCheckout') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('checkout.title') })).toBeVisible();
  await expect.poll(async () => (await ecommerceEvents(page, 'begin_checkout'))[0]?.ecommerce).toMatchObject({ coupon: COUPON, currency: 'GBP' });
  await main.getByLabel(en('account.fields.firstname')).fill(shopper.firstname);
  await main.getByLabel(en('account.fields.lastname')).fill(shopper.lastname);
  await main.getByLabel(en('account.fields.street1')).fill('10 Downing Street');
  await main.getByLabel(en('account.fields.city')).fill('London');
  await main.getByLabel(en('account.fields.postcode')).fill('12345');
  await main.getByRole('button', { name: en('checkout.address.save') }).click();
  await expect(main.getByText(en('form.errors.postcodeFormat'))).toBeVisible();
  await main.getByLabel(en('account.fields.postcode')).fill('SW1A 2AA');
  await main.getByRole('button', { name: en('checkout.address.save') }).click();

  // Both ways to receive the order; collection asks which store, then home delivery is chosen.
  const delivery = main.getByRole('region', { name: en('checkout.delivery.heading') });
  await expect(delivery.getByRole('radio', { name: en('checkout.delivery.mode.delivery') })).toBeChecked();
  const homeMethods = delivery.getByRole('group', { name: en('checkout.delivery.legend') }).getByRole('radio');
  await expect(homeMethods.first()).toBeVisible();
  // Cheapest first: standard delivery (free above the threshold) before next-day.
  await expect(homeMethods.first()).toHaveAccessibleName(/Standard delivery/);
  await expect(homeMethods.last()).toHaveAccessibleName(/Next working day/);

  await delivery.getByRole('radio', { name: en('checkout.delivery.mode.pickup') }).check();
  const stores = delivery.getByRole('group', { name: en('checkout.pickup.legend') });
  await stores.getByRole('radio', { name: /Ember Store Manchester/ }).check();
  await expect(delivery.getByRole('status')).toContainText(/Click and collect/);
  await expect(main.getByRole('region', { name: en('checkout.payment.heading') })).toBeVisible();

  await delivery.getByRole('radio', { name: en('checkout.delivery.mode.delivery') }).check();
  await delivery.getByRole('radio', { name: /Standard delivery/ }).check();
  await expect(delivery.getByRole('radio', { name: /Standard delivery/ })).toBeChecked();
  await expect.poll(async () => (await ecommerceEvents(page, 'add_shipping_info')).at(-1)).toMatchObject({
    ecommerce: { currency: 'GBP', coupon: COUPON, shipping_tier: expect.stringMatching(/^\w+_\w+$/) },
  });

  // Payment and order.
  const payment = main.getByRole('region', { name: en('checkout.payment.heading') });
  await payment.getByRole('radio', { name: en('checkout.payment.methods.ember_card') }).check();
  await expect.poll(async () => (await ecommerceEvents(page, 'add_payment_info'))[0]?.ecommerce).toMatchObject({ payment_type: 'ember_card' });
  await expectNoSeriousViolations(page, 'checkout page');
  await acceptTermsAndPlaceOrder(payment);

  // The sandbox's hosted card page, a card that needs strong authentication, its challenge.
  await expect(page).toHaveURL(/\/pay\//);
  await page.getByLabel('Card number').fill('4000 0027 6000 3184');
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YYYY)').fill(String(new Date().getFullYear() + 2));
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill(`${shopper.firstname} ${shopper.lastname}`);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();

  await expect(page).toHaveURL(/\/gb\/checkout\/success\?order=[^&]+&payment_uuid=/);
  await expect(page.getByTestId('payment-status')).toHaveText(en('confirmation.payment.paid'));
  await expectNoSeriousViolations(page, 'order confirmation');
  await expect(page.getByRole('heading', { level: 1, name: en('confirmation.heading') })).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent())!.trim();
  expect(number).not.toBe('');
  await expect.poll(async () => (await ecommerceEvents(page, 'purchase'))[0]?.ecommerce).toMatchObject({ transaction_id: number, coupon: COUPON });
  await expect.poll(() => pageNames(page)).toContain('order-confirmation');
  await expect(header.getByRole('button', { name: /Cart/ })).toHaveText(/\(0/);

  // The journeys run the server in TEST mode, whose outbox the dev mailbox shows.
  expect(await hasDevMailbox(request)).toBe(true);
  const mail = await awaitMail(request, shopper.email, new RegExp(number));
  expect(mail).toContain(number);
  expect(store.store_code).toBe('gb');
});

const COUPON = 'WELCOME10';

test('a guest cart moves into the customer’s cart when they log in, and a changed quantity or removal updates the totals', async ({ page, request }) => {
  const carton = await productFacts(request, 'STK-TEAK-CARTON');
  const customer = newCustomer('Alan');
  await registerByApi(customer);

  await page.goto(`/gb/p/${carton.urlKey}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /Cart/ })).toHaveText(/\(1/);

  await header.getByRole('link', { name: en('header.logIn') }).click();
  await main.getByLabel(en('account.fields.email')).fill(customer.email);
  await main.getByLabel(en('account.fields.password')).fill(customer.password);
  await expect(main.getByLabel(en('account.fields.password'))).toHaveValue(customer.password);
  await main.getByRole('button', { name: en('login.submit') }).click();
  await expect(header.getByRole('link', { name: new RegExp(customer.firstname) })).toBeVisible();
  await expect(header.getByRole('button', { name: /Cart/ })).toHaveText(/\(1/);

  await page.goto('/gb/cart');
  await expect(main.getByRole('heading', { name: carton.name })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('ember.cart.gb'))).toBeNull();
  const grand = main.getByRole('definition').last();
  const before = await grand.textContent();
  await main.getByLabel(`Quantity of ${carton.name}`).fill('3');
  await main.getByRole('button', { name: en('cart.update') }).click();
  await expect(header.getByRole('button', { name: /Cart/ })).toHaveText(/\(3/);
  await expect(grand).not.toHaveText(before!);
  await main.getByRole('button', { name: `${en('cart.remove')} ${carton.name}` }).click();
  await expect(main.getByText(en('cart.empty'))).toBeVisible();
});

/** Pays on the sandbox's hosted card page with a test card; the challenge, if any, is approved. */
async function payOnSandbox(page: Page, card: string, holder: string) {
  await expect(page).toHaveURL(/\/pay\//);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YYYY)').fill(String(new Date().getFullYear() + 2));
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill(holder);
  await page.getByRole('button', { name: /^Pay / }).click();
}

test('a customer whose card is declined pays the order again from the account, then cancels it, and the carton is back in stock', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A carton no other journey buys, so its stock moves only with this order.
  const carton = await productFacts(request, 'STK-BERRY-CARTON');
  const stockBefore = await stockLevel(request, carton.sku);
  const { customer } = await signedInCustomer(page, 'Ada');
  await verifyAgeByApi(page);
  const holder = `${customer.firstname} ${customer.lastname}`;

  await page.goto(`/gb/p/${carton.urlKey}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(main.getByRole('status').filter({ hasText: carton.name })).toBeVisible();

  await page.goto('/gb/checkout');
  await waitForPageView(page);
  // Signed in: no e-mail field, the names come from the account.
  await expect(main.getByLabel(en('checkout.address.email'))).toHaveCount(0);
  await expect(main.getByLabel(en('account.fields.firstname'))).toHaveValue(customer.firstname);
  await main.getByLabel(en('account.fields.street1')).fill('221B Baker Street');
  await main.getByLabel(en('account.fields.city')).fill('London');
  await main.getByLabel(en('account.fields.postcode')).fill('NW1 6XE');
  await main.getByRole('button', { name: en('checkout.address.save') }).click();
  const delivery = main.getByRole('region', { name: en('checkout.delivery.heading') });
  await delivery.getByRole('radio', { name: /Standard delivery/ }).check();
  const payment = main.getByRole('region', { name: en('checkout.payment.heading') });
  await payment.getByRole('radio', { name: en('checkout.payment.methods.ember_card') }).check();
  await expect(payment.getByRole('button', { name: en('checkout.placeOrder') })).toBeEnabled();
  await acceptTermsAndPlaceOrder(payment);

  // Declined: the order stays, waiting for its payment.
  await payOnSandbox(page, '4000 0000 0000 9995', holder);
  await expect(page).toHaveURL(/\/gb\/checkout\/success\?order=/);
  await expect(page.getByTestId('payment-status')).toHaveText(en('confirmation.payment.failed'));
  const number = (await page.getByTestId('order-number').textContent())!.trim();
  // Placing the order reserved the carton.
  expect(await stockLevel(request, carton.sku)).toBe(stockBefore - 1);

  // The account lists it; its page offers to pay again.
  await page.goto('/gb/account#/orders');
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect.poll(async () => (await readDataLayer(page)).filter((e) => e.event === 'on_load').map((e) => e.template_name)).toContain('my-orders');
  await expectNoSeriousViolations(page, 'order details');
  await main.getByRole('button', { name: en('payAgain.submit') }).click();
  await payOnSandbox(page, '4111 1111 1111 1111', holder);
  await expect(page.getByTestId('payment-status')).toHaveText(en('confirmation.payment.paid'));

  // Paid, then cancelled from the account.
  await page.goto(`/gb/account#/orders/${number}`);
  const status = page.getByTestId('order-status');
  await expect(status).toBeVisible();
  const before = (await status.textContent())!;
  await expect(main.getByRole('button', { name: en('payAgain.submit') })).toHaveCount(0);
  await main.getByLabel(en('account.orders.reason')).selectOption({ label: en('account.orders.reasons.orderedByMistake') });
  await main.getByRole('button', { name: en('account.orders.cancel') }).click();
  await expect(status).not.toHaveText(before);
  await expect(main.getByRole('button', { name: en('account.orders.cancel') })).toHaveCount(0);
  // The cancelled order's detail reports GA4's refund once (docs/decisions/0072).
  await expect.poll(async () => (await ecommerceEvents(page, 'refund'))[0]?.ecommerce).toMatchObject({
    transaction_id: number, currency: 'GBP', items: [{ item_id: carton.sku, quantity: 1 }],
  });
  expect(await page.evaluate((n) => window.localStorage.getItem(`ember_refund_tracked:gb:${n}`), number)).toBe('1');
  // Cancelling gave the carton back.
  expect(await stockLevel(request, carton.sku)).toBe(stockBefore);
});

test('the cartons limit of the store is explained in words when an addition would pass it', async ({ page, request }) => {
  const first = await productFacts(request, 'STK-TURQUOISE-CARTON');
  const second = await productFacts(request, 'STK-CITRUS-CARTON');
  const limit = (await graphql<{ storeConfig: { cartons_limit_value: number } }>(request, '{ storeConfig { cartons_limit_value } }')).storeConfig.cartons_limit_value;
  const main = page.getByRole('main');

  await page.goto(`/gb/p/${first.urlKey}`);
  await waitForPageView(page);
  await main.getByLabel(en('cart.quantity'), { exact: true }).fill(String(limit - 1));
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(main.getByRole('status').filter({ hasText: first.name })).toBeVisible();

  await page.goto(`/gb/p/${second.urlKey}`);
  await waitForPageView(page);
  await main.getByLabel(en('cart.quantity'), { exact: true }).fill('2');
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(main.getByRole('alert')).toHaveText(en('cart.errors.CARTONS_LIMIT_limit_other').replace('{{count}}', String(limit)));
  await expect(page.getByRole('banner').getByRole('button', { name: /Cart/ })).toHaveText(new RegExp(`\\(${limit - 1}`));
});
