import { expect, test } from '@playwright/test';
import { graphql, messages, waitForPageView } from './support/shop';

const en = messages('en');

test('the home page shows its picture and a card with a picture for every menu category', async ({ page, request }) => {
  const data = await graphql<{ categories: { items: { children: { name: string; image: string | null; include_in_menu: number }[] }[] } }>(
    request, '{ categories(filters: { url_key: { eq: "catalog" } }) { items { children { name image include_in_menu } } } }');
  const menu = data.categories.items[0]!.children.filter((c) => c.include_in_menu === 1);
  await page.goto('/gb/');
  const hero = page.getByRole('region', { name: en('home.headline') });
  await expect(hero.locator('img')).toHaveJSProperty('complete', true);
  await expect(hero.locator('img')).not.toHaveJSProperty('naturalWidth', 0);
  const cards = page.getByRole('region', { name: en('home.categories') }).getByRole('listitem');
  await expect(cards).toHaveCount(menu.length);
  for (const category of menu) {
    const card = cards.filter({ has: page.getByRole('link', { name: category.name, exact: true }) });
    await expect(card.locator('img')).toHaveAttribute('src', category.image!);
    await expect(card.locator('img')).toHaveAttribute('width', /\d+/);
  }
});

test('gallery thumbnails show each picture, by click and from the keyboard', async ({ page, request }) => {
  const data = await graphql<{ products: { items: { url_key: string; variants: { product: { stock_status: string; media_gallery: { url: string; label: string }[] } }[] }[] } }>(
    request, '{ products(filter: { sku: { eq: "EMBER-ONE" } }) { items { url_key ... on ConfigurableProduct { variants { product { stock_status media_gallery { url label } } } } } } }');
  const product = data.products.items[0]!;
  // The page opens on the first colour in stock, with that colour's pictures.
  const images = product.variants.find((v) => v.product.stock_status === 'IN_STOCK')!.product.media_gallery;
  expect(images.length).toBeGreaterThanOrEqual(3);

  await page.goto(`/gb/p/${product.url_key}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  const mainImage = main.getByTestId('main-image');
  const thumbs = main.getByRole('list', { name: en('product.gallery.thumbnails') });
  const thumb = (n: number) => thumbs.getByRole('button', { name: `Show image ${n} of ${images.length}` });
  await expect(mainImage).toHaveAttribute('src', images[0]!.url);

  await thumb(3).click();
  await expect(mainImage).toHaveAttribute('src', images[2]!.url);
  await expect(mainImage).toHaveAccessibleName(images[2]!.label);
  await expect(thumb(3)).toHaveAttribute('aria-pressed', 'true');

  await thumb(3).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(mainImage).toHaveAttribute('src', images[1]!.url);
  await expect(thumb(2)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(mainImage).toHaveAttribute('src', images[0]!.url);
  await page.keyboard.press('End');
  await expect(mainImage).toHaveAttribute('src', images.at(-1)!.url);
});

test('a product page shows its full description as text and links to its related products', async ({ page, request }) => {
  const data = await graphql<{ products: { items: { url_key: string; description: { html: string }; related_products: { name: string; url_key: string }[] }[] } }>(
    request, '{ products(filter: { sku: { eq: "EMBER-NOVA" } }) { items { url_key description { html } related_products { name url_key } } } }');
  const product = data.products.items[0]!;
  const firstParagraph = product.description.html.match(/<p>(.*?)<\/p>/)![1]!;

  await page.goto(`/gb/p/${product.url_key}`);
  await waitForPageView(page);
  const main = page.getByRole('main');
  const about = main.getByRole('region', { name: en('catalog.description.heading') });
  await expect(about.getByText(firstParagraph)).toBeVisible();
  await expect(about.locator('p').first()).not.toContainText('<p>');

  const related = main.getByRole('region', { name: en('catalog.related.heading') });
  await expect(related.getByRole('heading', { level: 3 })).toHaveText(product.related_products.map((r) => r.name));
  await related.getByRole('link', { name: product.related_products[0]!.name }).click();
  await expect(page).toHaveURL(new RegExp(`/gb/p/${product.related_products[0]!.url_key}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.related_products[0]!.name);
});
