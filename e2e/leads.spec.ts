import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { TEST_LEADS_LINK_SECRET } from '../apps/server/src/config';
import { signLeadLink } from '../apps/server/src/modules/leads/leads.link';
import { awaitMail, pageOrigin } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { ADMIN_TOKEN, messages, waitForPageView } from './support/shop';

/**
 * Leads: an operator registers a person met at an event, who opens the e-mailed link on a phone and
 * confirms their preferences with one click; a link that was changed or has expired says so. In
 * English and German.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

for (const [store, language] of [['gb', 'en'], ['de', 'de']] as const) {
  test(`a lead confirms their preferences from the e-mailed link, and a changed or expired link says so (${store})`, async ({ page }) => {
    const t = messages(language);
    const main = page.getByRole('main');
    const email = `lead-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await page.request.post('/admin/leads', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, Store: store, ...pageOrigin() },
      data: { email, first_name: 'Lotte', source: 'event', campaign_code: 'E2E-FAIR', purposes: ['email_marketing', 'post_marketing'] },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const mail = await awaitMail(page.request, email, /\/leads\/confirm\//);
    const link = new URL(/https?:\/\/\S+\/leads\/confirm\/\S+/.exec(mail)![0]);
    expect(link.pathname.startsWith(`/${store}/leads/confirm/`)).toBe(true);

    // The page asks for the click; opening it confirms nothing by itself.
    await page.goto(link.pathname);
    await waitForPageView(page);
    await expect(main.getByRole('heading', { level: 1, name: t('leads.title') })).toBeVisible();
    await expect(main.getByText(t('leads.lead'))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'before confirming');
    await main.getByRole('button', { name: t('leads.confirm') }).click();
    const done = main.getByRole('status');
    await expect(done).toContainText(t('leads.confirmed'));
    await expect(done.getByRole('listitem')).toHaveText([t('leads.purposes.email_marketing'), t('leads.purposes.post_marketing')]);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'confirmed');

    // Opening the link again answers the same.
    await page.reload();
    await waitForPageView(page);
    await main.getByRole('button', { name: t('leads.confirm') }).click();
    await expect(main.getByRole('status')).toContainText(t('leads.confirmed'));

    // A link with a changed character is refused once tried, and offers nothing more to click.
    const [payload, signature] = link.pathname.split('/').at(-1)!.split('.') as [string, string];
    await page.goto(`/${store}/leads/confirm/${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
    await waitForPageView(page);
    await main.getByRole('button', { name: t('leads.confirm') }).click();
    await expect(main.getByRole('alert')).toHaveText(t('leads.invalid'));
    await expect(main.getByRole('button', { name: t('leads.confirm') })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // Something that is not a link of ours at all says so at once.
    await page.goto(`/${store}/leads/confirm/not-a-link`);
    await waitForPageView(page);
    await expect(main.getByRole('alert')).toHaveText(t('leads.invalid'));
    await expect(main.getByRole('button')).toHaveCount(0);

    // A pending lead's expired link (the server runs with the TEST key).
    const other = await page.request.post('/admin/leads', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, Store: store, ...pageOrigin() },
      data: { email: `late-${email}`, first_name: 'Lars', source: 'promoter', campaign_code: 'E2E-PROMO', purposes: ['sms_marketing'] },
    });
    expect(other.status()).toBe(201);
    const expired = signLeadLink(TEST_LEADS_LINK_SECRET, ((await other.json()) as { id: string }).id, new Date(Date.now() - 60_000));
    await page.goto(`/${store}/leads/confirm/${expired}`);
    await waitForPageView(page);
    await main.getByRole('button', { name: t('leads.confirm') }).click();
    await expect(main.getByRole('alert')).toHaveText(t('leads.expired'));
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, 'expired');
  });
}
