import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { pageOrigin, signedInCustomer } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { fillCheckoutAddress, payOnCardPage } from './support/checkout';
import { acceptTermsAndPlaceOrder } from './support/legal';
import { formatPrice, graphql, messages, productFacts, waitForPageView } from './support/shop';

/**
 * Trade-in: a customer registers their old Ember One at my-devices, sees the trade-in offer on the
 * new device's page, adds it, and buys the new device with the credit off the order, in English and
 * German, on a phone.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Seeded serials of a model (db/seed/0035_devices.sql); this file takes slots no other journey uses. */
function seededSerial(model: string, slot: number): string {
  const sql = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/seed/0035_devices.sql'), 'utf8');
  const serials = [...sql.matchAll(/\('([0-9A-Z]{12})', '(EMBER-[A-Z-]+)'/g)].filter((m) => m[2] === model).map((m) => m[1]!);
  return serials[serials.length - 1 - slot]!;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

for (const [store, language, country, locale, slot] of [
  ['gb', 'en', 'GB', 'en-GB', 0],
  ['de', 'de', 'DE', 'de-DE', 1],
] as const) {
  test(`an eligible customer buys a new device with the trade-in of their registered Ember One (${store})`, async ({ page }) => {
    test.setTimeout(120_000);
    const t = messages(language);
    const main = page.getByRole('main');
    const serial = seededSerial('EMBER-ONE-COPPER', slot);
    const { customer, uuid } = await signedInCustomer(page, language === 'de' ? 'Greta' : 'Grace');
    // The market's own TEST database check where it offers one, else the TEST database of a country that has one.
    const methods = await page.request.get(`/age-verification/available-methods/${country}`, { headers: { Store: store } });
    const offered = ((await methods.json()) as { methods: { code: string }[] }).methods.some((x) => x.code === 'database_check');
    const verified = await page.request.post('/age-verification/verify', {
      headers: { Store: store, ...pageOrigin() }, data: { method_code: 'database_check', country_code: offered ? country : 'GB' },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    const [{ offers }, nova] = await Promise.all([
      page.request.get('/api/trade-in/configuration', { headers: { Store: store } }).then((r) => r.json() as Promise<{ offers: { sku: string; credit: { value: number; currency: string } }[] }>),
      productFacts(page.request, 'EMBER-NOVA', store),
    ]);
    const credit = offers.find((o) => o.sku === 'TRADEIN-EMBER-ONE')!.credit;
    const creditText = formatPrice(credit, locale);

    try {
      // The old device, registered at my-devices.
      await page.goto(`/${store}/account#/devices`);
      await waitForPageView(page);
      await main.getByLabel(t('devices.codeLabel')).fill(serial);
      await main.getByRole('button', { name: t('devices.register') }).click();
      await expect(main.getByRole('status').filter({ hasText: t('devices.status.202.title') })).toBeVisible();

      // The new device's page offers the trade-in; the device goes into the cart, then the trade-in.
      await page.goto(`/${store}/p/${nova.urlKey}`);
      await waitForPageView(page);
      const colour = nova.variants.find((v) => v.inStock)!;
      await main.getByRole('radio', { name: colour.colour }).check();
      await main.getByRole('button', { name: t('cart.add.button') }).click();
      await expect(main.getByRole('status').filter({ hasText: nova.name })).toBeVisible();
      const offer = main.getByTestId('trade-in-offer');
      await expect(offer.getByRole('heading')).toHaveText(t('tradeIn.offer.heading').replace('{{credit}}', creditText));
      await expect(offer).toContainText(serial.slice(-4));
      await offer.getByRole('button', { name: t('tradeIn.offer.add').replace('{{credit}}', creditText) }).click();
      await expect(offer.getByRole('status')).toContainText(t('tradeIn.offer.added'));
      await expectNoSidewaysScroll(page);

      // The cart: the trade-in costs nothing, its credit comes off the total.
      await page.goto(`/${store}/cart`);
      await waitForPageView(page);
      await expect(main.getByRole('heading', { name: /Trade-in|Inzahlungnahme/ }).first()).toBeVisible();
      const creditLabel = language === 'de' ? 'Gutschrift für Inzahlungnahme' : 'Trade-in credit';
      await expect(main.getByText(creditLabel)).toBeVisible();
      await expect(main.getByTestId('trade-in-offer')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousViolations(page, `cart with a trade-in (${store})`);

      // Checkout with the store's own pick-up store address, home delivery and the sandbox card.
      const { pickupLocations } = await graphql<{ pickupLocations: { items: { street: string; postcode: string; city: string }[] } }>(
        page.request, '{ pickupLocations { items { street postcode city } } }', {}, store,
      );
      const address = pickupLocations.items[0]!;
      await page.goto(`/${store}/checkout`);
      await waitForPageView(page);
      await fillCheckoutAddress(main, language, customer, address);
      const delivery = main.getByRole('region', { name: t('checkout.delivery.heading') });
      const methods = delivery.getByRole('group', { name: t('checkout.delivery.legend') }).getByRole('radio');
      await methods.first().check();
      const payment = main.getByRole('region', { name: t('checkout.payment.heading') });
      await payment.getByRole('radio', { name: t('checkout.payment.methods.ember_card') }).check();
      await acceptTermsAndPlaceOrder(payment, language);
      await expect(page).toHaveURL(/\/pay\//);
      await payOnCardPage(page, language, { holder: `${customer.firstname} ${customer.lastname}` });
      await expect(page).toHaveURL(new RegExp(`/${store}/checkout/success\\?order=`));
      await expect(page.getByTestId('payment-status')).toHaveText(t('confirmation.payment.paid'));

      // The device is taken: no trade-in offer any more.
      const eligibility = await page.request.get(`/api/trade-in/is-eligible/${uuid}`, { headers: { Store: store } });
      expect(((await eligibility.json()) as { is_eligible: boolean }).is_eligible).toBe(false);
    } finally {
      await page.request.put(`/api/devices/${serial}/unassign`, { headers: { Store: store, ...pageOrigin() }, data: { consumerId: uuid } });
    }
  });
}
