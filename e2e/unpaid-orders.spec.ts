import { expect, test, type Page } from '@playwright/test';
import { logInByApi, newCustomer, pageOrigin, registerByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { checkoutAgreementIds, SET_CARD_WITH_TERMS } from './support/legal';
import { messages, waitForPageView } from './support/shop';

/** Orders waiting for payment hold stock; checkout tells a customer who has some (docs/decisions/0033). */

const ADDRESSES = {
  gb: { firstname: 'Wanda', lastname: 'Waite', street: ['Baker Street', '221b'], city: 'London', postcode: 'NW1 6XE', country_code: 'GB', telephone: '+447900000000' },
  de: { firstname: 'Wanda', lastname: 'Waite', street: ['Friedrichstraße', '12'], city: 'Berlin', postcode: '10117', country_code: 'DE', telephone: '+4930123456' },
} as const;

/** The commerce API as the page's signed-in customer (page.request carries its cookies). */
async function asCustomer<T>(page: Page, store: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post('/graphql', { headers: { Store: store, ...pageOrigin() }, data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

async function cartWithCharger(page: Page, store: string): Promise<string> {
  const { customerCart } = await asCustomer<{ customerCart: { id: string } }>(page, store, 'query { customerCart { id } }');
  await asCustomer(page, store, 'mutation ($c: String!) { addProductsToCart(cartId: $c, cartItems: [{sku: "ACC-CHARGER", quantity: 1}]) { cart { id } } }', { c: customerCart.id });
  return customerCart.id;
}

/** Places an order and leaves it waiting for payment (the provider's page is never opened); a charger waits in the next cart. */
async function leaveOrderUnpaid(page: Page, store: 'gb' | 'de'): Promise<string> {
  const c = await cartWithCharger(page, store);
  await asCustomer(page, store, 'mutation ($c: String!, $a: CartAddressInput) { setBillingAddressOnCart(input: {cart_id: $c, billing_address: {address: $a, use_for_shipping: true}}) { cart { id } } }', { c, a: ADDRESSES[store] });
  await asCustomer(page, store, 'mutation ($c: String!) { setShippingMethodsOnCart(input: {cart_id: $c, shipping_methods: [{carrier_code: "tablerate", method_code: "standard"}]}) { cart { id } } }', { c });
  await asCustomer(page, store, SET_CARD_WITH_TERMS, { c, ids: await checkoutAgreementIds(page.request, store) });
  const { placeOrder } = await asCustomer<{ placeOrder: { order: { order_number: string } | null; errors: unknown[] } }>(
    page, store, 'mutation ($c: String!) { placeOrder(input: {cart_id: $c}) { order { order_number } errors { code message } } }', { c },
  );
  expect(placeOrder.errors).toEqual([]);
  await cartWithCharger(page, store);
  return placeOrder.order!.order_number;
}

for (const [store, language] of [['gb', 'en'], ['de', 'de']] as const) {
  test(`on a 390 px phone, checkout tells a customer in ${store} that an order waits for payment and leads to paying it`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = messages(language);
    await page.setViewportSize({ width: 390, height: 844 });
    const customer = newCustomer('Wanda');
    await registerByApi(page.request, customer, store);
    await logInByApi(page, customer, store);
    const number = await leaveOrderUnpaid(page, store);

    await page.goto(`/${store}/checkout`);
    await waitForPageView(page);
    const main = page.getByRole('main');
    const notice = main.getByRole('status').filter({ hasText: t('checkout.waitingOrders.text_one') });
    await expect(notice).toBeVisible();
    const pay = notice.getByRole('link', { name: t('checkout.waitingOrders.pay').replace('{{number}}', number) });
    await expect(pay).toBeVisible();
    // Nothing sticks out sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, 'checkout with an order waiting for payment');

    await pay.click();
    await expect(page).toHaveURL(new RegExp(`/${store}/account#/orders/${number}$`));
    await expect(main.getByRole('button', { name: t('payAgain.submit') })).toBeVisible();
  });
}
