import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { awaitMail, hasDevMailbox, signedInCustomer } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { messages, waitForPageView } from './support/shop';

const t = messages('en');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A message's text with its `{{count}}` as any number, to match whatever the server counts. */
function withAnyCount(key: string): RegExp {
  return new RegExp(escapeRegExp(t(key)).replace('\\{\\{count\\}\\}', '\\d+'));
}

interface Purpose {
  id: string;
  name: string;
  category: string;
  mandatory: boolean;
}

async function accountPurposes(request: APIRequestContext): Promise<Purpose[]> {
  const response = await request.get('/consent/purposes', { params: { language: 'en', step: 'account' } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Purpose[];
}

test('a customer changes their phone number with their password and the code texted to it, after a wrong code', async ({ page, request }) => {
  test.skip(!(await hasDevMailbox(request)), 'the journey reads the text message from the dev mailbox');
  const { customer } = await signedInCustomer(page);
  const main = page.getByRole('main');
  // A real-looking UK mobile number, unique per run; the gb store saves it in E.164.
  const digits = String(randomInt(0, 100_000)).padStart(5, '0');
  const typed = `07911 1${digits}`;
  const saved = `+4479111${digits}`;

  await page.goto('/gb/account#/update-phone');
  await waitForPageView(page);
  await expect(main.getByRole('heading', { level: 2, name: t('account.nav.update-phone') })).toBeVisible();
  await expect(main.getByText(t('account.phone.none'))).toBeVisible();

  // Nothing typed: the field says so and takes focus.
  await main.getByRole('button', { name: t('account.phone.sendCode') }).click();
  const phoneField = main.getByLabel(t('account.phone.newNumber'));
  await expect(phoneField).toBeFocused();
  await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
  await expect(phoneField).toHaveAccessibleDescription(new RegExp(escapeRegExp(t('form.errors.required'))));
  // The current password is asked before anything is sent (re-authentication).
  const passwordField = main.getByLabel(t('account.fields.currentPassword'));
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
  await expect(passwordField).toHaveAttribute('autocomplete', 'current-password');

  await phoneField.fill(typed);
  await passwordField.fill(customer.password);
  await main.getByRole('button', { name: t('account.phone.sendCode') }).click();
  const codeField = main.getByLabel(t('account.phone.code'));
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  const sms = await awaitMail(request, saved, /\b\d{6}\b/);
  const code = sms.match(/\b(\d{6})\b/)![1]!;

  // A wrong code: the field says how many tries are left, and keeps focus.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await codeField.fill(wrong);
  await main.getByRole('button', { name: t('account.phone.confirm') }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveAccessibleDescription(withAnyCount('form.errors.codeWrongLeft_other'));
  await expect(codeField).toBeFocused();
  await expectNoSeriousViolations(page, 'the code step with an error');

  await codeField.fill(code);
  await main.getByRole('button', { name: t('account.phone.confirm') }).click();
  await expect(main.getByRole('status').filter({ hasText: saved })).toBeVisible();
  await expect(main.getByText(t('account.phone.current').replace('{{phone}}', saved))).toBeVisible();
  await expectNoSeriousViolations(page, 'the phone view after saving');

  await page.getByRole('navigation', { name: t('account.nav.label') }).getByRole('link', { name: t('account.nav.overview'), exact: true }).click();
  const phoneRow = main.getByRole('definition').filter({ hasText: saved });
  await expect(phoneRow).toBeVisible();
  await page.reload();
  await expect(phoneRow).toBeVisible();
});

test('a number the server refuses when saving leads back to the number, marked wrong', async ({ page, request }) => {
  test.skip(!(await hasDevMailbox(request)), 'the journey reads the text message from the dev mailbox');
  const { customer } = await signedInCustomer(page);
  const main = page.getByRole('main');
  // The drama range is texted a code, but refused as a real number.
  const digits = String(randomInt(0, 1000)).padStart(3, '0');

  await page.goto('/gb/account#/update-phone');
  await waitForPageView(page);
  const phoneField = main.getByLabel(t('account.phone.newNumber'));
  await phoneField.fill(`07700 900${digits}`);
  await main.getByLabel(t('account.fields.currentPassword')).fill(customer.password);
  await main.getByRole('button', { name: t('account.phone.sendCode') }).click();
  const sms = await awaitMail(request, `+447700900${digits}`, /\b\d{6}\b/);
  await main.getByLabel(t('account.phone.code')).fill(sms.match(/\b(\d{6})\b/)![1]!);
  await main.getByRole('button', { name: t('account.phone.confirm') }).click();
  await expect(phoneField).toBeFocused();
  await expect(phoneField).toHaveAccessibleDescription(new RegExp(escapeRegExp(t('form.errors.phoneInvalid'))));
  await expect(main.getByText(t('account.phone.none'))).toBeVisible();
});

test('a wrong password leads back to the first step, marked wrong, and the number is not changed', async ({ page, request }) => {
  test.skip(!(await hasDevMailbox(request)), 'the journey reads the text message from the dev mailbox');
  const { customer } = await signedInCustomer(page);
  const main = page.getByRole('main');
  const digits = String(randomInt(0, 100_000)).padStart(5, '0');

  await page.goto('/gb/account#/update-phone');
  await waitForPageView(page);
  await main.getByLabel(t('account.phone.newNumber')).fill(`07911 2${digits}`);
  const passwordField = main.getByLabel(t('account.fields.currentPassword'));
  await passwordField.fill(`${customer.password}-not`);
  await main.getByRole('button', { name: t('account.phone.sendCode') }).click();
  const sms = await awaitMail(request, `+4479112${digits}`, /\b\d{6}\b/);
  await main.getByLabel(t('account.phone.code')).fill(sms.match(/\b(\d{6})\b/)![1]!);
  await main.getByRole('button', { name: t('account.phone.confirm') }).click();
  await expect(passwordField).toBeFocused();
  await expect(passwordField).toHaveAccessibleDescription(new RegExp(escapeRegExp(t('form.errors.currentPasswordWrong'))));
  await expect(main.getByText(t('account.phone.none'))).toBeVisible();
});

test('the phone change asks for the password in German and fits a 390 px wide screen', async ({ page }) => {
  const de = messages('de');
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInCustomer(page);
  const main = page.getByRole('main');
  await page.goto('/de/account#/update-phone');
  await waitForPageView(page);
  const passwordField = main.getByLabel(de('account.fields.currentPassword'));
  await expect(passwordField).toBeVisible();
  await expect(passwordField).toHaveAccessibleDescription(new RegExp(escapeRegExp(de('account.phone.passwordHint'))));
  const box = await passwordField.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  // Nothing wider than the screen: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, 'the German phone step at 390 px');
});

test('a customer sets their communication preferences, which are there after a reload', async ({ page, request }) => {
  await signedInCustomer(page);
  const main = page.getByRole('main');
  const purposes = await accountPurposes(request);
  const optional = purposes.filter((p) => !p.mandatory);
  const mandatory = purposes.filter((p) => p.mandatory);
  expect(optional.length).toBeGreaterThan(1);

  await page.goto('/gb/account#/communication');
  await waitForPageView(page);
  await expect(main.getByRole('heading', { level: 2, name: t('account.nav.communication') })).toBeVisible();

  // One group per category, in the server's order.
  const categories = [...new Set(purposes.map((p) => p.category))];
  await expect(main.getByRole('group')).toHaveText(categories.map((c) => new RegExp(`^${t(`account.communication.categories.${c}`)}`)));
  // Mandatory purposes (when the account step lists any) are shown granted and cannot be changed.
  for (const purpose of mandatory) {
    const box = main.getByRole('checkbox', { name: purpose.name, exact: true });
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
    await expect(box).toHaveAccessibleDescription(new RegExp(escapeRegExp(t('account.communication.mandatory'))));
  }
  for (const purpose of optional) await expect(main.getByRole('checkbox', { name: purpose.name, exact: true })).not.toBeChecked();
  await expectNoSeriousViolations(page, '#/communication');

  // Grant the first and last optional purposes.
  const chosen = [optional[0]!, optional[optional.length - 1]!];
  for (const purpose of chosen) await main.getByRole('checkbox', { name: purpose.name, exact: true }).check();
  await main.getByRole('button', { name: t('account.communication.submit') }).click();
  await expect(main.getByRole('status').filter({ hasText: t('account.communication.saved') })).toBeVisible();

  await page.reload();
  await expect(main.getByRole('heading', { level: 2, name: t('account.nav.communication') })).toBeVisible();
  for (const purpose of optional) {
    const box = main.getByRole('checkbox', { name: purpose.name, exact: true });
    if (chosen.includes(purpose)) await expect(box).toBeChecked();
    else await expect(box).not.toBeChecked();
  }

  // Withdrawing one keeps the other.
  await main.getByRole('checkbox', { name: chosen[0]!.name, exact: true }).uncheck();
  await main.getByRole('button', { name: t('account.communication.submit') }).click();
  await expect(main.getByRole('status').filter({ hasText: t('account.communication.saved') })).toBeVisible();
  await page.reload();
  await expect(main.getByRole('checkbox', { name: chosen[0]!.name, exact: true })).not.toBeChecked();
  await expect(main.getByRole('checkbox', { name: chosen[1]!.name, exact: true })).toBeChecked();
});
