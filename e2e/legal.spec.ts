import { expect, test, type Page } from '@playwright/test';
import { newCustomer, signedInCustomer, verifyAgeByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { acceptTermsAndPlaceOrder, termsCheckbox, termsLabel } from './support/legal';
import { graphql, messages, productFacts, waitForPageView } from './support/shop';

const en = messages('en');
const MARKETS = [
  { store: 'gb', language: 'en' as const, imprint: false },
  { store: 'de', language: 'de' as const, imprint: true },
  { store: 'ch', language: 'de' as const, imprint: true },
];

interface LegalPageFacts { identifier: string; title: string }

/** The legal pages the server publishes for a store view, in the footer's order. */
async function legalPages(page: Page, store: string): Promise<LegalPageFacts[]> {
  return (await graphql<{ legalPages: LegalPageFacts[] }>(page.request, '{ legalPages { identifier title } }', {}, store)).legalPages;
}

for (const { store, language, imprint } of MARKETS) {
  test(`the footer of ${store} links to every legal page of the market, each rendered on the server`, async ({ page }) => {
    const t = messages(language);
    const pages = await legalPages(page, store);
    expect(pages.map((p) => p.identifier)).toEqual(['terms', 'privacy', 'cookies', 'withdrawal', ...(imprint ? ['imprint'] : [])]);

    await page.goto(`/${store}/`);
    await waitForPageView(page);
    const footer = page.getByRole('contentinfo');
    const legal = footer.getByRole('navigation', { name: t('legal.footer.legal') });
    await expect(legal.getByRole('link')).toHaveText(pages.map((p) => p.title));
    await expect(footer.getByRole('link', { name: t('legal.footer.contact') })).toHaveAttribute('href', `/${store}/contact`);
    await expect(footer.getByRole('link', { name: t('header.faq') })).toHaveAttribute('href', `/${store}/faq`);
    await expect(footer.getByRole('navigation', { name: t('legal.footer.markets') }).getByRole('link')).toHaveCount(
      (await graphql<{ availableStores: unknown[] }>(page.request, '{ availableStores { store_code } }')).availableStores.length,
    );

    for (const { identifier, title } of pages) {
      await legal.getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${store}/legal/${identifier}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    }

    // Server-rendered and indexable: the HTML has the title and the text, with no robots block.
    const html = await (await page.request.get(`/${store}/legal/terms`)).text();
    expect(html).toContain(`<h1>${pages[0]!.title}</h1>`);
    expect(html).not.toContain('noindex');
  });
}

test('the imprint exists only in de and ch, and an unknown legal page answers 404', async ({ page }) => {
  for (const path of ['/gb/legal/imprint', '/gb/legal/no-such-page', '/de/legal/About']) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  const response = await page.goto('/ch/legal/imprint');
  expect(response?.status()).toBe(200);
  const imprint = (await legalPages(page, 'ch')).find((p) => p.identifier === 'imprint')!;
  await expect(page.getByRole('heading', { level: 1, name: imprint.title })).toBeVisible();
});

test('a phone shows the footer and a legal page without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/de/legal/withdrawal', '/gb/legal/privacy', '/ch/legal/imprint']) {
    await page.goto(path);
    await waitForPageView(page);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await expectNoSeriousViolations(page, 'imprint on a phone');
});

test('registration needs the terms ticked: the box starts empty, links to both pages and is named when left empty', async ({ page }) => {
  const customer = newCustomer('Tess');
  const main = page.getByRole('main');
  await page.goto('/gb/register');
  await waitForPageView(page);
  const box = termsCheckbox(main);
  await expect(box).not.toBeChecked();
  const terms = (await legalPages(page, 'gb')).find((p) => p.identifier === 'terms')!;
  await expect(main.getByRole('link', { name: /terms and conditions/ })).toHaveAttribute('href', `/gb/legal/${terms.identifier}`);
  await expect(main.getByRole('link', { name: /privacy policy/ })).toHaveAttribute('href', '/gb/legal/privacy');

  await main.getByLabel(en('account.fields.firstname')).fill(customer.firstname);
  await main.getByLabel(en('account.fields.lastname')).fill(customer.lastname);
  await main.getByLabel(en('account.fields.email')).fill(customer.email);
  await main.getByLabel(en('account.fields.password'), { exact: true }).fill(customer.password);
  await main.getByLabel(en('account.fields.dateOfBirth')).fill(customer.dateOfBirth);
  const registrations: string[] = [];
  page.on('request', (r) => { if (r.url().endsWith('/account/users/register')) registrations.push(r.url()); });
  await main.getByRole('button', { name: en('register.submit') }).click();
  await expect(box).toBeFocused();
  await expect(box).toHaveAccessibleDescription(new RegExp(en('legal.termsRequired')));
  expect(registrations).toEqual([]);
  await expectNoSeriousViolations(page, 'registration with the terms missing');

  await box.check();
  await main.getByRole('button', { name: en('register.submit') }).click();
  await expect(page.getByRole('heading', { level: 2, name: en('register.confirm.title') })).toBeVisible();
  expect(registrations).toHaveLength(1);
});

