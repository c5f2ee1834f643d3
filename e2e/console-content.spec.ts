import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { apiBase } from './support/account';
import { checkConsolePage, consoleAreaTexts, consoleEn, consoleNav, signInToConsole } from './support/console';

/**
 * The console's content area: a marketing operator writes a FAQ entry in English and German, adds a
 * store and publishes a blog article, and shoppers of gb and de see them. The database is shared with
 * every other journey: everything here is new and uniquely named, and is taken away again at the end
 * (the FAQ entries and the article deleted, the store hidden), so no other journey's pages change.
 */

const c = consoleAreaTexts<typeof import('../apps/console/src/i18n/en/content.json')>('content').content;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

/** The headers of a change sent as the signed-in console would: its origin and the session's CSRF token. */
async function consoleHeaders(page: Page): Promise<Record<string, string>> {
  const session = await page.request.get('/admin/session');
  return { origin: apiBase(), 'x-csrf-token': ((await session.json()) as { csrf_token: string }).csrf_token };
}

async function addFaq(page: Page, language: 'en' | 'de', question: string, answer: string): Promise<number> {
  await page.goto('/console/content/faq');
  await expect(page.getByRole('heading', { level: 1, name: c.faq.title })).toBeVisible();
  await page.getByRole('link', { name: c.faq.new }).click();
  await expect(page.getByRole('heading', { level: 1, name: c.faq.new })).toBeVisible();
  await page.getByLabel(c.language, { exact: true }).selectOption(language);
  await page.getByLabel(c.faq.topic).fill('ordering');
  await page.getByLabel(c.faq.question).fill(question);
  await page.getByLabel(c.faq.answer).fill(answer);
  await page.getByLabel(c.position).fill('9000');
  await page.getByRole('button', { name: c.save }).click();
  await expect(page.getByRole('heading', { level: 1, name: fill(c.faq.edit, { question }) })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(c.saved);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

test('a marketing operator adds a FAQ entry in English and German, a store and a blog article, and shoppers see them', async ({ page }) => {
  test.setTimeout(180_000);
  const id = randomBytes(4).toString('hex');
  const cleanup: (() => Promise<unknown>)[] = [];
  await signInToConsole(page, 'marketing');
  try {
    // The area and its tabs.
    await consoleNav(page).getByRole('link', { name: consoleEn.nav.content }).click();
    await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: c.nav.label }).getByRole('link')).toHaveCount(4);
    await checkConsolePage(page, 'content area');

    // FAQ in two languages.
    const questionEn = `Can I collect an order from a kiosk ${id}?`;
    const questionDe = `Kann ich eine Bestellung am Kiosk abholen ${id}?`;
    const faqEn = await addFaq(page, 'en', questionEn, 'Yes, at **every** kiosk that offers click & collect.');
    cleanup.push(async () => page.request.delete(`/admin/content/faq/${faqEn}`, { headers: await consoleHeaders(page) }));
    await checkConsolePage(page, 'FAQ entry');
    const faqDe = await addFaq(page, 'de', questionDe, 'Ja, an **jedem** Kiosk mit Click & Collect.');
    cleanup.push(async () => page.request.delete(`/admin/content/faq/${faqDe}`, { headers: await consoleHeaders(page) }));
    await page.goto(`/console/content/faq?q=${id}`);
    await expect(page.getByRole('table', { name: c.faq.caption }).getByRole('link')).toHaveCount(2);
    await checkConsolePage(page, 'FAQ list');

    // A store shown in gb.
    const storeId = `e2e-${id}`;
    const storeName = `Ember Kiosk Leicester Square ${id}`;
    await page.getByRole('navigation', { name: c.nav.label }).getByRole('link', { name: c.nav.stores }).click();
    await expect(page.getByRole('heading', { level: 1, name: c.stores.title })).toBeVisible();
    await checkConsolePage(page, 'store list');
    await page.getByRole('link', { name: c.stores.new }).click();
    await page.getByLabel(c.stores.id, { exact: true }).fill(storeId);
    await page.getByLabel(c.stores.externalId).fill(`E2E-${id}`);
    await page.getByLabel(c.stores.type).selectOption('kiosk');
    await page.getByLabel(c.stores.name, { exact: true }).fill(storeName);
    await page.getByLabel(c.stores.street).fill('5 Leicester Square');
    await page.getByLabel(c.stores.postcode).fill('WC2H 7NA');
    await page.getByLabel(c.stores.city).fill('London');
    await page.getByLabel(c.stores.country).fill('GB');
    await page.getByLabel(c.stores.telephone).fill('+442079460000');
    await page.getByLabel(c.stores.latitude).fill('51.5103');
    await page.getByLabel(c.stores.longitude).fill('-0.1301');
    // A latitude beyond the pole is refused before anything is sent.
    await page.getByLabel(c.stores.latitude).fill('91');
    await page.getByRole('button', { name: c.save }).click();
    await expect(page.getByLabel(c.stores.latitude)).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel(c.stores.latitude).fill('51.5103');
    await page.getByRole('checkbox', { name: /\(gb\)$/ }).check();
    await page.getByLabel('Monday').fill('08:00-20:00');
    await page.getByLabel('Saturday').fill('10:00-14:00, 15:00-18:00');
    await page.getByLabel(fill(c.stores.descriptionIn, { language: 'English' })).fill('A kiosk by the cinemas.');
    await page.getByRole('button', { name: c.save }).click();
    await expect(page.getByRole('heading', { level: 1, name: fill(c.stores.edit, { name: storeName }) })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(c.saved);
    cleanup.push(async () => page.request.post(`/admin/stores/${storeId}/state`, { headers: await consoleHeaders(page), data: { is_active: false } }));
    await checkConsolePage(page, 'store detail');

    // A blog article, written as a draft and published.
    const slug = `kiosk-collection-${id}`;
    const articleTitle = `Collect at the kiosk ${id}`;
    await page.getByRole('link', { name: c.stores.back }).click();
    await page.getByRole('navigation', { name: c.nav.label }).getByRole('link', { name: c.nav.blog }).click();
    await expect(page.getByRole('heading', { level: 1, name: c.blog.title })).toBeVisible();
    await checkConsolePage(page, 'blog list');
    await page.getByRole('link', { name: c.blog.new }).click();
    await page.getByLabel(c.language, { exact: true }).selectOption('en');
    await page.getByLabel(c.blog.articleTitle, { exact: true }).fill(articleTitle);
    await page.getByLabel(c.blog.slug).fill(slug);
    await page.getByLabel(c.blog.summary).fill('Order online and pick up on your way home.');
    await page.getByLabel(c.blog.body).fill('## How it works\n\nChoose **collection** at checkout.');
    await page.getByLabel(c.blog.author).fill('Ember Editorial');
    await page.getByRole('button', { name: c.save }).click();
    await expect(page.getByRole('heading', { level: 1, name: fill(c.blog.edit, { title: articleTitle }) })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(c.blog.savedDraft);
    const articleId = new URL(page.url()).pathname.split('/').pop();
    cleanup.push(async () => {
      const headers = await consoleHeaders(page);
      await page.request.post(`/admin/content/blog/${articleId}/publication`, { headers, data: { published: false } });
      return page.request.delete(`/admin/content/blog/${articleId}`, { headers });
    });
    await page.getByRole('button', { name: c.blog.publishNow }).click();
    await expect(page.getByRole('status')).toHaveText(c.blog.became.published);
    await checkConsolePage(page, 'blog article');

    // Shoppers see all of it.
    await page.goto('/gb/faq');
    await expect(page.getByText(questionEn)).toBeVisible();
    await expect(page.getByText(questionDe)).toHaveCount(0);
    await page.goto('/de/faq');
    await expect(page.getByText(questionDe)).toBeVisible();
    await page.goto(`/gb/stores/${storeId}`);
    await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible();
    await expect(page.getByText('A kiosk by the cinemas.')).toBeVisible();
    await page.goto('/gb/stores');
    await expect(page.getByText(storeName).first()).toBeVisible();
    await page.goto('/gb/blog');
    await expect(page.getByRole('link', { name: articleTitle }).first()).toBeVisible();
    await page.goto(`/gb/blog/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: articleTitle })).toBeVisible();
  } finally {
    for (const undo of cleanup.reverse()) await undo();
  }
});

test('a support operator reads the content area but has no forms, and the API refuses their changes', async ({ page }) => {
  await signInToConsole(page, 'support');
  await page.goto('/console/content/faq');
  await expect(page.getByRole('heading', { level: 1, name: c.faq.title })).toBeVisible();
  await expect(page.getByRole('link', { name: c.faq.new })).toHaveCount(0);
  const refused = await page.request.post('/admin/content/faq', { headers: await consoleHeaders(page), data: { language: 'en', topic: 'ordering', question: 'Q?', answer: 'A.' } });
  expect(refused.status(), await refused.text()).toBe(403);
  await page.goto('/console/content/pages');
  await expect(page.getByRole('table', { name: c.pages.caption })).toBeVisible();
  await checkConsolePage(page, 'content pages (support)');
});
