import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ACCOUNT_ROUTES } from '../apps/storefront/app/lib/account/account-routes';
import { agreementIds, gqlData, placeCart } from '@ember/test-support';
import { apiBase, registerByApi, logInByApi, newCustomer } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { graphql, messages, productFacts, waitForPageView } from './support/shop';

/**
 * Every page of the shop on a 390 px phone, in each market's language: nothing may scroll
 * sideways. A new page is one more entry in PAGES.
 */
const PHONE = { width: 390, height: 844 } as const;
const STORES = [
  { code: 'gb', language: 'en', country: 'GB', postcode: 'NW1 6XE', city: 'London' },
  { code: 'de', language: 'de', country: 'DE', postcode: '10115', city: 'Berlin' },
] as const;
type Store = (typeof STORES)[number];

/** What the pages are built from: seeded products and content, and the customer's own order. */
interface Facts {
  configurable: string;
  bundle: string;
  simple: string;
  marketingSlug: string;
  articleId: string;
  orderNumber: string;
}

type Translate = (key: string) => string;

interface ShopPage {
  name: string;
  /** Signed in (the default: the header then carries the most) or a visitor, for the sign-in pages. */
  as?: 'customer' | 'visitor';
  path: (facts: Facts) => string;
  /** What the page shows once its data is there. */
  shows: (main: Locator, t: Translate, facts: Facts) => Locator;
  /** A state to open before measuring (a menu, a panel). */
  open?: (page: Page, t: Translate) => Promise<void>;
}

const heading = (main: Locator) => main.getByRole('heading', { level: 1 }).first();
const viewHeading = (main: Locator) => main.getByRole('heading', { level: 2 }).first();

const ACCOUNT_PAGES: ShopPage[] = ACCOUNT_ROUTES.map((route) => ({
  name: `account #/${route.path}`,
  path: () => `/account#/${route.path}`,
  shows: route.view === 'orders' ? (main, _t, facts) => main.getByRole('link', { name: facts.orderNumber }) : viewHeading,
}));

const PAGES: ShopPage[] = [
  { name: 'home', path: () => '/', shows: heading },
  {
    name: 'home with the header menu open', path: () => '/', shows: heading,
    open: async (page, t) => {
      await page.getByRole('banner').getByRole('button', { name: t('layout.menu') }).click();
      await expect(page.getByRole('banner').getByRole('button', { name: t('header.logOut') })).toBeVisible();
      await expectNoSeriousViolations(page, 'the phone header with its menu open');
    },
  },
  {
    name: 'home with the mini-cart open', path: () => '/', shows: heading,
    open: async (page, t) => {
      await page.getByRole('banner').getByRole('button', { name: new RegExp(t('cart.mini.button')) }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: t('cart.mini.viewCart') })).toBeVisible();
    },
  },
  { name: 'listing', path: () => '/shop', shows: heading },
  { name: 'configurable product', path: (f) => `/p/${f.configurable}`, shows: heading },
  { name: 'bundle', path: (f) => `/p/${f.bundle}`, shows: heading },
  { name: 'simple product', path: (f) => `/p/${f.simple}`, shows: heading },
  { name: 'marketing page', path: (f) => `/discover/${f.marketingSlug}`, shows: heading },
  { name: 'FAQ', path: () => '/faq', shows: heading },
  { name: 'blog', path: () => '/blog', shows: heading },
  { name: 'blog article', path: () => '/blog/inside-ember-nova-induction', shows: heading },
  { name: 'contact', path: () => '/contact', shows: heading },
  { name: 'flavour finder', path: () => '/flavor-finder', shows: heading },
  { name: 'search results', path: () => '/search?q=ember', shows: heading },
  { name: 'search without results', path: () => '/search?q=zzqqxx', shows: heading },
  { name: 'store locator, every store', path: () => '/stores', shows: heading },
  { name: 'cart with items', path: () => '/cart', shows: (main, t) => main.getByRole('heading', { name: t('cart.totals.heading') }) },
  // Every step filled in (fillCart), so the page shows all of them and the button that ends it.
  { name: 'checkout', path: () => '/checkout', shows: (main, t) => main.getByRole('button', { name: t('checkout.placeOrder') }) },
  { name: 'order confirmation', path: (f) => `/checkout/success?order=${f.orderNumber}`, shows: (main) => main.getByTestId('order-number') },
  { name: 'login', as: 'visitor', path: () => '/login', shows: heading },
  { name: 'register', as: 'visitor', path: () => '/register', shows: heading },
  { name: 'forgot password', as: 'visitor', path: () => '/forgot-password', shows: heading },
  { name: 'reset password', as: 'visitor', path: () => '/reset-password?token=phone-width-check', shows: heading },
  { name: 'lead confirmation', as: 'visitor', path: () => '/leads/confirm/phone-width-check', shows: heading },
  ...ACCOUNT_PAGES,
  {
    name: 'account with its menu open', path: () => '/account#/orders', shows: viewHeading,
    open: async (page, t) => {
      await page.getByRole('navigation', { name: t('account.nav.label') }).getByRole('button', { name: new RegExp(t('layout.accountMenu')) }).click();
      await expect(page.getByRole('navigation', { name: t('account.nav.label') }).getByRole('link', { name: t('account.nav.overview') })).toBeVisible();
      await expectNoSeriousViolations(page, 'the account menu open on a phone');
    },
  },
  { name: 'account order detail', path: (f) => `/account#/orders/${f.orderNumber}`, shows: (main) => main.getByTestId('order-status') },
  { name: 'account unknown view', path: () => '/account#/no-such-view', shows: viewHeading },
  { name: 'loyalty club', path: () => '/loyalty', shows: heading },
  { name: 'loyalty account', path: () => '/loyalty/account', shows: heading },
  { name: 'loyalty blog', path: () => '/loyalty/blog', shows: heading },
  { name: 'loyalty article', path: (f) => `/loyalty/article/${f.articleId}`, shows: heading },
  { name: 'points history', path: () => '/loyalty/points-history', shows: heading },
  { name: 'rewards', path: () => '/loyalty/redeem', shows: heading },
  { name: 'pack codes', path: () => '/loyalty/pack-codes', shows: heading },
  { name: 'referral', path: () => '/referral', shows: heading },
  { name: 'get-started (guest device registration)', as: 'visitor', path: () => '/get-started', shows: heading },
  { name: 'not found', path: () => '/no-such-page', shows: heading },
];

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** Elements wider than the viewport, or reaching past its edge outside any scrolling or clipping box. */
  offenders: string[];
}

