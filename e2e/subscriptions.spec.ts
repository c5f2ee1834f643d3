import { expect, test, type Page } from '@playwright/test';
import { pageOrigin, signedInCustomer } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { fillCheckoutAddress, payOnCardPage } from './support/checkout';
import { acceptTerms } from './support/legal';
import { ADMIN_TOKEN, formatPrice, graphql, looseText, messages, waitForPageView } from './support/shop';

/**
 * Subscriptions: a customer puts a subscription carton in the cart from its page, agrees at checkout to keep the card
 * for the deliveries, pays, and manages the subscription at my-subscription: skips a delivery, swaps
 * the flavour, pauses, resumes and, once the minimum deliveries are met, cancels; then removes the
 * card at #/payments. In English and German, on a phone.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

const longDate = (daysAhead: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.now() + daysAhead * 86_400_000));

for (const [store, language, country, locale, minimum, address] of [
  ['gb', 'en', 'GB', 'en-GB', 2, { street: '12 Carnaby Street', postcode: 'W1F 9PS', city: 'London' }],
  ['de', 'de', 'DE', 'de-DE', 2, { street: 'Friedrichstraße 68', postcode: '10117', city: 'Berlin' }],
] as const) {
  test(`a customer subscribes at checkout and skips, swaps, pauses, resumes and cancels (${store})`, async ({ page }) => {
    test.setTimeout(180_000);
    const t = messages(language);
    const main = page.getByRole('main');
    const { customer } = await signedInCustomer(page, language === 'de' ? 'Sabine' : 'Simon');
    const methods = await page.request.get(`/age-verification/available-methods/${country}`, { headers: { Store: store } });
    const offered = ((await methods.json()) as { methods: { code: string }[] }).methods.some((x) => x.code === 'database_check');
    const verified = await page.request.post('/age-verification/verify', {
      headers: { Store: store, ...pageOrigin() }, data: { method_code: 'database_check', country_code: offered ? country : 'GB' },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    const plans = await (await page.request.get('/api/subscriptions/configurations', { headers: { Store: store } })).json() as {
      plans: { products: { sku: string; price: { value: number; currency: string }; flavor_label: string | null }[] }[];
    };
    const amber = plans.plans[0]!.products.find((p) => p.sku === 'SUB-AMBER-CARTON')!;
    const teak = plans.plans[0]!.products.find((p) => p.sku === 'SUB-TEAK-CARTON')!;
    const price = formatPrice(amber.price, locale);

    // The product's page says what the subscription is before anything is bought.
    const { products } = await graphql<{ products: { items: { url_key: string; name: string }[] } }>(
      page.request, '{ products(filter: { sku: { eq: "SUB-AMBER-CARTON" } }) { items { url_key name } } }', {}, store,
    );
    const product = products.items[0]!;
    await page.goto(`/${store}/p/${product.url_key}`);
    await waitForPageView(page);
    // The page names the product and its price per delivery; the plan's terms are in its description.
    await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(main.getByText(looseText(price)).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await main.getByRole('button', { name: t('cart.add.button') }).click();
    await expect(main.getByRole('status').filter({ hasText: product.name })).toBeVisible();

    // Checkout: only card payment is offered, and the card is kept only with the customer's consent.
    await page.goto(`/${store}/checkout`);
    await waitForPageView(page);
    await fillCheckoutAddress(main, language, customer, address);
    const delivery = main.getByRole('region', { name: t('checkout.delivery.heading') });
    await delivery.getByRole('radio', { name: /Standard/ }).check();
    const payment = main.getByRole('region', { name: t('checkout.payment.heading') });
    await expect(payment.getByRole('radio')).toHaveCount(1);
    await payment.getByRole('radio', { name: t('checkout.payment.methods.ember_card') }).check();
    await expect(payment).toContainText(looseText(price));
    await acceptTerms(payment, language);
    await payment.getByRole('button', { name: t('checkout.placeOrder') }).click();
    await expect(payment.getByText(t('checkout.subscription.keepCardMissing'))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await payment.getByLabel(t('checkout.subscription.keepCard')).check();
    await payment.getByRole('button', { name: t('checkout.placeOrder') }).click();
    await expect(page).toHaveURL(/\/pay\//);
    await payOnCardPage(page, language);
    await expect(page).toHaveURL(new RegExp(`/${store}/checkout/success\\?order=`));
    await expect(page.getByTestId('payment-status')).toHaveText(t('confirmation.payment.paid'));

    // my-subscription: the subscription with the saved card, once the payment is reported.
    const card = t('subscription.cardEnding').replace('{{brand}}', 'VISA').replace('{{last4}}', '1111');
    await page.goto(`/${store}/account#/subscription`);
    expect(JSON.stringify(await waitForPageView(page))).toContain('my-subscription');
    await expect.poll(async () => {
      await page.reload();
      // The view loads after the page: wait a moment for it, then look for the card.
      return main.getByText(card).first().waitFor({ timeout: 5_000 }).then(() => true, () => false);
    }, { timeout: 60_000, intervals: [500] }).toBe(true);
    await expect(main.getByText(looseText(longDate(28, locale)))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `my-subscription (${store})`);

    // Skip the next delivery: four weeks later.
    await main.getByRole('button', { name: t('subscription.skip') }).click();
    await expect(main.getByRole('status').filter({ hasText: t('subscription.skipped') })).toBeVisible();
    await expect(main.getByText(looseText(longDate(56, locale)))).toBeVisible();

    // Swap the flavour.
    const products$ = main.getByRole('form', { name: t('subscription.changeProducts') });
    await products$.getByLabel(t('subscription.flavour')).selectOption({ label: `${teak.flavor_label} (${formatPrice(teak.price, locale)})` });
    await products$.getByRole('button', { name: t('subscription.save') }).click();
    await expect(main.getByRole('status').filter({ hasText: t('subscription.saved') })).toBeVisible();
    await expect(main.locator('.subscription__products')).toContainText(/Teak/);

    // Pause until resumed, then resume.
    const pause = main.getByRole('form', { name: t('subscription.pause') });
    await pause.getByRole('button', { name: t('subscription.pauseButton') }).click();
    await expect(main.getByText(t('subscription.pausedBecause.customer'))).toBeVisible();
    await expect(main.locator('.badge').first()).toHaveText(t('subscription.status.paused'));
    await main.getByRole('button', { name: t('subscription.resume') }).click();
    await expect(main.getByRole('status').filter({ hasText: t('subscription.resumed') })).toBeVisible();
    await expect(main.locator('.badge').first()).toHaveText(t('subscription.status.active'));

    // Cancelling waits for the minimum deliveries: the form says how many.
    const cancel = main.getByRole('form', { name: t('subscription.cancel') });
    await expect(cancel.getByRole('button', { name: t('subscription.cancelButton') })).toBeDisabled();
    const { id } = (await (await page.request.get('/api/subscriptions/user', { headers: { Store: store } })).json() as { subscriptions: { id: string }[] }).subscriptions[0]!;
    // The deliveries before the minimum come early: the operator places them now, as the renewal job would on their day.
    for (let n = 1; n < minimum; n++) {
      const renewed = await page.request.post(`/admin/subscriptions/${id}/renew`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, data: { reason: 'Journey: the next delivery now' } });
      expect(await renewed.json()).toMatchObject({ placed: 1, paid: 1 });
    }
    await page.reload();
    await waitForPageView(page);
    await cancel.getByLabel(t('subscription.cancelReason')).selectOption(t('subscription.reasons.switching_product'));
    await cancel.getByLabel(t('subscription.cancelComment')).fill(language === 'de' ? 'Ich probiere den Nova.' : 'Trying the Nova.');
    await cancel.getByRole('button', { name: t('subscription.cancelButton') }).click();
    await expect(main.getByText(t('subscription.none'))).toBeVisible();
    await expect(main.getByText(t('subscription.endedHeading'))).toBeVisible();
    await expectNoSidewaysScroll(page);

    // #/payments: the card no longer pays a subscription and can be removed.
    await page.goto(`/${store}/account#/payments`);
    await waitForPageView(page);
    await expect(main.getByText(t('savedCards.card').replace('{{brand}}', 'VISA').replace('{{last4}}', '1111'))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await main.getByRole('button', { name: t('savedCards.removeLabel').replace('{{brand}}', 'VISA').replace('{{last4}}', '1111') }).click();
    await expect(main.getByText(t('savedCards.none'))).toBeVisible();
  });
}
