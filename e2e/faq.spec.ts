import { expect, test } from '@playwright/test';
import { graphql, messages } from './support/shop';

test('FAQ answers open and close from the keyboard', async ({ page, request }) => {
  const { faqs } = await graphql<{ faqs: { topic: string; question: string; answer: string }[] }>(
    request,
    '{ faqs { topic question answer } }',
  );
  const first = faqs[0]!;
  const firstParagraph = first.answer.split(/\n\s*\n/)[0]!.trim();

  await page.goto('/gb/faq');
  await expect(page.getByRole('heading', { level: 2, name: messages('en')(`faq.topics.${first.topic}`) })).toBeVisible();
  const answer = page.getByText(firstParagraph);
  await expect(answer).toBeHidden();

  await page.getByText(first.question, { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(answer).toBeHidden();
});
