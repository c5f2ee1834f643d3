import { expect, test, type APIRequestContext } from '@playwright/test';
import { messages, waitForPageView } from './support/shop';
import { CONSENT_ACCEPTED } from './support/consent';

// What docs/decisions/0043 keeps out of, or puts into, a public page's first load.
const en = messages('en');
const de = messages('de');
const PUBLIC_PAGES = ['/gb/', '/gb/shop', '/gb/p/ember-one', '/gb/cart', '/de/', '/de/p/ember-one'];

/** The scripts a document loads at first: its module preloads and module scripts. */
async function firstScripts(request: APIRequestContext, html: string): Promise<string[]> {
  // The preloads carry `fetchpriority="low"` before their href (decision 0043).
  const urls = new Set([...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g), ...html.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!));
  expect(urls.size).toBeGreaterThan(4);
  return Promise.all([...urls].map(async (url) => (await request.get(url)).text()));
}

test('public documents carry their stylesheet and the closed age gate, and link no stylesheet', async ({ request }) => {
  for (const path of PUBLIC_PAGES) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<style id="ember-styles">:root\{/);
    expect(html, path).not.toMatch(/<link rel="stylesheet"/);
    // In every document, not open: the head's script shows it to a visitor who has not answered.
    expect(html, path).toMatch(/<dialog class="age-gate"[^>]*>/);
    expect(html, path).not.toMatch(/<dialog[^>]* open/);
    expect(html, path).toContain('document.documentElement.classList.add("age-gate-pending")');
    // No script is needed for the first paint: every module preload asks for low priority.
    expect(html, path).toMatch(/<link rel="modulepreload" fetchpriority="low" href=/);
    expect(html, path).not.toMatch(/<link rel="modulepreload" href=/);
  }
});

test('the listing’s first picture loads with the document, the others when scrolled to', async ({ request }) => {
  const html = await (await request.get('/gb/shop')).text();
  const pictures = [...html.matchAll(/<div class="product-card__media"><img [^>]*>/g)].map((m) => m[0]);
  expect(pictures.length).toBeGreaterThan(1);
  expect(pictures[0]).toContain('loading="eager"');
  expect(pictures[0]).toContain('fetchPriority="high"');
  for (const picture of pictures.slice(1)) expect(picture).toContain('loading="lazy"');
});

test('a public page loads its own language’s catalogue only, and neither catalogue nor zod in its scripts', async ({ request }) => {
  for (const [path, language] of [['/gb/p/ember-one', 'en'], ['/de/p/ember-one', 'de']] as const) {
    const html = await (await request.get(path)).text();
    const catalogues = [...html.matchAll(/<link rel="preload" href="([^"]+\.json)" as="fetch"/g)].map((m) => m[1]!);
    expect(catalogues, path).toHaveLength(1);
    expect(catalogues[0], path).toMatch(new RegExp(`/assets/${language}-[\\w-]+\\.json$`));
    const catalogue = (await (await request.get(catalogues[0]!)).json()) as { ageGate: { text: string } };
    expect(catalogue.ageGate.text).toBe((language === 'en' ? en : de)('ageGate.text'));
    for (const script of await firstScripts(request, html)) {
      expect(script).not.toContain(en('ageGate.text'));
      expect(script).not.toContain(de('ageGate.text'));
      expect(script).not.toMatch(/ZodError/);
    }
  }
});

test('a page’s scripts carry another page’s own modules only when it is that page (decision 0045)', async ({ request }) => {
  const scripts = async (path: string) => (await firstScripts(request, await (await request.get(path)).text())).join('\n');
  const [home, listing, product] = [await scripts('/gb/'), await scripts('/gb/shop'), await scripts('/gb/p/ember-one')];
  // The listing's filters and the product page's gallery and bundle options: each page's own.
  expect(listing).toContain('listing-filters');
  expect(product).toContain('bundle-options');
  expect(product).toContain('gallery__');
  for (const [name, text] of [['home', home], ['listing', listing]] as const) {
    expect(text, name).not.toContain('bundle-options');
    expect(text, name).not.toContain('gallery__');
  }
  for (const [name, text] of [['home', home], ['product', product]] as const) expect(text, name).not.toContain('listing-filters');
});

