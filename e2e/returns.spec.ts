import { expect, test, type Page } from '@playwright/test';
import { createOrder } from '@ember/test-support';
import { apiBase, signedInCustomer } from './support/account';
import { ADMIN_TOKEN, messages } from './support/shop';

const en = messages('en');
const ADDRESS = { firstname: 'Rhea', lastname: 'Turner', street: ['Baker Street', '221b'], city: 'London', postcode: 'NW1 6XE', country_code: 'GB', telephone: '+447900000000' };

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a customer asks to return an item of a delivered order from my orders and sees it pending', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { token } = await signedInCustomer(page, 'Rhea');
  const order = await createOrder(apiBase(), { customer: { token }, items: [{ sku: 'ACC-CLEANING-KIT', quantity: 2 }], address: ADDRESS });
  const number = order.order_number;
  // The warehouse's steps, as the operator tool makes them.
  for (const step of [
    { status: 'payment_completed' },
    { status: 'processing' },
    { status: 'shipped', tracking: { carrier: 'Royal Mail', number: `RM${Date.now()}` } },
    { status: 'delivered' },
  ]) {
    const moved = await page.request.post(`/admin/orders/${number}/status`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, data: step });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  await page.goto(`/gb/account#/orders/${number}`);
  const main = page.getByRole('main');
  const returns = main.getByRole('region', { name: en('returns.heading') });
  await returns.getByRole('button', { name: en('returns.start') }).click();
  const form = returns.getByRole('form', { name: en('returns.formHeading') });
  await form.getByRole('combobox', { name: /cleaning/i }).selectOption('1');
  await form.getByRole('combobox', { name: en('returns.reason') }).selectOption('damaged');
  await form.getByRole('textbox', { name: en('returns.comment') }).fill('The brush arrived broken');
  await expect(form.getByRole('radio', { name: en('returns.methods.label') })).toBeChecked();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('returns-form-390.png'), fullPage: true });
  await form.getByRole('button', { name: en('returns.submit') }).click();

  const card = returns.getByTestId('return-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('return-status')).toHaveText(en('returns.status.PENDING'));
  await expect(card.getByText(/1 × /)).toBeVisible();
  await expect(card.getByRole('list', { name: en('returns.history') }).getByRole('listitem')).toHaveCount(1);
  // One of two units is still returnable.
  await expect(returns.getByRole('button', { name: en('returns.start') })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('returns-pending-390.png'), fullPage: true });
});
