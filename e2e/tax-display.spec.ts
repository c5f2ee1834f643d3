import { expect, test, type Locator, type Page } from '@playwright/test';
import { logInByApi, newCustomer, registerByApi, signedInCustomer, verifyAgeByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { acceptTermsAndPlaceOrder } from './support/legal';
import { formatPrice, graphql, looseText, messages, productFacts, readDataLayer, waitForPageView } from './support/shop';

// Tax display per store view (spec §4; docs/decisions/0074): every store view shows prices including
// tax; a store view configured EXCLUDING or BOTH is shown as such in the browser. The configuration is
// switched by answering the store's configuration call of a move to that market.
// Also the spec's Locale header (§6) on the browser's calls and the account's `#/checkout` (§2).

const en = messages('en');
const de = messages('de');

/** The German store view answers `tax_display` as given, for the browser's move to it. */
async function germanStoreShows(page: Page, display: 'EXCLUDING' | 'BOTH', locales: string[] = []): Promise<void> {
  await page.route(/\/graphql\?query=[^&]*StoreShell/, async (route) => {
    if (route.request().headers().store !== 'de') return route.continue();
    locales.push(route.request().headers().locale ?? '');
    const response = await route.fetch();
    const body = (await response.json()) as { data: { storeConfig: Record<string, unknown> } };
    body.data.storeConfig.tax_display = display;
    await route.fulfill({ response, json: body });
  });
}

/** Moves from the English product page to the German one in the browser (the market switcher). */
async function moveToGermany(page: Page): Promise<void> {
  await page.goto('/gb/p/ember-one');
  await waitForPageView(page);
  await page.locator('.market-switcher summary').click();
  await page.getByRole('navigation', { name: en('header.markets') }).getByRole('link', { name: /Deutschland/ }).click();
  await expect(page).toHaveURL(/\/de\/p\/ember-one$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
}

/** A price including tax without the rate, to the cent (what the server's cart takes out). */
function net(value: number, rateBp: number): number {
  const gross = Math.round(value * 100);
  return (gross - Math.round((gross * rateBp) / (10_000 + rateBp))) / 100;
}

test('prices show including tax and nothing more in every seeded store view', async ({ page, request }) => {
  for (const [store, text] of [['gb', en('price.plusTax')], ['de', de('price.plusTax')]] as const) {
    const product = await productFacts(request, 'EMBER-ONE', store);
    await page.goto(`/${store}/p/ember-one`);
    await waitForPageView(page);
    const price = page.getByRole('main').getByTestId('price').first();
    await expect(price).toContainText(looseText(formatPrice(product.price, store === 'gb' ? 'en_GB' : 'de_DE')));
    await expect(price.locator('.price__tax')).toHaveCount(0);
    await expect(page.getByRole('main').getByText(text)).toHaveCount(0);
  }
});

test('a store view showing BOTH adds the price without tax beneath each price, on the product page and the listing', async ({ page, request }) => {
  const product = await productFacts(request, 'EMBER-ONE', 'de');
  const locales: string[] = [];
  await germanStoreShows(page, 'BOTH', locales);
  await moveToGermany(page);
  const price = page.getByRole('main').getByTestId('price').first();
  await expect(price).toContainText(looseText(formatPrice(product.price, 'de_DE')));
  const excl = formatPrice({ ...product.price, value: net(product.price.value, 1900) }, 'de_DE');
  await expect(price.locator('.price__tax')).toHaveText(looseText(de('price.exclTax').replace('{{price}}', excl)));
  // The move's calls say the page's language as it was when they were made (spec §6).
  expect(locales).toEqual(['en-GB']);
  await expectNoSeriousViolations(page, 'product page with both prices');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`tax-both-product-${width}.png`), fullPage: true });
  }

  await page.getByRole('navigation', { name: de('header.mainNavigation') }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/de\/shop/);
  const cards = page.getByRole('main').getByTestId('price');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  await expect(page.getByRole('main').locator('.price__tax')).toHaveCount(count);
  await page.screenshot({ path: test.info().outputPath('tax-both-listing-1280.png'), fullPage: false });
});

