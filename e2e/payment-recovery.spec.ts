import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newCustomer, registerByApi, signedInCustomer, type Customer } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { acceptTermsAndPlaceOrder } from './support/legal';
import { formatPrice, messages, productFacts, storeFacts, waitForPageView, type ProductFacts } from './support/shop';

const en = messages('en');

/** Accessories: sold to guests too (no age check), so these journeys need no verification. */
const CHARGER = 'ACC-CHARGER';
const CASE = 'ACC-CASE-SLATE';
const CLEANING_KIT = 'ACC-CLEANING-KIT';
/** The seeded coupon of the gb store (£5 off from £30). */
const COUPON = 'EMBER5';
const DECLINED_CARD = '4000 0000 0000 9995';
const GOOD_CARD = '4111 1111 1111 1111';

async function addToCart(page: Page, product: ProductFacts, quantity = 1) {
  await page.goto(`/gb/p/${product.urlKey}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  if (quantity > 1) await main.getByLabel(en('cart.quantity'), { exact: true }).fill(String(quantity));
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(main.getByRole('status').filter({ hasText: product.name })).toBeVisible();
}

/** Checkout with a delivery address, standard delivery and a payment method; "Place order" opens the provider's page. */
async function placeOrder(page: Page, opts: { guest?: Customer; method?: 'ember_card' | 'ember_bank_transfer' } = {}) {
  await page.goto('/gb/checkout');
  await waitForPageView(page);
  const main = page.getByRole('main');
  if (opts.guest) {
    await main.getByLabel(en('checkout.address.email')).fill(opts.guest.email);
    await main.getByLabel(en('account.fields.firstname')).fill(opts.guest.firstname);
    await main.getByLabel(en('account.fields.lastname')).fill(opts.guest.lastname);
  }
  await main.getByLabel(en('account.fields.street1')).fill('221B Baker Street');
  await main.getByLabel(en('account.fields.city')).fill('London');
  await main.getByLabel(en('account.fields.postcode')).fill('NW1 6XE');
  await main.getByRole('button', { name: en('checkout.address.save') }).click();
  const delivery = main.getByRole('region', { name: en('checkout.delivery.heading') });
  await delivery.getByRole('radio', { name: /Standard delivery/ }).check();
  const payment = main.getByRole('region', { name: en('checkout.payment.heading') });
  await payment.getByRole('radio', { name: en(`checkout.payment.methods.${opts.method ?? 'ember_card'}`) }).check();
  await expect(payment.getByRole('button', { name: en('checkout.placeOrder') })).toBeEnabled();
  await acceptTermsAndPlaceOrder(payment);
}

/** The sandbox's hosted card page (no challenge for these cards). */
async function payByCard(page: Page, card: string, holder: string) {
  await expect(page).toHaveURL(/\/payments-sandbox\/pay\//);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YYYY)').fill(String(new Date().getFullYear() + 2));
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill(holder);
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** The order e-mails (template codes) the dev mailbox holds for an order number, oldest first. */
async function orderMails(request: APIRequestContext, email: string, number: string): Promise<string[]> {
  const response = await request.get('/dev/mailbox/messages', { params: { recipient: email } });
  const { messages: mails } = (await response.json()) as { messages: { template: string; body: string }[] };
  return mails.filter((m) => m.body.includes(number) && m.template.startsWith('order_')).map((m) => m.template).reverse();
}

test('a customer leaves the payment page, pays the waiting order from the account, and the abandoned page can no longer be paid', async ({ page, request }) => {
  test.setTimeout(90_000);
  const charger = await productFacts(request, CHARGER);
  const { customer } = await signedInCustomer(page, 'Mary');
  await addToCart(page, charger);
  await placeOrder(page);

  // The shopper leaves the provider's page without paying.
  await expect(page).toHaveURL(/\/payments-sandbox\/pay\//);
  const abandoned = page.url();
  await page.goto('/gb/account#/orders');
  const main = page.getByRole('main');
  // The newest order comes first in the list of orders.
  const orderLink = main.getByRole('list', { name: en('account.orders.caption') }).getByRole('listitem').first().getByRole('link');
  const number = (await orderLink.textContent())!.trim();
  await orderLink.click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(main.getByRole('radio', { name: en('checkout.payment.methods.ember_card') })).toBeChecked();
  await expectNoSeriousViolations(page, 'waiting order with pay again');
  await main.getByRole('button', { name: en('payAgain.submit') }).click();

  // A fresh payment page; the abandoned one is cancelled at the provider.
  await expect(page).toHaveURL(/\/payments-sandbox\/pay\//);
  expect(page.url()).not.toBe(abandoned);
  await payByCard(page, GOOD_CARD, `${customer.firstname} ${customer.lastname}`);
  await expect(page).toHaveURL(new RegExp(`/gb/checkout/success\\?order=${number}&payment_uuid=`));
  await expect(page.getByTestId('payment-status')).toHaveText(en('confirmation.payment.paid'));
  await expect(page.getByRole('heading', { level: 1, name: en('orderOutcome.heading.paid') })).toBeVisible();

  const old = await page.goto(abandoned);
  expect(old?.status()).toBe(410);

  // Received when placed, confirmed once paid.
  await expect.poll(() => orderMails(request, customer.email, number)).toEqual(['order_received', 'order_confirmed']);
});

test('a declined card is named on the confirmation page, the order is paid there by bank transfer, and the page shows items, addresses, totals and the order', async ({ page, request }) => {
  test.setTimeout(90_000);
  const store = await storeFacts(request, 'gb');
  const carryCase = await productFacts(request, CASE);
  const { customer } = await signedInCustomer(page, 'Alan');
  await addToCart(page, carryCase);
  await placeOrder(page);
  await payByCard(page, DECLINED_CARD, `${customer.firstname} ${customer.lastname}`);

  await expect(page).toHaveURL(/\/gb\/checkout\/success\?order=[^&]+&payment_uuid=/);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: en('orderOutcome.heading.declined') })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText(en('confirmation.payment.failed'));
  await expect(page.getByTestId('payment-reason')).toHaveText(en('orderOutcome.reason.insufficient_funds'));
  const number = (await page.getByTestId('order-number').textContent())!.trim();
  await expectNoSeriousViolations(page, 'declined confirmation');

  // Pay again, on the same order, with another method.
  const payAgain = main.getByRole('form', { name: en('payAgain.heading') });
  await payAgain.getByRole('radio', { name: en('checkout.payment.methods.ember_bank_transfer') }).check();
  await payAgain.getByRole('button', { name: en('payAgain.submit') }).click();
  await expect(page).toHaveURL(/\/payments-sandbox\/bank\//);
  await page.getByRole('button', { name: 'Approve transfer' }).click();

  await expect(page).toHaveURL(new RegExp(`/gb/checkout/success\\?order=${number}&payment_uuid=`));
  await expect(page.getByTestId('payment-status')).toHaveText(en('confirmation.payment.paid'));
  await expect(page.getByRole('heading', { level: 1, name: en('orderOutcome.heading.paid') })).toBeVisible();
  await expect(main.getByRole('form', { name: en('payAgain.heading') })).toHaveCount(0);
  const items = main.getByRole('region', { name: en('orderOutcome.items') });
  await expect(items.getByRole('listitem')).toHaveText([new RegExp(`1 × ${carryCase.name}.*${escape(formatPrice(carryCase.price, store.locale))}`)]);
  await expect(page.getByTestId('delivery-address')).toContainText('221B Baker Street');
  await expect(page.getByTestId('billing-address')).toContainText(customer.lastname);
  const totals = main.getByRole('region', { name: en('cart.totals.heading') });
  await expect(totals.getByText(en('cart.totals.subtotal'))).toBeVisible();
  await expect(totals.getByText(en('cart.totals.grandTotal'), { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'paid confirmation');

  await main.getByRole('link', { name: en('orderOutcome.viewOrder') }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(main.getByText(en('checkout.payment.methods.ember_bank_transfer'))).toBeVisible();
  await expect(main.getByRole('button', { name: en('payAgain.submit') })).toHaveCount(0);
  await expect.poll(() => orderMails(request, customer.email, number)).toEqual(['order_received', 'order_confirmed']);
});

test('a guest whose card is declined pays the same order again from the confirmation page', async ({ page, request }) => {
  test.setTimeout(90_000);
  const kit = await productFacts(request, CLEANING_KIT);
  const guest = newCustomer('Ida');
  await addToCart(page, kit);
  await placeOrder(page, { guest });
  await payByCard(page, DECLINED_CARD, `${guest.firstname} ${guest.lastname}`);

  await expect(page.getByRole('heading', { level: 1, name: en('orderOutcome.heading.declined') })).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent())!.trim();
  const main = page.getByRole('main');
  // A guest has no account: no link to one.
  await expect(main.getByRole('link', { name: en('orderOutcome.viewOrder') })).toHaveCount(0);
  const payAgain = main.getByRole('form', { name: en('payAgain.heading') });
  await expect(payAgain.getByRole('radio', { name: en('checkout.payment.methods.ember_card') })).toBeChecked();
  await payAgain.getByRole('button', { name: en('payAgain.submit') }).click();
  await payByCard(page, GOOD_CARD, `${guest.firstname} ${guest.lastname}`);

  await expect(page).toHaveURL(new RegExp(`/gb/checkout/success\\?order=${number}&payment_uuid=`));
  await expect(page.getByTestId('payment-status')).toHaveText(en('confirmation.payment.paid'));
  await expect(main.getByRole('region', { name: en('orderOutcome.items') })).toContainText(kit.name);
  await expect.poll(() => orderMails(request, guest.email, number)).toEqual(['order_received', 'order_confirmed']);
});

test('a guest’s promo code is still applied after signing in, when the carts are merged', async ({ page, request }) => {
  const charger = await productFacts(request, CHARGER);
  // Enough chargers to reach the coupon's minimum.
  const quantity = Math.ceil(30 / charger.price.value) + 1;
  await addToCart(page, charger, quantity);
  await page.goto('/gb/cart');
  await waitForPageView(page);
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: en('cart.coupon.label') }).fill(COUPON);
  await main.getByRole('button', { name: en('cart.coupon.apply') }).click();
  await expect(main.getByText(en('cart.coupon.applied').replace('{{code}}', COUPON))).toBeVisible();

  const customer = newCustomer('Rosalind');
  await registerByApi(customer);
  await page.goto('/gb/login?returnTo=/gb/cart');
  await waitForPageView(page);
  const email = main.getByLabel(en('account.fields.email'));
  const password = main.getByLabel(en('account.fields.password'), { exact: true });
  await email.fill(customer.email);
  await password.fill(customer.password);
  await expect(email).toHaveValue(customer.email);
  await expect(password).toHaveValue(customer.password);
  await main.getByRole('button', { name: en('login.submit') }).click();

  await expect(page).toHaveURL(/\/gb\/cart$/);
  await expect(main.getByLabel(en('cart.quantityFor').replace('{{name}}', charger.name))).toHaveValue(String(quantity));
  await expect(main.getByText(en('cart.coupon.applied').replace('{{code}}', COUPON))).toBeVisible();
  await expect(main.getByText(/^Discount/)).toBeVisible();
  // Nothing was dropped, so there is nothing to explain.
  await expect(main.getByRole('heading', { name: en('cartMerge.heading') })).toHaveCount(0);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
