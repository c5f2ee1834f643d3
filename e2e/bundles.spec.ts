import { expect, test, type APIRequestContext } from '@playwright/test';
import { logInByApi, newCustomer, registerByApi, verifyAgeByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { formatPrice, graphql, looseText, messages, storeFacts, waitForPageView } from './support/shop';

const en = messages('en');

interface BundleFacts {
  name: string;
  url_key: string;
  price_range: { minimum_price: { final_price: { value: number; currency: string } } };
  items: { title: string; options: { quantity: number; price: number; product: { sku: string; name: string; stock_status: string } }[] }[];
}

async function bundleFacts(request: APIRequestContext, sku: string): Promise<BundleFacts> {
  const data = await graphql<{ products: { items: BundleFacts[] } }>(request, `query ($sku: String!) {
    products(filter: { sku: { eq: $sku } }) { items { name url_key price_range { minimum_price { final_price { value currency } } }
      ... on BundleProduct { items { title options { quantity price product { sku name stock_status } } } } } }
  }`, { sku });
  return data.products.items[0]!;
}

/** How the shop words a chosen bundle product: counted when more than one. */
const worded = (o: { quantity: number; product: { name: string } }) => (o.quantity > 1 ? `${o.quantity} × ${o.product.name}` : o.product.name);

test('a shopper chooses the colour and the blend of a kit, and the cart, mini-cart and checkout show that choice', async ({ page, request }) => {
  test.setTimeout(60_000);
  const kit = await bundleFacts(request, 'BUNDLE-ONE-STARTER');
  const [devices, cartons] = kit.items;
  // Not the defaults: the second device colour in stock and the last blend.
  const device = devices!.options.filter((o) => o.product.stock_status === 'IN_STOCK')[1]!;
  const carton = cartons!.options.at(-1)!;
  const soldOut = devices!.options.find((o) => o.product.stock_status === 'OUT_OF_STOCK');
  // Devices and sticks go only to signed-in customers with a verified age in this market.
  const shopper = newCustomer('Bundle');
  await registerByApi(shopper);
  await logInByApi(page, shopper);
  await verifyAgeByApi(page);

  await page.goto(`/gb/p/${kit.url_key}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  const box = main.getByRole('region', { name: en('product.bundle.heading') });

  // Each option group offers its products; a sold-out colour cannot be chosen.
  const deviceGroup = main.getByRole('group', { name: new RegExp(`^${devices!.title}`) });
  const cartonGroup = main.getByRole('group', { name: new RegExp(`^${cartons!.title}`) });
  await expect(deviceGroup.getByRole('radio')).toHaveCount(devices!.options.length);
  if (soldOut) await expect(deviceGroup.getByRole('radio', { name: soldOut.product.name })).toBeDisabled();

  await deviceGroup.getByRole('radio', { name: device.product.name }).check();
  await cartonGroup.getByRole('radio', { name: worded(carton) }).check();
  // "What's in the box" lists exactly what was chosen.
  await expect(box.getByRole('listitem')).toHaveCount(2);
  await expect(box.getByRole('listitem').nth(0)).toContainText(device.product.name);
  await expect(box.getByRole('listitem').nth(1)).toContainText(carton.product.name);
  // The gallery pictures the chosen device after the kit's own picture.
  await main.getByRole('list', { name: en('product.gallery.thumbnails') }).getByRole('button').nth(1).click();
  await expect(main.getByTestId('main-image')).toHaveAccessibleName(device.product.name);
  await expectNoSeriousViolations(page, 'bundle product page');

  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(main.getByRole('status').filter({ hasText: kit.name })).toBeVisible();

  const choice = `${worded(device)}; ${worded(carton)}`;
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: /Cart/ }).click();
  await expect(header.getByRole('listitem').filter({ hasText: kit.name })).toContainText(choice);
  await header.getByRole('link', { name: en('cart.mini.viewCart') }).click();

  await expect(page).toHaveURL(/\/gb\/cart$/);
  await expect(main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: kit.name }) })).toContainText(choice);

  await page.goto('/gb/checkout');
  await expect(page.getByRole('complementary').getByRole('listitem').filter({ hasText: kit.name })).toContainText(choice);
});

test('every option group of a kit opens with one choice that can be bought, listed in the box', async ({ page, request }) => {
  const kit = await bundleFacts(request, 'BUNDLE-NOVA-DUO');
  await page.goto(`/gb/p/${kit.url_key}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  // Every required group opens with a default choice that can be bought.
  for (const item of kit.items) {
    const chosen = main.getByRole('group', { name: new RegExp(`^${item.title}`) }).getByRole('radio', { checked: true });
    await expect(chosen).toHaveCount(1);
    const name = await chosen.getAttribute('value');
    expect(name).toBeTruthy();
    await expect(chosen).toBeEnabled();
  }
  await expect(main.getByRole('region', { name: en('product.bundle.heading') }).getByRole('listitem')).toHaveCount(kit.items.length);
});

test('the price of a kit follows a choice that costs extra', async ({ page, request }) => {
  const store = await storeFacts(request, 'gb');
  const kit = await bundleFacts(request, 'BUNDLE-NOVA-DUO');
  const item = kit.items.find((i) => i.options.some((o) => o.price > 0 && o.product.stock_status === 'IN_STOCK'))!;
  expect(item, 'the seed prices a kit option').toBeTruthy();
  const dear = item.options.find((o) => o.price > 0)!;
  const base = kit.price_range.minimum_price.final_price;
  await page.goto(`/gb/p/${kit.url_key}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  const price = main.getByTestId('price').first();
  await expect(price).toHaveText(looseText(formatPrice(base, store.locale)));
  await main.getByRole('group', { name: new RegExp(`^${item.title}`) }).getByRole('radio', { name: new RegExp(`^${dear.product.name}`) }).check();
  await expect(price).toHaveText(looseText(formatPrice({ ...base, value: base.value + dear.price * dear.quantity }, store.locale)));
});
