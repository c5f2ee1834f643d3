import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signedInCustomer, verifyAgeByApi } from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { messages, waitForPageView } from './support/shop';

/** The account's privacy page and the profile facts an age verification binds, on a 390 px phone. */
test.use({ viewport: { width: 390, height: 844 } });

const en = messages('en');
const de = messages('de');

test('a customer gives the password before downloading their data and before deleting the account', async ({ page }) => {
  const { customer, uuid } = await signedInCustomer(page);
  await page.goto('/gb/account#/privacy');
  await waitForPageView(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: en('account.nav.privacy') })).toBeVisible();

  // The export: a wrong password is refused on the field, the right one downloads the file.
  const exportSection = main.getByRole('region', { name: en('account.privacy.exportHeading') });
  await exportSection.getByLabel(en('account.privacy.password')).fill('Not-The-Password-1');
  await exportSection.getByRole('button', { name: en('account.privacy.exportSubmit') }).click();
  await expect(exportSection.getByText(en('form.errors.currentPasswordWrong'))).toBeVisible();
  // Without the password, the server refuses the export outright.
  expect((await page.request.get('/account/users/privacy', { headers: { Store: 'gb' } })).status()).toBe(403);

  await exportSection.getByLabel(en('account.privacy.password')).fill(customer.password);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exportSection.getByRole('button', { name: en('account.privacy.exportSubmit') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('ember-account-data.json');
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { user_uuid: string; profile: { personalInfo: { email: string } }; loyalty: unknown; referral: unknown; saved_cards: unknown[] };
  expect(data.user_uuid).toBe(uuid);
  expect(data.profile.personalInfo.email).toBe(customer.email);
  expect(data).toHaveProperty('loyalty');
  expect(data).toHaveProperty('referral');
  expect(data.saved_cards).toEqual([]);
  await expect(exportSection.getByRole('status')).toHaveText(en('account.privacy.exported'));

  // Deletion: the password again, then the account is gone and the session with it.
  const deleteSection = main.getByRole('region', { name: en('account.privacy.deleteHeading') });
  await deleteSection.getByLabel(en('account.privacy.password')).fill(customer.password);
  await deleteSection.getByRole('button', { name: en('account.privacy.deleteSubmit') }).click();
  await expect(page).toHaveURL(/\/gb\/?$/);
  expect((await page.request.get(`/account/users/${uuid}/profile`, { headers: { Store: 'gb' } })).status()).toBe(401);
  const login = await page.request.post('/account/users/authentication/sessions', {
    headers: { Store: 'gb' }, data: { strategy: 'email_password', strategy_data: { identifier: customer.email, password: customer.password } },
  });
  expect(login.status()).toBe(401);
});

test('the privacy page asks for the password in German, accessibly', async ({ page }) => {
  await signedInCustomer(page);
  await page.goto('/de/account#/privacy');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: de('account.nav.privacy') })).toBeVisible();
  for (const heading of ['account.privacy.exportHeading', 'account.privacy.deleteHeading']) {
    const section = main.getByRole('region', { name: de(heading) });
    await expect(section.getByLabel(de('account.privacy.password'))).toHaveAttribute('type', 'password');
    await expect(section.getByText(de('account.privacy.passwordHint'))).toBeVisible();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, '#/privacy');
});

for (const [store, t] of [['gb', en], ['de', de]] as const) {
  test(`after the age verification the ${store} profile shows the date of birth and names read-only with the reason`, async ({ page }) => {
    await signedInCustomer(page);
    await verifyAgeByApi(page);
    await page.goto(`/${store}/account#/update-personal-details`);
    const main = page.getByRole('main');
    const dob = main.getByLabel(t('account.fields.dateOfBirth'));
    await expect(dob).toHaveAttribute('readonly', '');
    await expect(dob).toHaveAccessibleDescription(t('account.details.dobLockedHint'));
    await expect(main.getByLabel(t('account.fields.lastname'))).toHaveAttribute('readonly', '');
    await expect(main.getByLabel(t('account.fields.lastname'))).toHaveAccessibleDescription(t('account.details.nameLockedHint'));
    // The rest of the form still saves.
    await main.getByRole('button', { name: t('account.details.submit') }).click();
    await expect(main.getByRole('status')).toHaveText(t('account.details.saved'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}