test('hashed scripts come without the headers only a document reads (decision 0045)', async ({ request }) => {
  const html = await (await request.get('/gb/')).text();
  const url = html.match(/<link rel="modulepreload" fetchpriority="low" href="([^"]+)"/)![1]!;
  const script = await request.get(url);
  expect(script.headers()['x-content-type-options']).toBe('nosniff');
  expect(script.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(script.headers()['x-frame-options']).toBeUndefined();
  expect(script.headers()['etag']).toBeUndefined();
});

test.describe('a first-time visitor', () => {
  // Not yet asked for their age; the cookie choice was made (e2e/cookie-consent.spec.ts asks it).
  test.use({ storageState: { cookies: [CONSENT_ACCEPTED], origins: [] } });

  test('sees the age gate before any script of the page has run', async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/gb/p/ember-one');
    await expect(page.getByRole('heading', { name: en('ageGate.heading').replace('{{age}}', '18') })).toBeVisible();
  });

  test('a German page hydrates with its catalogue and a move to an English store view speaks English', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto('/de/shop');
    const gate = page.getByRole('dialog', { name: de('ageGate.heading').replace('{{age}}', '18') });
    await expect(gate).toBeVisible();
    await gate.getByLabel(de('ageGate.market')).selectOption('gb');
    await gate.getByRole('button', { name: de('ageGate.confirm').replace('{{age}}', '18') }).click();
    await expect(page).toHaveURL(/\/gb\/shop$/);
    await waitForPageView(page);
    await expect(page.getByRole('link', { name: en('header.skipToContent') })).toBeAttached();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    expect(problems).toEqual([]);
  });
});

test('a public page’s first scripts come to at most 120 KB on the wire with brotli, headers included (decision 0052)', async ({ request }) => {
  for (const path of ['/gb/', '/gb/shop', '/gb/p/ember-one', '/gb/cart']) {
    const html = await (await request.get(path)).text();
    const urls = new Set([...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g), ...html.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!));
    let bytes = 0;
    for (const url of urls) {
      const script = await request.get(url, { headers: { 'accept-encoding': 'br' } });
      const headers = script.headersArray();
      expect(script.headers()['content-encoding'], url).toBe('br');
      // The status line and each header line as sent, then the compressed body.
      bytes += 'HTTP/1.1 200 OK\r\n\r\n'.length + headers.reduce((n, h) => n + h.name.length + h.value.length + 4, 0);
      bytes += Number(script.headers()['content-length']);
    }
    expect(bytes, path).toBeLessThanOrEqual(120 * 1024);
  }
});

test('the checkout’s, the cart page’s and the account’s calls stay out of the catalogue pages’ scripts (decision 0052)', async ({ request }) => {
  for (const path of ['/gb/', '/gb/shop', '/gb/p/ember-one']) {
    const text = (await firstScripts(request, await (await request.get(path)).text())).join('\n');
    for (const operation of ['SetShippingAddressesOnCart', 'PlaceOrder', 'UpdateCartItems', 'ApplyCouponToCart', '/password', '/addresses', '/earnings/article']) {
      expect(text, `${path}: ${operation}`).not.toContain(operation);
    }
    // What every page does need: the cart's read and add, the session's check.
    expect(text, path).toContain('AddProductsToCart');
    expect(text, path).toContain('sessions/validate');
  }
});

test('an anonymous visitor’s catalogue pages ask the server, once shown, only for what they show (decision 0055)', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (['fetch', 'xhr'].includes(r.resourceType())) asked.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });
  for (const path of ['/gb/p/ember-one', '/gb/shop', '/gb/']) {
    await page.goto(path);
    await waitForPageView(page);
    await page.waitForLoadState('networkidle');
  }
  // No session to check without the signed-in hint, and the store's limits only when a refusal names one.
  expect(asked.filter((url) => url.includes('/sessions/validate'))).toEqual([]);
  expect(asked.filter((url) => url.includes('CheckoutConfig'))).toEqual([]);
  // What the product page does show: the points a purchase earns.
  expect(asked.some((url) => url.startsWith('/api/loyalty/products/points'))).toBe(true);
});
