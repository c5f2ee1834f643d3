import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { graphql, messages, waitForPageView } from './support/shop';

interface ArticleFacts {
  slug: string;
  title: string;
  author: string;
  meta_title: string;
  related_products: { name: string; url_key: string }[];
}

interface Listing {
  blogArticles: { total_count: number; page_info: { total_pages: number }; items: { slug: string; title: string }[] };
}

const LISTING = 'query ($page: Int) { blogArticles(currentPage: $page, pageSize: 6) { total_count page_info { total_pages } items { slug title } } }';
const ARTICLE = 'query ($slug: String!) { blogArticle(slug: $slug) { slug title author meta_title related_products { name url_key } } }';

/** The JSON-LD blocks of the page's document, parsed. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(390);
}

for (const { store, language } of [{ store: 'gb', language: 'en' as const }, { store: 'de', language: 'de' as const }]) {
  test(`a ${store} visitor goes from the home page's card to the blog and reads an article with its search-engine data`, async ({ page }) => {
    const t = messages(language);
    const listing = (await graphql<Listing>(page.request, LISTING, { page: 1 }, store)).blogArticles;
    const newest = listing.items[0]!;
    const article = (await graphql<{ blogArticle: ArticleFacts }>(page.request, ARTICLE, { slug: newest.slug }, store)).blogArticle;

    await page.goto(`/${store}/`);
    await waitForPageView(page);
    const strip = page.getByRole('region', { name: t('blog.fromTheBlog') });
    await strip.getByRole('link', { name: t('blog.allArticles') }).click();
    await expect(page).toHaveURL(new RegExp(`/${store}/blog$`));
    await expect(page.getByRole('heading', { level: 1, name: t('blog.title') })).toBeVisible();
    expect((await waitForPageView(page, 2)).template_name).toBe('blog');

    await page.getByRole('main').getByRole('link', { name: newest.title }).click();
    await expect(page).toHaveURL(new RegExp(`/${store}/blog/${newest.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expect(page.getByText(article.author).first()).toBeVisible();
    expect(await page.title()).toContain(article.meta_title);
    expect((await waitForPageView(page, 3)).template_name).toBe('article-page');

    // Search-engine data is in the server's document itself, and hydration keeps it without a complaint.
    const problems: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`/${store}/blog/${newest.slug}`);
    await waitForPageView(page);
    expect(problems).toEqual([]);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+/${store}/blog/${newest.slug}$`));
    const data = await structuredData(page);
    expect(data).toContainEqual(expect.objectContaining({ '@type': 'Article', headline: article.title, author: { '@type': 'Person', name: article.author } }));
    const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
    expect(alternates).toContain(store === 'gb' ? 'de-DE' : 'en-GB');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  });
}

test('an article\'s related product link opens the product page', async ({ page }) => {
  const article = (await graphql<{ blogArticle: ArticleFacts }>(page.request, ARTICLE, { slug: 'caring-for-your-ember-one' }, 'gb')).blogArticle;
  const product = article.related_products[0]!;
  await page.goto('/gb/blog/caring-for-your-ember-one');
  await waitForPageView(page);
  const related = page.getByRole('region', { name: messages('en')('blog.related') });
  await related.getByRole('link', { name: product.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/gb/p/${product.url_key}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // The product's JSON-LD is in the server's document (what a crawler reads), not added by a navigation in the browser.
  await page.reload();
  const data = await structuredData(page);
  expect(data).toContainEqual(expect.objectContaining({
    '@type': 'Product', name: product.name, offers: expect.objectContaining({ '@type': 'Offer', priceCurrency: 'GBP' }),
  }));
});

test('the blog pages through its articles and filters by topic', async ({ page }) => {
  const t = messages('en');
  const second = (await graphql<Listing>(page.request, LISTING, { page: 2 }, 'gb')).blogArticles;
  expect(second.page_info.total_pages).toBeGreaterThan(1);
  await page.goto('/gb/blog');
  await waitForPageView(page);
  await page.getByRole('navigation', { name: t('pagination.label') }).getByRole('link', { name: t('pagination.next') }).click();
  await expect(page).toHaveURL(/\/gb\/blog\?page=2$/);
  await expect(page.getByRole('main').getByRole('link', { name: second.items[0]!.title })).toBeVisible();
  await page.getByRole('navigation', { name: t('blog.topics') }).getByRole('link', { name: t('blog.categories.flavours') }).click();
  await expect(page).toHaveURL(/\/gb\/blog\?category=flavours$/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Finding your flavour' })).toBeVisible();
  expect((await page.request.get('/gb/blog/no-such-article')).status()).toBe(404);
  expect((await page.request.get('/gb/blog?page=999')).status()).toBe(404);
});

test('the blog, an article, contact and get-started fit a 390 px phone and have no serious axe finding, in English and German', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const store of ['gb', 'de']) {
    for (const path of ['/blog', '/blog/inside-ember-nova-induction', '/contact', '/get-started', '/']) {
      await page.goto(`/${store}${path}`);
      await waitForPageView(page);
      await expectNoSidewaysScroll(page, `${store}${path}`);
      await expectNoSeriousViolations(page, `${store}${path}`);
    }
  }
  // The content pages' introductions are their data, in the store's language.
  await page.goto('/de/contact');
  await expect(page.getByText('Bestellnummer', { exact: false }).first()).toBeVisible();
});