/** Measures in the page: the document's width, and every element that sticks out. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (el: Element) => {
      for (let node: Element | null = el; node && node !== document.documentElement; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (node !== el && style.overflowX !== 'visible') return true;
        if (style.clip !== 'auto' && style.position === 'absolute') return true;
      }
      return false;
    };
    const offenders: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const tooWide = box.width > width + 0.5;
      const sticksOut = (box.right > width + 0.5 || box.left < -0.5) && !clipped(el);
      if (tooWide || sticksOut) {
        const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
        offenders.push(`${name} (${Math.round(box.left)}–${Math.round(box.right)} px)`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, offenders: offenders.slice(0, 8) };
  });
}

/** A GraphQL call of the signed-in customer (their session's `token`) in a store view; any error fails. */
function customerGraphql<T>(token: string, store: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return gqlData<T>(apiBase(), query, variables, { store, token });
}

const ACCESSORIES = ['ACC-CLEANING-KIT', 'ACC-CHARGER'];

/**
 * Fills the signed-in customer's cart with accessories (sold without an age check in every
 * market), a promo code and everything checkout asks for, through the commerce API the storefront
 * uses, so the cart and checkout pages show every part.
 */
async function fillCart(token: string, store: Store, names: { firstname: string; lastname: string }): Promise<string> {
  const { customerCart } = await customerGraphql<{ customerCart: { id: string } }>(token, store.code, '{ customerCart { id } }');
  const cartId = customerCart.id;
  const added = await customerGraphql<{ addProductsToCart: { user_errors: unknown[] } }>(token, store.code,
    'mutation ($c: String!, $i: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $i) { user_errors { code message } } }',
    { c: cartId, i: ACCESSORIES.map((sku) => ({ sku, quantity: 1 })) });
  expect(added.addProductsToCart.user_errors).toEqual([]);
  const address = { ...names, street: ['Long Street Name With A House Number 221B'], city: store.city, postcode: store.postcode, country_code: store.country };
  const withAddress = await customerGraphql<{ setShippingAddressesOnCart: { cart: { shipping_addresses: { available_shipping_methods: { carrier_code: string; method_code: string }[] }[] } } }>(
    token, store.code,
    `mutation ($c: String!, $a: [ShippingAddressInput]!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: $a }) {
      cart { shipping_addresses { available_shipping_methods { carrier_code method_code } } } } }`,
    { c: cartId, a: [{ address }] });
  const method = withAddress.setShippingAddressesOnCart.cart.shipping_addresses[0]!.available_shipping_methods[0]!;
  await customerGraphql(token, store.code,
    'mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }', { c: cartId });
  await customerGraphql(token, store.code,
    'mutation ($c: String!, $m: [ShippingMethodInput]!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: $m }) { cart { id } } }',
    { c: cartId, m: [{ carrier_code: method.carrier_code, method_code: method.method_code }] });
  await customerGraphql(token, store.code,
    'mutation ($c: String!, $ids: [Int!]) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "ember_card", agreement_ids: $ids } }) { cart { id } } }',
    { c: cartId, ids: await agreementIds(apiBase(), { store: store.code }) });
  return cartId;
}

