import { expect, test, type Page } from '@playwright/test';
import { signedInCustomer, verifyAgeByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { fillCheckoutAddress, payOnCardPage } from './support/checkout';
import { acceptTerms } from './support/legal';
import { looseText, messages, readDataLayer, waitForPageView } from './support/shop';

/**
 * The free trial from its landing page to the confirmation, on a phone: the landing page tells the
 * terms and that the customer may have the trial, the kit's page and the cart show what keeping it
 * costs, the trial's checkout (`#/trial/checkout`) keeps the card only with consent, the customer
 * sees the trial running in their account and starts a free return; the landing page then says the
 * trial was had. The trial store view speaks English.
 */
test.use({ viewport: { width: 390, height: 844 } });

const STORE = 'gb_trial';
const t = messages('en');

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

/** The template names of the page views reported so far (spec §2 page names). */
async function pageNames(page: Page): Promise<unknown[]> {
  return (await readDataLayer(page)).filter((e) => e.event === 'on_load').map((e) => e.template_name);
}

test('a customer starts a free trial from the landing page and returns the device in time', async ({ page }) => {
  test.setTimeout(180_000);
  const main = page.getByRole('main');
  const { customer } = await signedInCustomer(page, 'Tilda');
  await verifyAgeByApi(page, 'gb', 'GB');

  // free-trial-landing-page: the terms in words, with the price after the trial, and the customer's eligibility.
  await page.goto(`/${STORE}`);
  expect((await waitForPageView(page)).template_name).toBe('free-trial-landing-page');
  await expect(main.getByRole('heading', { level: 1, name: t('trial.headline') })).toBeVisible();
  await expect(main.getByText(looseText('£49.00'))).toBeVisible();
  await expect(main.getByText(t('trial.eligible'))).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'free-trial landing page');
  await page.screenshot({ path: test.info().outputPath('trial-landing.png'), fullPage: true });

  // free-trial-PDP: the kit's page.
  await main.getByRole('link', { name: t('trial.start') }).click();
  await expect(page).toHaveURL(new RegExp(`/${STORE}/p/`));
  await expect.poll(async () => (await pageNames(page)).at(-1)).toBe('free-trial-PDP');
  // The kit's page tells the terms and the customer's eligibility too.
  const terms = main.getByRole('region', { name: t('trial.howHeading') });
  await expect(terms.getByText(looseText('£49.00'))).toBeVisible();
  await expect(terms.getByText(t('trial.eligible'))).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('trial-pdp.png'), fullPage: true });
  await main.getByRole('button', { name: t('cart.add.button') }).click();
  await expect(main.getByRole('status').filter({ hasText: 'Trial Kit' })).toBeVisible();

  // The cart says what keeping the device costs, and leads to the trial's checkout in the account.
  await page.goto(`/${STORE}/cart`);
  await waitForPageView(page);
  await expect(main.getByText(t('cart.totals.afterTrial'))).toBeVisible();
  await expectNoSidewaysScroll(page);
  await main.getByRole('link', { name: t('trial.toCheckout') }).click();
  await expect(page).toHaveURL(new RegExp(`/${STORE}/account#/trial/checkout`));
  await expect.poll(async () => (await pageNames(page)).at(-1)).toBe('free-trial-checkout');

  await fillCheckoutAddress(main, 'en', customer, { street: `${Date.now() % 100000} Trial Lane`, postcode: 'W1F 9PS', city: 'London' });
  const delivery = main.getByRole('region', { name: t('checkout.delivery.heading') });
  await delivery.getByRole('radio', { name: /Standard/ }).check();
  const payment = main.getByRole('region', { name: t('checkout.payment.heading') });
  await expect(payment.getByRole('radio')).toHaveCount(1);
  await payment.getByRole('radio', { name: t('checkout.payment.methods.ember_card') }).check();
  await expect(payment).toContainText(looseText('£49.00'));
  await acceptTerms(payment, 'en');
  await payment.getByRole('button', { name: t('checkout.placeOrder') }).click();
  await expect(payment.getByText(t('checkout.trial.keepCardMissing'))).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('trial-checkout.png'), fullPage: true });
  await payment.getByLabel(t('checkout.trial.keepCard').replace('{{amount}}', '£49.00')).check();
  await payment.getByRole('button', { name: t('checkout.placeOrder') }).click();
  await expect(page).toHaveURL(/\/pay\//);
  // A card of its own: the trial is one per card too.
  await payOnCardPage(page, 'en', { month: 1 + (Date.now() % 12), yearsAhead: 3 + (Date.now() % 5) });
  await expect(page).toHaveURL(new RegExp(`/${STORE}/checkout/success\\?order=`));
  await expect(page.getByTestId('payment-status')).toHaveText(t('confirmation.payment.paid'));

  // The account shows the trial running (the trial starts once the payment is known), and the free return.
  await page.goto(`/${STORE}/account#/orders`);
  const trials = main.getByRole('region', { name: t('trial.mine.heading') });
  await expect(async () => {
    await page.reload();
    await expect(trials.getByText(t('trial.mine.status.in_trial'))).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(trials).toContainText(looseText('£49.00'));
  await expectNoSidewaysScroll(page);
  await trials.getByRole('button', { name: t('trial.mine.return') }).click();
  await expect(trials.getByText(t('trial.mine.status.return_requested'))).toBeVisible();
  await expect(trials.getByText(t('trial.mine.returning'))).toBeVisible();

  // The landing page now says the trial was had: it is one per person.
  await page.goto(`/${STORE}`);
  await waitForPageView(page);
  await expect(main.getByText(t('trial.notEligible'))).toBeVisible();
});

test('a visitor is asked to sign in before the trial', async ({ page }) => {
  const main = page.getByRole('main');
  await page.goto(`/${STORE}`);
  await waitForPageView(page);
  await expect(main.getByText(t('trial.signInFirst'))).toBeVisible();
  await expect(main.getByRole('link', { name: t('trial.signIn') })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