test('a store view showing EXCLUDING shows prices without tax, marked as such', async ({ page, request }) => {
  const product = await productFacts(request, 'EMBER-ONE', 'de');
  await germanStoreShows(page, 'EXCLUDING');
  await moveToGermany(page);
  const price = page.getByRole('main').getByTestId('price').first();
  const excl = formatPrice({ ...product.price, value: net(product.price.value, 1900) }, 'de_DE');
  await expect(price.locator('.price__final')).toHaveText(looseText(excl));
  await expect(price.locator('.price__tax')).toHaveText(de('price.plusTax'));
  await expect(price).not.toContainText(looseText(formatPrice(product.price, 'de_DE')));
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: test.info().outputPath('tax-excluding-product-390.png'), fullPage: true });
});

type Money = { value: number; currency: string };
interface CartAmounts {
  itemsV2: { items: { prices: { row_total: Money; row_total_including_tax: Money; price: Money; price_including_tax: Money } }[] };
  prices: { subtotal_excluding_tax: Money; subtotal_including_tax: Money; grand_total: Money; applied_taxes: { label: string; amount: Money }[] };
}

const CART_AMOUNTS = `{ customerCart { itemsV2 { items { prices {
  row_total { value currency } row_total_including_tax { value currency } price { value currency } price_including_tax { value currency }
} } } prices {
  subtotal_excluding_tax { value currency } subtotal_including_tax { value currency } grand_total { value currency }
  applied_taxes { label amount { value currency } }
} } }`;

