import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logInByApi, newCustomer, registerByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { messages, productFacts, waitForPageView } from './support/shop';

/**
 * The flavour finder (`/{store}/flavor-finder`): a guest answers the questions in English, gets the
 * recommended blends and adds one to the cart; a German customer's result is kept and shown again
 * when they come back. On a 390 px phone, with no serious axe finding in any state.
 */
const PHONE = { width: 390, height: 844 } as const;
const en = messages('en');
const de = messages('de');

/** Answers that point to light, fruity blends: the quiz's own codes, words read from the API. */
const ANSWERS = [
  { question: 'strength', answer: 'light' },
  { question: 'taste', answer: 'fruity' },
  { question: 'finish', answer: 'zesty' },
  { question: 'moment', answer: 'outdoors' },
  { question: 'style', answer: 'new' },
];

interface Quiz {
  title: string;
  questions: { code: string; text: string; answers: { code: string; text: string }[] }[];
}
interface Scored {
  results: { flavor: string; label: string; product: { sku: string; name: string } }[];
}

async function quizIn(request: APIRequestContext, store: string): Promise<Quiz> {
  const response = await request.get('/api/quizzes/flavor-finder', { headers: { Store: store } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Quiz;
}

/** What the shop recommends for ANSWERS, asked as a guest (which keeps nothing). */
async function recommendedFor(request: APIRequestContext, store: string): Promise<Scored['results']> {
  const response = await request.post('/api/quizzes/flavor-finder/results', { headers: { Store: store }, data: { answers: ANSWERS } });
  expect(response.ok(), await response.text()).toBe(true);
  const { results } = (await response.json()) as Scored;
  expect(results.length).toBeGreaterThan(0);
  return results;
}

/** Chooses ANSWERS in the page's radio groups, each found by its legend and its answer's words. */
async function answer(page: Page, quiz: Quiz): Promise<void> {
  const main = page.getByRole('main');
  for (const a of ANSWERS) {
    const question = quiz.questions.find((q) => q.code === a.question)!;
    const group = main.getByRole('group', { name: question.text });
    await group.getByRole('radio', { name: question.answers.find((x) => x.code === a.answer)!.text }).check();
  }
}

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll, what).toBeLessThanOrEqual(widths.inner);
}

test.use({ viewport: PHONE });

test('a guest takes the flavour finder in English, gets the recommended blends and adds the best one to the cart', async ({ page, request }) => {
  const quiz = await quizIn(request, 'gb');
  const results = await recommendedFor(request, 'gb');
  const best = await productFacts(request, results[0]!.product.sku, 'gb');

  await page.goto('/gb/flavor-finder');
  expect(await waitForPageView(page)).toMatchObject({ event: 'on_load', template_name: 'flavor-finder' });
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: quiz.title })).toBeVisible();
  await expect(main.getByRole('group')).toHaveCount(quiz.questions.length);
  await expectNoSidewaysScroll(page, 'the questions');
  await expectNoSeriousViolations(page, 'the questions');

  // Nothing chosen: the page asks for an answer instead of guessing.
  await main.getByRole('button', { name: en('flavorFinder.submit') }).click();
  await expect(main.getByRole('alert')).toHaveText(en('flavorFinder.answerOne'));

  await answer(page, quiz);
  await main.getByRole('button', { name: en('flavorFinder.submit') }).click();
  await expect(main.getByRole('heading', { level: 2, name: en('flavorFinder.yourResult') })).toBeFocused();
  const cards = main.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(cards).toHaveCount(results.length);
  for (const [i, r] of results.entries()) {
    await expect(cards.nth(i).getByRole('heading', { level: 3 })).toHaveText(r.product.name);
    await expect(cards.nth(i)).toContainText(r.label);
  }
  const first = cards.first();
  await expect(first.locator('img')).toHaveJSProperty('complete', true);
  expect(await first.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(first.getByTestId('price')).not.toBeEmpty();
  await expectNoSidewaysScroll(page, 'the recommendations');
  await expectNoSeriousViolations(page, 'the recommendations');

  // The shop's own "Add to cart": the header's count follows, and the cart lists the product.
  await first.getByRole('button', { name: en('cart.add.button') }).click();
  await expect(first.getByRole('status')).toContainText(best.name);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /Cart/ })).toHaveText(/\(\d/);
  await first.getByRole('link', { name: en('cart.add.viewCart') }).click();
  await expect(page).toHaveURL(/\/gb\/cart$/);
  await expect(main.getByRole('heading', { name: best.name })).toBeVisible();
});

test('a German customer sees their last result again when they come back, and can take it again', async ({ page, request }) => {
  const quiz = await quizIn(request, 'de');
  const results = await recommendedFor(request, 'de');
  const customer = newCustomer('Greta');
  await registerByApi(customer, 'de');
  await logInByApi(page, customer, 'de');

  await page.goto('/de/flavor-finder');
  await waitForPageView(page);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: quiz.title })).toBeVisible();
  await answer(page, quiz);
  await main.getByRole('button', { name: de('flavorFinder.submit') }).click();
  await expect(main.getByRole('heading', { level: 2, name: de('flavorFinder.yourResult') })).toBeVisible();
  await expect(main.getByRole('heading', { level: 3 }).first()).toHaveText(results[0]!.product.name);
  await expect(main).toContainText(results[0]!.label);

  // Back later: the kept result, in German, with the day it was taken.
  await page.goto('/de/flavor-finder');
  await waitForPageView(page);
  await expect(main.getByRole('heading', { level: 2, name: de('flavorFinder.lastResult') })).toBeVisible();
  await expect(main.getByRole('heading', { level: 3 }).first()).toHaveText(results[0]!.product.name);
  await expect(main.getByRole('button', { name: de('cart.add.button') }).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'the last result');
  await expectNoSeriousViolations(page, 'the last result');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSidewaysScroll(page, 'the last result on a desktop');
  await page.setViewportSize(PHONE);

  // Taking it again starts from the answers given before.
  await main.getByRole('button', { name: de('flavorFinder.again') }).click();
  const strength = quiz.questions.find((q) => q.code === 'strength')!;
  await expect(main.getByRole('group', { name: strength.text }).getByRole('radio', { name: strength.answers.find((a) => a.code === 'light')!.text })).toBeChecked();
  await expect(main.getByRole('button', { name: de('flavorFinder.submit') })).toBeVisible();
});
