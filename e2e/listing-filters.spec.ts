import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { formatPrice, graphql, looseText, messages, storeFacts, waitForPageView } from './support/shop';

const en = messages('en');
const de = messages('de');

interface Listing {
  items: { name: string; price_range: { minimum_price: { final_price: { value: number; currency: string } } } }[];
  aggregations: { attribute_code: string; label: string; options: { value: string; label: string }[] }[];
}

/** The listing the shop's API gives for a category with a filter and an order: what the page must show. */
async function listing(request: APIRequestContext, category: string, filter: Record<string, unknown>, sort: Record<string, string>, store = 'gb'): Promise<Listing> {
  const data = await graphql<{ products: Listing }>(request, `query ($filter: ProductAttributeFilterInput!, $sort: ProductAttributeSortInput) {
    products(filter: $filter, sort: $sort, pageSize: 50) {
      items { name price_range { minimum_price { final_price { value currency } } } }
      aggregations { attribute_code label options { value label } }
    }
  }`, { filter: { category_url_path: { eq: category }, ...filter }, sort }, store);
  return data.products;
}

const productNames = (page: Page) => page.getByRole('main').getByRole('list').filter({ has: page.getByRole('article') }).getByRole('heading').allTextContents();

/** The listing's product names, waited for: after a form submission the URL changes before the new page is parsed. */
const expectProducts = (page: Page, names: string[]) => expect.poll(() => productNames(page)).toEqual(names);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the GET form sorts and filters a category, the URL can be shared, and a chip removes a filter', async ({ page, request }) => {
    const all = await listing(request, 'sticks', {}, { position: 'ASC' });
    const flavour = all.aggregations.find((a) => a.attribute_code === 'flavor')!;
    const [first, second] = flavour.options;
    const expected = await listing(request, 'sticks', { flavor: { in: [first!.value, second!.value] } }, { price: 'DESC' });

    await page.goto('/gb/shop/sticks');
    const main = page.getByRole('main');
    const form = main.getByRole('form', { name: en('catalog.filters.formLabel') });
    await form.getByText(en('catalog.filters.toggle'), { exact: true }).click();
    await form.getByRole('group', { name: en('catalog.filters.facet.flavor') }).getByRole('checkbox', { name: first!.label }).check();
    await form.getByRole('group', { name: en('catalog.filters.facet.flavor') }).getByRole('checkbox', { name: second!.label }).check();
    await form.getByLabel(en('catalog.sort.label')).selectOption(en('catalog.sort.price_desc'));
    await form.getByRole('button', { name: en('catalog.filters.apply') }).click();

    await expect(page).toHaveURL(new RegExp(`/gb/shop/sticks\\?sort=price_desc&flavour=${first!.value}&flavour=${second!.value}$`));
    await expectProducts(page, expected.items.map((i) => i.name));
    await expect(form.getByLabel(en('catalog.sort.label'))).toHaveValue('price_desc');

    // The shared link opens the same listing; the chip of one flavour removes just that one.
    const shared = page.url();
    await page.goto(shared);
    await expectProducts(page, expected.items.map((i) => i.name));
    await main.getByRole('link', { name: new RegExp(`^${first!.label}`) }).click();
    await expect(page).toHaveURL(new RegExp(`\\?sort=price_desc&flavour=${second!.value}$`));
    const narrowed = await listing(request, 'sticks', { flavor: { eq: second!.value } }, { price: 'DESC' });
    await expectProducts(page, narrowed.items.map((i) => i.name));
  });

  test('a price range and an unknown flavour in a link still show a listing', async ({ page, request }) => {
    const store = await storeFacts(request, 'gb');
    const cheap = await listing(request, 'sticks', { price: { to: '5' } }, { price: 'ASC' });
    await page.goto('/gb/shop/sticks?sort=price_asc&price_max=5');
    await expectProducts(page, cheap.items.map((i) => i.name));
    await expect(page.getByRole('main').getByText(looseText(formatPrice(cheap.items[0]!.price_range.minimum_price.final_price, store.locale))).first()).toBeVisible();

    const response = await page.goto('/gb/shop/sticks?flavour=bacon');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(en('catalog.filters.ignored'));
  });
});

test('with JavaScript a new order or a ticked box applies at once, in German with German labels', async ({ page, request }) => {
  const all = await listing(request, 'sticks', {}, { position: 'ASC' }, 'de');
  const intensity = all.aggregations.find((a) => a.attribute_code === 'intensity')!;
  const flavour = all.aggregations.find((a) => a.attribute_code === 'flavor')!;
  const strongest = intensity.options.at(-1)!;
  const expected = await listing(request, 'sticks', { intensity: { eq: strongest.value } }, { name: 'ASC' }, 'de');

  await page.goto('/de/shop/sticks');
  await waitForPageView(page);
  const main = page.getByRole('main');
  const form = main.getByRole('form', { name: de('catalog.filters.formLabel') });
  await form.getByLabel(de('catalog.sort.label')).selectOption(de('catalog.sort.name_asc'));
  await expect(page).toHaveURL(/\/de\/shop\/sticks\?sort=name_asc$/);

  await form.getByText(de('catalog.filters.toggle'), { exact: true }).click();
  // Facet names and values in the page's language: flavour labels from the catalogue, intensities from the messages.
  const flavours = form.getByRole('group', { name: de('catalog.filters.facet.flavor') });
  for (const option of flavour.options) await expect(flavours.getByRole('checkbox', { name: option.label })).toBeVisible();
  await form.getByRole('group', { name: de('catalog.filters.facet.intensity') })
    .getByRole('checkbox', { name: de(`catalog.filters.intensityValue.${strongest.value}`) }).check();
  await expect(page).toHaveURL(new RegExp(`\\?sort=name_asc&intensity=${strongest.value}$`));
  await expectProducts(page, expected.items.map((i) => i.name));
  await expectNoSeriousViolations(page, 'listing with the filters open');
});
