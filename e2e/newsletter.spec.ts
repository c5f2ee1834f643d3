import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { awaitMail, signedInCustomer, verifyAgeByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { messages, waitForPageView } from './support/shop';

/**
 * The newsletter: a visitor signs up in the footer of any page (a plain form, no script), confirms
 * with the button behind the e-mailed link, and leaves with one click: the mail client's RFC 8058
 * POST to the e-mail's List-Unsubscribe link, or the unsubscribe page in the browser. On a phone,
 * in English and German (docs/decisions/0070).
 */
test.use({ viewport: { width: 390, height: 844 } });

interface Mail { template: string; body: string; headers: Record<string, string> }

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

/** The newest newsletter e-mail of a template to an address, read from the dev mailbox's JSON. */
async function mailOf(page: Page, recipient: string, template: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect.poll(async () => {
    const response = await page.request.get('/dev/mailbox/messages', { params: { recipient } });
    found = ((await response.json()) as { messages: Mail[] }).messages.find((m) => m.template === template);
    return found !== undefined;
  }, { message: `a ${template} e-mail to ${recipient}` }).toBe(true);
  return found!;
}

/** The path of the https (here: the test server's) URL a List-Unsubscribe header names. */
function unsubscribeUrl(mail: Mail): URL {
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  return new URL(/^<([^>]+)>/.exec(mail.headers['List-Unsubscribe']!)![1]!);
}

/** Signs up from the footer's form and confirms from the e-mailed link; answers the address. */
async function signUpAndConfirm(page: Page, store: string, t: (key: string) => string): Promise<string> {
  const email = `news-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto(`/${store}/`);
  await waitForPageView(page);
  const footer = page.getByRole('contentinfo');
  const signup = footer.getByRole('form', { name: t('newsletter.title') });
  await expect(signup.getByText(t('newsletter.consent'))).toBeVisible();
  await signup.getByLabel(t('newsletter.email')).fill(email);
  await signup.getByRole('checkbox', { name: t('newsletter.age') }).check();
  await signup.getByRole('button', { name: t('newsletter.submit') }).click();

  // The form's page answers, the same for any address.
  await expect(page).toHaveURL(new RegExp(`/${store}/newsletter$`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: t('newsletter.pageTitle') })).toBeVisible();
  await expect(main.getByRole('status')).toHaveText(t('newsletter.accepted'));
  await expectNoSidewaysScroll(page);

  // The confirmation link asks for the click; opening it subscribes nobody by itself.
  const body = await awaitMail(page.request, email, /\/newsletter\/confirm\//);
  const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\/\S+/.exec(body)![0]);
  expect(link.pathname.startsWith(`/${store}/newsletter/confirm/`)).toBe(true);
  await page.goto(link.pathname);
  await waitForPageView(page);
  await expect(main.getByRole('heading', { level: 1, name: t('newsletter.confirm.title') })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'confirmation page');
  await main.getByRole('button', { name: t('newsletter.confirm.button') }).click();
  await expect(main.getByRole('status')).toHaveText(t('newsletter.confirm.confirmed'));
  return email;
}

for (const [store, language] of [['gb', 'en'], ['de', 'de']] as const) {
  test(`a visitor subscribes from the footer, confirms, and the e-mail's one-click unsubscribe ends it (${store})`, async ({ page }) => {
    const t = messages(language);
    const email = await signUpAndConfirm(page, store, t);

    // The welcome e-mail carries List-Unsubscribe; a mail client POSTs to it without cookies (RFC 8058).
    const url = unsubscribeUrl(await mailOf(page, email, 'newsletter_welcome'));
    expect(url.pathname.startsWith(`/${store}/unsubscribe/`)).toBe(true);
    const mailClient = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin, storageState: { cookies: [], origins: [] } });
    try {
      for (let i = 0; i < 2; i++) {
        const response = await mailClient.post(url.pathname, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: 'List-Unsubscribe=One-Click' });
        expect(response.status(), await response.text()).toBe(200);
        expect(((await response.json()) as { status: string }).status).toBe('UNSUBSCRIBED');
      }
    } finally {
      await mailClient.dispose();
    }

    // The same link in the browser says so, with the address masked.
    await page.goto(url.pathname);
    await waitForPageView(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: t('newsletter.unsubscribe.title') })).toBeVisible();
    await expect(main.getByRole('status')).toHaveText(t('newsletter.unsubscribe.already').replace('{{email}}', 'n***@e***.com'));
    await expect(main).not.toContainText(email);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'unsubscribe page');
  });
}

