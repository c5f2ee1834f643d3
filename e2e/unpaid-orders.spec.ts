import { expect, test } from '@playwright/test';
import { addToCart, createOrder, customerCart } from '@ember/test-support';
import { apiBase, logInByApi, newCustomer, registerByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { messages, waitForPageView } from './support/shop';

/** Orders waiting for payment hold stock; checkout tells a customer who has some (docs/decisions/0033). */

const ADDRESSES = {
  gb: { firstname: 'Wanda', lastname: 'Waite', street: ['Baker Street', '221b'], city: 'London', postcode: 'NW1 6XE', country_code: 'GB', telephone: '+447900000000' },
  de: { firstname: 'Wanda', lastname: 'Waite', street: ['Friedrichstraße', '12'], city: 'Berlin', postcode: '10117', country_code: 'DE', telephone: '+4930123456' },
} as const;

const CHARGER = { sku: 'ACC-CHARGER', quantity: 1 };

/**
 * Places an order as the signed-in customer (their session's `token`) and leaves it waiting for
 * payment (the provider's page is never opened); a charger waits in the next cart.
 */
async function leaveOrderUnpaid(token: string, store: 'gb' | 'de'): Promise<string> {
  const order = await createOrder(apiBase(), { customer: { token }, store, items: [CHARGER], address: ADDRESSES[store] });
  const next = await customerCart(apiBase(), token, { store });
  const added = await addToCart(apiBase(), next, [CHARGER], { store, token });
  expect(added.body.errors, JSON.stringify(added.body.errors)).toBeUndefined();
  return order.order_number;
}

for (const [store, language] of [['gb', 'en'], ['de', 'de']] as const) {
  test(`on a 390 px phone, checkout tells a customer in ${store} that an order waits for payment and leads to paying it`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = messages(language);
    await page.setViewportSize({ width: 390, height: 844 });
    const customer = newCustomer('Wanda');
    await registerByApi(customer, store);
    const token = await logInByApi(page, customer, store);
    const number = await leaveOrderUnpaid(token, store);

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
