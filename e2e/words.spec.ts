import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CODE_SENTENCES, PHRASES, phrase, render } from '../apps/server/src/platform/messages';
import { createOrder, gqlData } from '@ember/test-support';
import { apiBase, logInByApi, newCustomer, registerByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { messages, productFacts, stockLevel, waitForPageView } from './support/shop';

const de = messages('de');
const GERMAN = { language: 'de', locale: 'de_DE' };

/**
 * Every English sentence the server can say to a shopper, as a pattern (parameters match anything).
 * Templates the same in both languages (a text passed through as stored) say nothing English.
 */
const ENGLISH_SERVER_SENTENCES: RegExp[] = [
  ...Object.values(PHRASES).filter((t) => t.en !== t.de).map((t) => t.en),
  ...Object.values(CODE_SENTENCES).map((t) => t.en),
].map((template) => new RegExp(template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')));

/** Fails when the page's main content shows any sentence the server writes in English. */
async function expectNoEnglishServerSentence(page: Page, where: string): Promise<void> {
  const text = await page.getByRole('main').innerText();
  const found = ENGLISH_SERVER_SENTENCES.filter((re) => re.test(text)).map(String);
  expect(found, `English server sentences on ${where}`).toEqual([]);
}

/** Every image on the page has loaded with a real picture. */
async function expectImagesLoaded(page: Page, where: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Lazy pictures below the fold load only when scrolled to; a shared database can add rewards and
  // articles that push seeded ones down, so every picture is asked for now and awaited.
  await page.locator('main img').evaluateAll((list) =>
    Promise.all(
      list.map((node) => {
        const img = node as HTMLImageElement;
        img.loading = 'eager';
        if (img.complete) return null;
        return new Promise((done) => {
          img.addEventListener('load', done, { once: true });
          img.addEventListener('error', done, { once: true });
        });
      }),
    ),
  );
  const images = await page.locator('main img').evaluateAll((list) =>
    list.map((img) => ({ src: (img as HTMLImageElement).currentSrc, ok: (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0 })),
  );
  expect(images.length, `images on ${where}`).toBeGreaterThan(0);
  expect(images.filter((i) => !i.ok), `broken images on ${where}`).toEqual([]);
}

async function loyalty<T>(request: APIRequestContext, path: string, store: string): Promise<T> {
  const response = await request.get(`/api/loyalty${path}`, { headers: { Store: store } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A registered German customer signed in in the page's browser context, with their session's token. */
async function signedIn(page: Page, store: string) {
  const customer = newCustomer('Greta');
  await registerByApi(customer, store);
  return { ...customer, token: await logInByApi(page, customer, store) };
}

test('the German club speaks German, shows the club\'s tiers, rewards and articles with pictures that load', async ({ page, request }) => {
  await signedIn(page, 'de');
  const main = page.getByRole('main');
  const tiers = (await loyalty<{ items: { name: string }[] }>(request, '/tiers', 'de')).items;
  const rewards = (await loyalty<{ items: { name: string; kind: string }[] }>(request, '/rewards', 'de')).items.filter((r) => r.kind === 'reward');
  const articles = (await loyalty<{ items: { article_id: string; title: string }[] }>(request, '/articles', 'de')).items;
  const englishRewards = (await loyalty<{ items: { name: string; kind: string }[] }>(request, '/rewards', 'gb')).items.filter((r) => r.kind === 'reward');
  const englishArticles = (await loyalty<{ items: { title: string }[] }>(request, '/articles', 'gb')).items;
  // The German texts are the seeded translations, not the English ones.
  expect(rewards.map((r) => r.name)).not.toEqual(englishRewards.map((r) => r.name));
  // Rewards and articles other suites add on a shared database have one language only and read the
  // same in both; the check is that no English text of a translated one shows.
  const translatedRewards = englishRewards.filter((r) => !rewards.some((d) => d.name === r.name));
  const translatedArticles = englishArticles.filter((a) => !articles.some((d) => d.title === a.title));
  expect(translatedRewards.length).toBeGreaterThan(0);
  expect(translatedArticles.length).toBeGreaterThan(0);

  await page.goto('/de/loyalty');
  await waitForPageView(page);
  await expect(main.getByRole('heading', { level: 1, name: de('loyalty.titles.overview') })).toBeVisible();
  for (const tier of tiers) await expect(main.getByRole('heading', { level: 3, name: tier.name })).toBeVisible();
  await expect(main.getByTestId('loyalty-points')).toHaveText(de('loyalty.points.available_other').replace('{{count}}', '0'));
  await expectImagesLoaded(page, '/de/loyalty');
  await expectNoSeriousViolations(page, '/de/loyalty');

  await page.goto('/de/loyalty/redeem');
  await waitForPageView(page);
  for (const reward of rewards) await expect(main.getByRole('heading', { level: 2, name: reward.name })).toBeVisible();
  for (const reward of translatedRewards) await expect(main.getByText(reward.name, { exact: true })).toHaveCount(0);
  await expectImagesLoaded(page, '/de/loyalty/redeem');
  await expectNoSeriousViolations(page, '/de/loyalty/redeem');

  await page.goto('/de/loyalty/blog');
  await waitForPageView(page);
  for (const article of articles) await expect(main.getByRole('link', { name: article.title })).toBeVisible();
  for (const article of translatedArticles) await expect(main.getByText(article.title, { exact: true })).toHaveCount(0);
  await expectImagesLoaded(page, '/de/loyalty/blog');
  await expectNoSeriousViolations(page, '/de/loyalty/blog');

  // A seeded article (translated, with its picture), not one another suite added on a shared database.
  const seeded = articles.find((a) => !englishArticles.some((e) => e.title === a.title))!;
  await main.getByRole('link', { name: seeded.title }).click();
  await expect(page).toHaveURL(new RegExp(`/de/loyalty/article/${seeded.article_id}$`));
  await expect(main.getByRole('heading', { level: 1, name: de('loyalty.titles.article') })).toBeVisible();
  await expect(main.getByRole('article').getByRole('heading', { level: 2, name: seeded.title })).toBeVisible();
  await expectImagesLoaded(page, `/de/loyalty/article/${seeded.article_id}`);

  // Reading it earns points; the history names the entry by its German type and title.
  const article = (await loyalty<{ value: number }>(request, `/articles/${seeded.article_id}`, 'de'));
  await main.getByRole('button', { name: de('loyalty.article.markRead_other').replace('{{count}}', String(article.value)) }).click();
  await expect(main.getByRole('status')).toHaveText(de('loyalty.article.credited_other').replace('{{count}}', String(article.value)));
  await page.goto('/de/loyalty/points-history');
  await waitForPageView(page);
  await expect(main.getByRole('cell', { name: `${de('loyalty.history.types.article')} · ${seeded.title}` })).toBeVisible();
  await expectNoEnglishServerSentence(page, '/de/loyalty/points-history');
});

test('the German shop says every refusal in German: coupons, a quantity over the stock, a wrong postcode and a wrong password', async ({ page, request }) => {
  const main = page.getByRole('main');
  const charger = await productFacts(request, 'ACC-CHARGER', 'de');
  await page.goto(`/de/p/${charger.urlKey}`);
  await waitForPageView(page);
  await main.getByRole('button', { name: de('cart.add.button') }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: new RegExp(de('cart.mini.button').split('{{')[0]!) })).toHaveText(/\(1/);

  await page.goto('/de/cart');
  await waitForPageView(page);
  const code = main.getByRole('textbox', { name: de('cart.coupon.label') });
  await code.fill('FALSCH-1');
  await main.getByRole('button', { name: de('cart.coupon.apply') }).click();
  await expect(main.getByRole('alert')).toContainText(render(phrase('coupon.invalid', { code: 'FALSCH-1' }), GERMAN));
  await expectNoEnglishServerSentence(page, 'the cart after a wrong coupon');

  // SOMMER5 (seeded for de) needs a subtotal of 40 €; one charger is less.
  expect(charger.price.value).toBeLessThan(40);
  await code.fill('SOMMER5');
  await main.getByRole('button', { name: de('cart.coupon.apply') }).click();
  await expect(main.getByRole('alert')).toContainText(render(phrase('coupon.minSubtotal', { code: 'SOMMER5', amount: { minor: 4000, currency: 'EUR' } }), GERMAN));
  await expectNoEnglishServerSentence(page, 'the cart after a coupon below its minimum');

  // More chargers than the shop holds: the server refuses, the page says so in German.
  const over = (await stockLevel(request, 'ACC-CHARGER')) + 1;
  const quantity = main.getByLabel(de('cart.quantityFor').replace('{{name}}', charger.name));
  await quantity.fill(String(over));
  await main.getByRole('button', { name: de('cart.update') }).click();
  await expect(main.getByRole('alert').filter({ hasText: de('cart.errors.INSUFFICIENT_STOCK') })).toBeVisible();
  await expectNoEnglishServerSentence(page, 'the cart after a quantity over the limit');

  // Checkout: a postcode Germany does not use is refused in German.
  await page.goto('/de/cart');
  await waitForPageView(page);
  await main.getByRole('link', { name: de('cart.toCheckout') }).click();
  await expect(page.getByRole('heading', { level: 1, name: de('checkout.title') })).toBeVisible();
  await main.getByLabel(de('checkout.address.email')).fill(newCustomer().email);
  await main.getByLabel(de('account.fields.firstname')).fill('Greta');
  await main.getByLabel(de('account.fields.lastname')).fill('Lovelace');
  await main.getByLabel(de('account.fields.street1')).fill('Hauptstraße 1');
  await main.getByLabel(de('account.fields.city')).fill('Berlin');
  await main.getByLabel(de('account.fields.postcode')).fill('ABCDE');
  await main.getByRole('button', { name: de('checkout.address.save') }).click();
  await expect(main.getByText(de('form.errors.postcodeFormat'))).toBeVisible();
  await expectNoEnglishServerSentence(page, 'the checkout after a wrong postcode');

  await page.goto('/de/login');
  await waitForPageView(page);
  await main.getByLabel(de('account.fields.email')).fill(newCustomer().email);
  await main.getByLabel(de('account.fields.password'), { exact: true }).fill('Wrong-Passw0rd');
  await main.getByRole('button', { name: de('login.submit') }).click();
  await expect(main.getByRole('alert')).toContainText(de('login.errors.credentials'));
  await expectNoEnglishServerSentence(page, 'the login after a wrong password');
});

test('a German customer\'s cancelled order shows its status and payment method by their German names', async ({ page }) => {
  const { token } = await signedIn(page, 'de');
  const gql = <T,>(query: string, variables: Record<string, unknown> = {}): Promise<T> => gqlData<T>(apiBase(), query, variables, { store: 'de', token });
  const { customerCart } = await gql<{ customerCart: { id: string; available_payment_methods: { code: string; title: string }[] } }>(
    '{ customerCart { id available_payment_methods { code title } } }',
  );
  const card = customerCart.available_payment_methods.find((m) => m.code === 'ember_card')!;
  const address = { firstname: 'Greta', lastname: 'Lovelace', street: ['Hauptstraße 1'], city: 'Berlin', postcode: '10115', country_code: 'DE', telephone: '+49301234567' };
  const { order_number: number } = await createOrder(apiBase(), { customer: { token }, store: 'de', items: [{ sku: 'ACC-CHARGER', quantity: 1 }], address });
  await gql('mutation($n: ID!) { cancelOrder(input: {order_id: $n, reason: "Versehen"}) { error } }', { n: number });
  const { orderStatuses } = await gql<{ orderStatuses: { status_value: string; status_label: string }[] }>('{ orderStatuses { status_value status_label } }');
  const cancelled = orderStatuses.find((s) => s.status_value === 'canceled')!.status_label;

  await page.goto(`/de/account#/orders/${encodeURIComponent(number)}`);
  const main = page.getByRole('main');
  await expect(main.getByTestId('order-status')).toHaveText(cancelled);
  await expect(main.getByText(card.title, { exact: true })).toBeVisible();
  await expect(main.getByText('ember_card')).toHaveCount(0);
  await expect(main.getByText(/Colour|Canceled/)).toHaveCount(0);
  await expectNoEnglishServerSentence(page, 'the order page');
});