test('the unsubscribe page unsubscribes with one button, without signing in, and a forged link says so', async ({ page }) => {
  const t = messages('en');
  const email = await signUpAndConfirm(page, 'gb', t);
  const url = unsubscribeUrl(await mailOf(page, email, 'newsletter_confirmation'));
  await page.goto(url.pathname);
  await waitForPageView(page);
  const main = page.getByRole('main');
  await expect(main.getByText(t('newsletter.unsubscribe.lead').replace('{{email}}', 'n***@e***.com'))).toBeVisible();
  await expectNoSeriousViolations(page, 'before unsubscribing');
  await main.getByRole('button', { name: t('newsletter.unsubscribe.button') }).click();
  await expect(main.getByRole('status')).toHaveText(t('newsletter.unsubscribe.done').replace('{{email}}', 'n***@e***.com'));
  await expectNoSidewaysScroll(page);

  const token = url.pathname.split('/').at(-1)!;
  await page.goto(`/gb/unsubscribe/${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`);
  await waitForPageView(page);
  await expect(main.getByRole('alert')).toHaveText(t('newsletter.unsubscribe.invalid'));
  await expect(main.getByRole('button', { name: t('newsletter.unsubscribe.button') })).toHaveCount(0);
});

test('a customer subscribes from the communication preferences once their age is verified, and unsubscribes there', async ({ page }) => {
  const t = messages('en');
  const { customer } = await signedInCustomer(page, 'Nora');
  const masked = `${customer.email[0]}***@e***.com`;
  await page.goto('/gb/account#/communication');
  const newsletter = page.getByRole('region', { name: t('newsletter.title') });
  await expect(newsletter.getByText(t('newsletter.account.status.NOT_ACTIVE').replace('{{email}}', masked))).toBeVisible();
  await expect(newsletter.getByText(t('newsletter.account.verifyFirst'))).toBeVisible();
  await expect(newsletter.getByRole('button', { name: t('newsletter.account.subscribe') })).toHaveCount(0);

  await verifyAgeByApi(page);
  await page.reload();
  await newsletter.getByRole('button', { name: t('newsletter.account.subscribe') }).click();
  await expect(newsletter.getByRole('status')).toHaveText(t('newsletter.account.sent'));
  await expect(newsletter.getByText(t('newsletter.account.status.UNCONFIRMED').replace('{{email}}', masked))).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'communication preferences');

  const body = await awaitMail(page.request, customer.email, /\/newsletter\/confirm\//);
  await page.goto(new URL(/https?:\/\/\S+\/newsletter\/confirm\/\S+/.exec(body)![0]).pathname);
  await waitForPageView(page);
  await page.getByRole('main').getByRole('button', { name: t('newsletter.confirm.button') }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(t('newsletter.confirm.confirmed'));

  // Confirming granted the e-mail consent; unsubscribing here withdraws it.
  await page.goto('/gb/account#/communication');
  await expect(newsletter.getByText(t('newsletter.account.status.SUBSCRIBED').replace('{{email}}', masked))).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'News by e-mail' })).toBeChecked();
  await newsletter.getByRole('button', { name: t('newsletter.account.unsubscribe') }).click();
  await expect(newsletter.getByText(t('newsletter.account.status.UNSUBSCRIBED').replace('{{email}}', masked))).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'News by e-mail' })).not.toBeChecked();
});
