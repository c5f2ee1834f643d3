import { PAGE_NAMES } from '@ember/contracts';
import { expect, test, type Page, type Request } from '@playwright/test';
import { signedInCustomer } from './support/account';
import { messages, productFacts, readDataLayer, storeFacts, waitForPageView, type DataLayerEntry } from './support/shop';

const en = messages('en');

/** The GA4 events of one name pushed so far (events a page fires go out 500 ms after, spec §9). */
async function eventsNamed(page: Page, name: string): Promise<DataLayerEntry[]> {
  return (await readDataLayer(page)).filter((e) => e.event === name);
}

/** The next cart mutation of the given operation the page sends. */
function cartMutation(page: Page, operation: string): Promise<Request> {
  return page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/graphql') && (r.postData() ?? '').includes(`mutation ${operation}`));
}

const pages = [
  { path: '/gb/', pageName: 'home-page' },
  { path: '/gb/shop', pageName: 'shop' },
  { path: '/gb/p/ember-one', pageName: 'product-details-page' },
  { path: '/gb/faq', pageName: 'faq-page' },
] as const;

for (const { path, pageName } of pages) {
  test(`${path} reports itself to the data layer as ${pageName}`, async ({ page, request }) => {
    const store = await storeFacts(request, 'gb');
    expect(PAGE_NAMES).toContain(pageName);

    await page.goto(path);
    const view = await waitForPageView(page);
    expect(view).toEqual({
      event: 'on_load',
      section: expect.any(String),
      template_name: pageName,
      user_country: store.default_country,
      user_language: store.language,
      user_membership: 'N/A',
      referee: 'no',
    });
  });
}

test('the product page sends a GA4 view_item event for the product', async ({ page, request }) => {
  const product = await productFacts(request, 'EMBER-ONE');
  await page.goto(`/gb/p/${product.urlKey}`);
  await waitForPageView(page);
  const viewItem = (await readDataLayer(page)).find((e) => e.event === 'view_item');
  expect(viewItem?.ecommerce).toMatchObject({
    currency: product.price.currency,
    value: product.price.value,
    items: [{ item_id: product.sku, item_name: product.name, price: product.price.value, currency: product.price.currency }],
  });
});

test('the listing sends a GA4 view_item_list event with the products shown', async ({ page }) => {
  await page.goto('/gb/shop/devices');
  await waitForPageView(page);
  const list = (await readDataLayer(page)).find((e) => e.event === 'view_item_list');
  const items = (list?.ecommerce as { items: { item_id: string; item_name: string }[] }).items;
  const names = await page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
  expect(items.map((i) => i.item_name)).toEqual(names);
  expect(items.every((i) => i.item_id.length > 0)).toBe(true);
});