test('checkout needs the terms ticked before "Place order", and the order shows the accepted versions', async ({ page, request }) => {
  test.setTimeout(90_000);
  const kit = await productFacts(request, 'ACC-CLEANING-KIT');
  const { customer } = await signedInCustomer(page, 'Olga');
  await verifyAgeByApi(page);
  const main = page.getByRole('main');

  await page.goto(`/gb/p/${kit.urlKey}`);
  await waitForPageView(page);
  await main.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(main.getByRole('status').filter({ hasText: kit.name })).toBeVisible();

  await page.goto('/gb/checkout');
  await waitForPageView(page);
  await main.getByLabel(en('account.fields.street1')).fill('12 Harbour Road');
  await main.getByLabel(en('account.fields.city')).fill('Bristol');
  await main.getByLabel(en('account.fields.postcode')).fill('BS1 5TT');
  await main.getByRole('button', { name: en('checkout.address.save') }).click();
  const delivery = main.getByRole('region', { name: en('checkout.delivery.heading') });
  await delivery.getByRole('radio', { name: /Standard delivery/ }).check();
  const payment = main.getByRole('region', { name: en('checkout.payment.heading') });
  await payment.getByRole('radio', { name: en('checkout.payment.methods.ember_card') }).check();

  const box = payment.getByRole('checkbox', { name: termsLabel() });
  await expect(box).not.toBeChecked();
  await payment.getByRole('button', { name: en('checkout.placeOrder') }).click();
  await expect(box).toBeFocused();
  await expect(box).toHaveAccessibleDescription(new RegExp(en('legal.termsRequired')));
  await expect(page).toHaveURL(/\/gb\/checkout$/);

  await acceptTermsAndPlaceOrder(payment);
  await expect(page).toHaveURL(/\/pay\//);
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YYYY)').fill(String(new Date().getFullYear() + 2));
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill(`${customer.firstname} ${customer.lastname}`);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/gb\/checkout\/success\?order=/);
  const number = (await page.getByTestId('order-number').textContent())!.trim();

  const accepted = await graphql<{ terms: { title: string; version: number }; privacy: { title: string; version: number } }>(
    request, '{ terms: cmsPage(identifier: "terms") { title version } privacy: cmsPage(identifier: "privacy") { title version } }',
  );
  await page.goto(`/gb/account#/orders/${number}`);
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  const row = main.getByRole('definition').filter({ hasText: accepted.terms.title });
  await expect(row).toHaveText(
    [accepted.terms, accepted.privacy].map((d) => en('legal.acceptedVersion').replace('{{title}}', d.title).replace('{{version}}', String(d.version))).join(', '),
  );
});

test('the footer’s contact link opens the contact form, which sends the message and answers with a reference', async ({ page }) => {
  const customer = newCustomer('Cleo');
  await page.goto('/gb/faq');
  await waitForPageView(page);
  await page.getByRole('contentinfo').getByRole('link', { name: en('legal.footer.contact') }).click();
  await expect(page).toHaveURL(/\/gb\/contact$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: en('contact.title') })).toBeVisible();
  await main.getByRole('button', { name: en('contact.submit') }).click();
  await expect(main.getByLabel(en('contact.firstname'))).toBeFocused();
  await main.getByLabel(en('contact.firstname')).fill(customer.firstname);
  await main.getByLabel(en('contact.lastname')).fill(customer.lastname);
  await main.getByLabel(en('contact.email')).fill(customer.email);
  await main.getByLabel(en('contact.message')).fill('Where can I recycle my used sticks?');
  await main.getByRole('button', { name: en('contact.submit') }).click();
  const [before, after] = en('contact.sent').split('{{reference}}');
  await expect(main.getByRole('status')).toHaveText(new RegExp(`${escape(before!)}F-[0-9A-F]{8}${escape(after!)}`));
  await expectNoSeriousViolations(page, 'contact page after sending');
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