for (const display of ['EXCLUDING', 'BOTH'] as const) {
  test(`a store view showing ${display} shows the cart's prices so in the mini cart, on the cart page and in the checkout's summary`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const device = await productFacts(request, 'EMBER-ONE', 'de');
    const colour = device.variants.filter((v) => v.inStock).at(-1)!;
    // Devices go only to signed-in customers with a verified age in this market (the TEST check of a country that has one).
    const customer = newCustomer('Tessa');
    await registerByApi(customer, 'de');
    await logInByApi(page, customer, 'de');
    await verifyAgeByApi(page, 'de', 'GB');
    await germanStoreShows(page, display);
    await moveToGermany(page);
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: colour.colour }).check();
    await main.getByRole('button', { name: de('cart.add.button') }).click();
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: new RegExp(de('cart.mini.button')) })).toHaveText(/\(1/);
    const cart = (await graphql<{ customerCart: CartAmounts }>(page.request, CART_AMOUNTS, {}, 'de')).customerCart;
    const line = cart.itemsV2.items[0]!.prices;
    const tax = cart.prices.applied_taxes[0]!;
    expect(line.row_total.value).toBeLessThan(line.row_total_including_tax.value);
    const money = (m: Money) => looseText(formatPrice(m, 'de_DE'));
    const exclTax = (m: Money) => looseText(de('price.exclTax').replace('{{price}}', formatPrice(m, 'de_DE')));
    const net = display === 'EXCLUDING';

    /** An amount as the display shows it: without tax alone, or with tax and the amount without it beneath. */
    const shows = async (where: Locator, incl: Money, excl: Money) => {
      if (net) {
        await expect(where).toHaveText(money(excl));
        await expect(where).not.toContainText(money(incl));
        await expect(where.locator('.price__tax')).toHaveCount(0);
      } else {
        await expect(where).toContainText(money(incl));
        await expect(where.locator('.price__tax')).toHaveText(exclTax(excl));
      }
    };

    /** The totals: the subtotal as the display shows it, the tax as its own line, the grand total with tax. */
    const totalsShow = async (totals: Locator) => {
      await expect(totals.getByRole('term').first()).toHaveText(de(net ? 'cart.totals.subtotalExcl' : 'cart.totals.subtotal'));
      await shows(totals.getByRole('definition').first(), cart.prices.subtotal_including_tax, cart.prices.subtotal_excluding_tax);
      await expect(totals.locator('.cart-totals__tax dt')).toHaveText(de(net ? 'cart.totals.taxAdded' : 'cart.totals.tax').replace('{{label}}', tax.label));
      await expect(totals.locator('.cart-totals__tax dd')).toHaveText(money(tax.amount));
      await expect(totals.locator('.cart-totals__grand dd')).toHaveText(money(cart.prices.grand_total));
    };

    // The mini cart: the line's total and the subtotal.
    await header.getByRole('button', { name: new RegExp(de('cart.mini.button')) }).click();
    await shows(header.locator('.mini-cart__price'), line.row_total_including_tax, line.row_total);
    await expect(header.locator('.mini-cart__subtotal')).toContainText(de(net ? 'cart.totals.subtotalExcl' : 'cart.totals.subtotal'));
    await shows(header.locator('.mini-cart__subtotal strong'), cart.prices.subtotal_including_tax, cart.prices.subtotal_excluding_tax);
    await header.getByRole('link', { name: de('cart.mini.viewCart') }).click();

    // The cart page: each line's price and total, the subtotal, the tax as its own line, the grand total with tax.
    await expect(page).toHaveURL(/\/de\/cart$/);
    await shows(main.locator('.cart-line__unit'), line.price_including_tax, line.price);
    await shows(main.locator('.cart-line__total'), line.row_total_including_tax, line.row_total);
    await totalsShow(main.locator('.cart-totals'));
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`tax-${display.toLowerCase()}-cart-390.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, `cart showing ${display}`);

    // The checkout's summary: each line's total and the same totals.
    await main.getByRole('link', { name: de('cart.toCheckout') }).click();
    await expect(page).toHaveURL(/\/de\/checkout$/);
    const summary = main.getByRole('complementary');
    await expect(summary.getByRole('heading', { name: de('checkout.summary') })).toBeVisible();
    await shows(summary.locator('.checkout-summary__price'), line.row_total_including_tax, line.row_total);
    await totalsShow(summary.locator('.cart-totals'));
    await page.screenshot({ path: test.info().outputPath(`tax-${display.toLowerCase()}-checkout-390.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

test('the account\'s #/checkout shows the checkout with the cart, reported as checkout, with the order attributes at their placements', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'Hedy');
  await verifyAgeByApi(page);
  const sticks = await productFacts(page.request, 'STK-AMBER-PACK');
  await page.goto(`/gb/p/${sticks.urlKey}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /Cart/ })).toHaveText(/\(1/);
  await page.goto('/gb/account#/checkout');
  await expect(main.getByRole('heading', { level: 2, name: en('checkout.title') })).toBeVisible();
  await expect(main.getByRole('heading', { name: en('checkout.summary') })).toBeVisible();
  await expect(main.getByRole('complementary')).toContainText(sticks.name);
  await expect(main).not.toContainText('account.nav.');
  await expect(main.getByRole('heading', { name: en('checkout.address.heading') })).toBeVisible();
  await expect.poll(async () => (await readDataLayer(page)).filter((e) => e.event === 'on_load').map((e) => e.template_name).at(-1)).toBe('checkout');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: test.info().outputPath('account-checkout-390.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'account #/checkout');

  // The store view's order attributes are at their placements: the delivery note after the
  // shipping address, the gift receipt before "Place order"; their values go with the order.
  const address = main.getByRole('form', { name: en('checkout.address.heading') });
  const note = address.getByLabel(/Delivery instructions/);
  await expect(note).toBeVisible();
  expect(await address.locator('[data-placement="shippingAddress_after"]').count()).toBe(1);
  await note.fill('Ring twice');
  await main.getByLabel(en('account.fields.street1')).fill('7 Tax Row');
  await main.getByLabel(en('account.fields.city')).fill('London');
  await main.getByLabel(en('account.fields.postcode')).fill('NW1 6XE');
  await main.getByRole('button', { name: en('checkout.address.save') }).click();
  const delivery = main.getByRole('region', { name: en('checkout.delivery.heading') });
  await delivery.getByRole('radio', { name: /Standard delivery/ }).check();
  const payment = main.getByRole('region', { name: en('checkout.payment.heading') });
  await payment.getByRole('radio', { name: en('checkout.payment.methods.ember_card') }).check();
  const receipt = payment.locator('[data-placement="buttonPlaceOrder_before"]').getByLabel(/Include a gift receipt/);
  await receipt.check();
  await acceptTermsAndPlaceOrder(payment);
  await expect(page).toHaveURL(/\/pay\//);
  const orders = await graphql<{ customer: { orders: { items: { additional_attributes: { code: string; value: string }[] }[] } } }>(
    page.request, '{ customer { orders(pageSize: 1) { items { additional_attributes { code ... on AttributeValue { value } } } } } }', {}, 'gb',
  );
  expect(orders.customer.orders.items[0]!.additional_attributes).toEqual(
    expect.arrayContaining([{ code: 'delivery_note', value: 'Ring twice' }, { code: 'gift_receipt', value: '1' }]),
  );
});