test('navigating in the browser reports a new page view for each page', async ({ page }) => {
  await page.goto('/gb/');
  await waitForPageView(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  const view = await waitForPageView(page, 2);
  expect(view.template_name).toBe('faq-page');
});

test('opening a product tile of the listing sends select_item with its list and place, then the product page its view_item', async ({ page }) => {
  await page.goto('/gb/shop/devices');
  await waitForPageView(page);
  const tiles = page.getByRole('main').getByRole('article');
  const name = (await tiles.nth(1).getByRole('heading').textContent())!.trim();
  await tiles.nth(1).getByRole('link', { name }).click();
  await waitForPageView(page, 2);
  await expect.poll(async () => (await eventsNamed(page, 'select_item'))[0]?.ecommerce).toMatchObject({
    item_list_id: 'devices', items: [{ item_name: name, index: 1, item_list_id: 'devices' }],
  });
  await expect.poll(async () => (await eventsNamed(page, 'view_item')).at(-1)?.ecommerce).toMatchObject({ items: [{ item_name: name }] });
});

test('search results send view_item_list of their products, and opening one select_item', async ({ page }) => {
  await page.goto('/gb/search?q=ember&type=product');
  await waitForPageView(page);
  const list = (await eventsNamed(page, 'view_item_list'))[0]?.ecommerce as { item_list_id: string; items: { item_id: string; item_name: string; index: number }[] };
  expect(list.item_list_id).toBe('search_results');
  expect(list.items.length).toBeGreaterThan(0);
  expect(list.items[0]).toMatchObject({ index: 0, item_list_name: 'Search results' });
  const first = list.items[0]!;
  await page.getByRole('main').getByRole('link', { name: first.item_name, exact: true }).first().click();
  await expect.poll(async () => (await eventsNamed(page, 'select_item'))[0]?.ecommerce).toMatchObject({ items: [{ item_id: first.item_id }] });
});

test('cart changes name their cart context to the server and in their events: product page, cart page, mini cart', async ({ page, request }) => {
  const carton = await productFacts(request, 'STK-TEAK-CARTON');
  const main = page.getByRole('main');
  await page.goto(`/gb/p/${carton.urlKey}`);
  await waitForPageView(page);
  const added = cartMutation(page, 'AddProductsToCart');
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  expect((await added).headers()['x-cart-context']).toBe('PRODUCT_DETAIL');
  await expect.poll(async () => (await eventsNamed(page, 'add_to_cart'))[0]).toMatchObject({ cart_context: 'PRODUCT_DETAIL', ecommerce: { items: [{ item_id: carton.sku, quantity: 1 }] } });

  await page.goto('/gb/cart');
  await waitForPageView(page);
  await expect.poll(async () => (await eventsNamed(page, 'view_cart'))[0]?.ecommerce).toMatchObject({
    currency: carton.price.currency, items: [{ item_id: carton.sku, quantity: 1, index: 0 }],
  });
  const updated = cartMutation(page, 'UpdateCartItems');
  await main.getByLabel(`Quantity of ${carton.name}`).fill('3');
  await main.getByRole('button', { name: en('cart.update') }).click();
  expect((await updated).headers()['x-cart-context']).toBe('CART');
  await expect.poll(async () => (await eventsNamed(page, 'add_to_cart'))[0]).toMatchObject({ cart_context: 'CART', ecommerce: { items: [{ item_id: carton.sku, quantity: 2 }] } });
  const lowered = cartMutation(page, 'UpdateCartItems');
  await main.getByLabel(`Quantity of ${carton.name}`).fill('2');
  await main.getByRole('button', { name: en('cart.update') }).click();
  expect((await lowered).headers()['x-cart-context']).toBe('CART');
  await expect.poll(async () => (await eventsNamed(page, 'remove_from_cart'))[0]).toMatchObject({ cart_context: 'CART', ecommerce: { items: [{ item_id: carton.sku, quantity: 1 }] } });

  // The mini cart removes the line.
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: /Cart/ }).click();
  const removed = cartMutation(page, 'RemoveItemFromCart');
  await header.getByRole('button', { name: `${en('cart.remove')} ${carton.name}` }).click();
  expect((await removed).headers()['x-cart-context']).toBe('MINICART');
  await expect(page.getByTestId('mini-cart-count')).toHaveText(/\(0/);
  await expect.poll(async () => (await eventsNamed(page, 'remove_from_cart')).at(-1)).toMatchObject({
    cart_context: 'MINICART', ecommerce: { value: carton.price.value * 2, items: [{ item_id: carton.sku, quantity: 2 }] },
  });
});

test('no entry of a signed-in customer’s data layer names them: a uuid as user id, no e-mail, name, phone or address', async ({ page, request }) => {
  const carton = await productFacts(request, 'STK-TEAK-CARTON');
  const { customer, uuid } = await signedInCustomer(page, 'Philippa');
  await page.goto('/gb/');
  expect(await waitForPageView(page)).toMatchObject({ user_id: uuid });
  await page.goto(`/gb/p/${carton.urlKey}`);
  await waitForPageView(page);
  await page.getByRole('main').getByRole('button', { name: en('cart.add.button') }).click();
  await expect.poll(async () => (await eventsNamed(page, 'add_to_cart')).length).toBe(1);
  await page.goto('/gb/account#/account');
  await waitForPageView(page);
  const entries = await readDataLayer(page);
  const text = JSON.stringify(entries);
  for (const personal of [customer.email, customer.firstname, customer.lastname, 'telephone', 'email', 'dob', 'date_of_birth', 'street', 'postcode']) {
    expect(text).not.toContain(personal);
  }
  for (const entry of entries.filter((e) => 'user_id' in e)) expect(entry.user_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
});
