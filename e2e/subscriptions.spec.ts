import { expect, test, type Page } from '@playwright/test';
import { pageOrigin, signedInCustomer } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { fillCheckoutAddress, payOnCardPage } from './support/checkout';
import { acceptTerms } from './support/legal';
import { ADMIN_TOKEN, formatPrice, graphql, looseText, messages, waitForPageView } from './support/shop';

/**
 * Subscriptions: a customer chooses on a subscription carton's page how often it comes (the page
 * also links the carton bought once and says the terms), sees that frequency in the cart (where it
 * can change) and at checkout, agrees to keep the card for the deliveries, pays, and manages the
 * subscription at my-subscription, which starts with the chosen frequency: skips a delivery, swaps
 * the flavour, pauses, resumes and, once the minimum deliveries are met, cancels (in ch, whose minimum is three,
 * the customer cannot yet and the shop ends it); then removes the
 * card at #/payments. In gb (English), de and ch (German), on a phone.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

const longDate = (daysAhead: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.now() + daysAhead * 86_400_000));

// The frequency chosen on the product page, and the one the cart changes it to (the plans' default is 4 weeks).
for (const [store, language, country, locale, minimum, address, chosen, weeks] of [
  ['gb', 'en', 'GB', 'en-GB', 2, { street: '12 Carnaby Street', postcode: 'W1F 9PS', city: 'London' }, 6, 6],
  ['de', 'de', 'DE', 'de-DE', 2, { street: 'Friedrichstraße 68', postcode: '10117', city: 'Berlin' }, 2, 8],
  ['ch', 'de', 'CH', 'de-CH', 3, { street: 'Bahnhofstrasse 42', postcode: '8001', city: 'Zürich' }, 8, 2],
] as const) {
  test(`a customer chooses how often on the product page, sees it in the cart and at checkout, subscribes, and skips, swaps, pauses, resumes and cancels (${store})`, async ({ page }) => {
    test.setTimeout(180_000);
    const t = messages(language);
    const plural = (key: string, count: number) => t(`${key}_${count === 1 ? 'one' : 'other'}`).replace('{{count}}', String(count));
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
    // The seeded plan's cartons (on a shared database other suites' plans may be listed too).
    const planned = plans.plans.flatMap((plan) => plan.products);
    const amber = planned.find((p) => p.sku === 'SUB-AMBER-CARTON')!;
    const teak = planned.find((p) => p.sku === 'SUB-TEAK-CARTON')!;
    const price = formatPrice(amber.price, locale);

    // The product's page says what the subscription is before anything is bought.
    const { products } = await graphql<{ products: { items: { sku: string; url_key: string; name: string }[] } }>(
      page.request, '{ products(filter: { sku: { in: ["SUB-AMBER-CARTON", "STK-AMBER-CARTON"] } }) { items { sku url_key name } } }', {}, store,
    );
    const product = products.items.find((p) => p.sku === 'SUB-AMBER-CARTON')!;
    const oneTime = products.items.find((p) => p.sku === 'STK-AMBER-CARTON')!;
    await page.goto(`/${store}/p/${product.url_key}`);
    await waitForPageView(page);
    await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    // One-time or subscription: this page, priced per delivery, and the carton of the same blend bought once.
    const choice = main.getByRole('navigation', { name: t('subscriptionChoice.label') });
    await expect(choice.getByRole('link', { name: looseText(t('subscriptionChoice.choice1').replace('{{price}}', price)) })).toHaveAttribute('aria-current', 'page');
    await expect(choice.getByRole('link', { name: t('subscriptionChoice.choice0').split('\n')[0] })).toHaveAttribute('href', `/${store}/p/${oneTime.url_key}`);
    // How often it comes, the plan's default chosen, and the terms in words.
    const often = main.getByRole('group', { name: t('subscriptionChoice.frequency') });
    await expect(often.getByRole('radio')).toHaveCount(4);
    await expect(often.getByRole('radio', { name: plural('subscriptionChoice.weeks', 4), exact: true })).toBeChecked();
    await expect(often).toContainText(looseText(t('subscriptionChoice.perDelivery').replace('{{price}}', price)));
    await expect(often).toContainText(plural('subscriptionChoice.minimum', minimum));
    await expect(often).toContainText(t('subscriptionChoice.manage'));
    await expect(often).toContainText(t('subscriptionChoice.account'));
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `subscription product page (${store})`);
    await often.getByRole('radio', { name: plural('subscriptionChoice.weeks', chosen), exact: true }).check();
    await main.getByRole('button', { name: t('cart.add.button') }).click();
    await expect(main.getByRole('status').filter({ hasText: product.name })).toBeVisible();

    // The cart shows the frequency chosen, and changes it to another the plan offers.
    await page.goto(`/${store}/cart`);
    await waitForPageView(page);
    const frequency = main.getByLabel(t('cart.subscriptionFrequency'));
    await expect(frequency).toHaveValue(String(chosen));
    if (weeks !== chosen) {
      const changed = page.waitForResponse((r) => r.request().postData()?.includes('UpdateCartItemFrequency') === true && r.ok());
      await frequency.selectOption(String(weeks));
      await changed;
      await page.reload();
      await expect(frequency).toHaveValue(String(weeks));
    }
    await expectNoSidewaysScroll(page);

    // Checkout: only card payment is offered, and the card is kept only with the customer's consent.
    await page.goto(`/${store}/checkout`);
    await waitForPageView(page);
    await expect(main.getByRole('complementary', { name: t('checkout.summary') })).toContainText(plural('subscriptionChoice.every', weeks));
    await fillCheckoutAddress(main, language, customer, address);
    const delivery = main.getByRole('region', { name: t('checkout.delivery.heading') });
    await delivery.getByRole('radio', { name: /Standard|PostPac Economy/ }).check();
    const payment = main.getByRole('region', { name: t('checkout.payment.heading') });
    await expect(payment.getByRole('radio')).toHaveCount(1);
    await payment.getByRole('radio', { name: t('checkout.payment.methods.ember_card') }).check();
    await expect(payment).toContainText(looseText(price));
    await expect(payment).toContainText(plural('subscriptionChoice.every', weeks));
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
    // It comes as often as chosen: the first renewal that many weeks after the order.
    await expect(main.locator('.subscription__facts')).toContainText(plural('subscription.everyWeeks', weeks));
    await expect(main.getByText(looseText(longDate(7 * weeks, locale)))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `my-subscription (${store})`);

    // Skip the next delivery: one period later.
    await main.getByRole('button', { name: t('subscription.skip') }).click();
    await expect(main.getByRole('status').filter({ hasText: t('subscription.skipped') })).toBeVisible();
    await expect(main.getByText(looseText(longDate(14 * weeks, locale)))).toBeVisible();

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
    // The next delivery comes early: the operator places it now, as the renewal job would on its day (one a day at most).
    const renewed = await page.request.post(`/admin/subscriptions/${id}/renew`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, data: { reason: 'Journey: the next delivery now' } });
    expect(await renewed.json()).toMatchObject({ placed: 1, paid: 1 });
    await page.reload();
    await waitForPageView(page);
    if (minimum > 2) {
      // Two deliveries of ch's three: the customer still cannot cancel; the shop ends it at their request.
      await expect(cancel.getByRole('button', { name: t('subscription.cancelButton') })).toBeDisabled();
      const ended = await page.request.put(`/admin/subscriptions/${id}/status`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, data: { status: 'cancelled', reason: 'Journey: the customer asked the shop to end it' },
      });
      expect(ended.status(), await ended.text()).toBe(200);
      await page.reload();
      await waitForPageView(page);
    } else {
      await cancel.getByLabel(t('subscription.cancelReason')).selectOption(t('subscription.reasons.switching_product'));
      await cancel.getByLabel(t('subscription.cancelComment')).fill(language === 'de' ? 'Ich probiere den Nova.' : 'Trying the Nova.');
      await cancel.getByRole('button', { name: t('subscription.cancelButton') }).click();
    }
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