async function placeOrder(token: string, store: Store, cartId: string): Promise<string> {
  const placed = await placeCart(apiBase(), cartId, { token, store: store.code, idempotencyKey: true });
  expect(placed.body.errors ?? [], JSON.stringify(placed.body)).toEqual([]);
  expect(placed.body.data.placeOrder.errors).toEqual([]);
  return placed.body.data.placeOrder.order.order_number;
}

async function seededFacts(request: APIRequestContext, store: Store): Promise<Omit<Facts, 'orderNumber'>> {
  const [configurable, bundle, simple] = await Promise.all(
    ['EMBER-ONE', 'BUNDLE-ONE-STARTER', 'STK-AMBER-CARTON'].map((sku) => productFacts(request, sku, store.code)),
  );
  // The marketing page of the configurable product, as its product page links it.
  const marketing = await graphql<{ marketingPage: { slug: string } | null }>(
    request, 'query ($s: String!) { marketingPage(slug: $s) { slug } }', { s: configurable!.urlKey }, store.code,
  );
  expect(marketing.marketingPage, `a marketing page for ${configurable!.urlKey} in ${store.code}`).toBeTruthy();
  const articles = await request.get('/api/loyalty/articles', { headers: { Store: store.code } });
  expect(articles.ok(), await articles.text()).toBe(true);
  const articleId = ((await articles.json()) as { items: { article_id: string }[] }).items[0]?.article_id;
  expect(articleId, `a loyalty article in ${store.code}`).toBeTruthy();
  return { configurable: configurable!.urlKey, bundle: bundle!.urlKey, simple: simple!.urlKey, marketingSlug: marketing.marketingPage!.slug, articleId: articleId! };
}

test.use({ viewport: PHONE });

for (const store of STORES) {
  test(`no page of the ${store.code} shop scrolls sideways on a 390 px phone`, async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const t = messages(store.language);

    // One customer with an order and a full cart; a visitor's context for the sign-in pages.
    const customer = newCustomer();
    await registerByApi(customer, store.code);
    const token = await logInByApi(page, customer, store.code);
    const names = { firstname: customer.firstname, lastname: customer.lastname };
    const orderNumber = await placeOrder(token, store, await fillCart(token, store, names));
    const cartId = await fillCart(token, store, names);
    await customerGraphql(token, store.code,
      'mutation ($c: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: "WELCOME10" }) { cart { id } } }', { c: cartId });
    const facts: Facts = { ...(await seededFacts(request, store)), orderNumber };
    const visitorContext = await browser.newContext({ viewport: PHONE, storageState: await page.context().storageState() });
    await visitorContext.clearCookies({ name: /ember_session/ });
    const visitor = await visitorContext.newPage();

    for (const entry of PAGES) {
      await test.step(entry.name, async () => {
        const tab = entry.as === 'visitor' ? visitor : page;
        await tab.goto(`/${store.code}${entry.path(facts)}`);
        await waitForPageView(tab);
        const main = tab.getByRole('main');
        // Soft, so a page that does not come up is reported and the others are still measured.
        await expect.soft(entry.shows(main, t, facts)).toBeVisible();
        for (const loading of ['account.loading', 'cart.loading', 'loyalty.loading']) {
          await expect(main.getByText(t(loading), { exact: true })).toHaveCount(0);
        }
        if (entry.open) await entry.open(tab, t);
        const overflow = await measure(tab);
        expect.soft(overflow.offenders, `${entry.name}: elements past the edge`).toEqual([]);
        expect.soft(overflow.scrollWidth, `${entry.name}: the document's width`).toBeLessThanOrEqual(overflow.innerWidth);
      });
    }
    await visitorContext.close();
  });
}
