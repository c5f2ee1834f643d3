import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  awaitMail, hasDevMailbox, newCustomer, pageViews, registerByApi, signedInCustomer, type Customer,
} from './support/account';
import { expectNoSeriousViolations } from './support/axe';
import { acceptTerms } from './support/legal';
import { messages, storeFacts, waitForPageView } from './support/shop';

const t = messages('en');

function header(page: Page) {
  return page.getByRole('banner');
}

function accountNav(page: Page) {
  return page.getByRole('navigation', { name: t('account.nav.label') });
}

async function logIn(page: Page, email: string, password: string) {
  const main = page.getByRole('main');
  const emailField = main.getByLabel(t('account.fields.email'));
  const passwordField = main.getByLabel(t('account.fields.password'), { exact: true });
  await emailField.fill(email);
  await passwordField.fill(password);
  // A form that re-renders while hydrating can drop typed values: submit only what is really there.
  await expect(emailField).toHaveValue(email);
  await expect(passwordField).toHaveValue(password);
  await main.getByRole('button', { name: t('login.submit') }).click();
}

/** The six-digit code of the newest e-mail to a recipient, from the dev mailbox. */
async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  const mail = await awaitMail(request, email, /\b\d{6}\b/);
  return mail.match(/\b(\d{6})\b/)![1]!;
}

async function registerInBrowser(page: Page, customer: Customer) {
  const main = page.getByRole('main');
  await page.goto('/gb/register');
  await waitForPageView(page);
  await main.getByLabel(t('account.fields.firstname')).fill(customer.firstname);
  await main.getByLabel(t('account.fields.lastname')).fill(customer.lastname);
  await main.getByLabel(t('account.fields.email')).fill(customer.email);
  await main.getByLabel(t('account.fields.password'), { exact: true }).fill(customer.password);
  await main.getByLabel(t('account.fields.dateOfBirth')).fill(customer.dateOfBirth);
  await acceptTerms(main);
  await main.getByRole('button', { name: t('register.submit') }).click();
  await expect(page.getByRole('heading', { level: 2, name: t('register.confirm.title') })).toBeFocused();
}

async function addAddress(page: Page, street: string, postcode: string, city: string) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: t('account.addresses.add') }).click();
  const form = main.getByRole('form', { name: t('account.addresses.addHeading') });
  await expect(form.getByLabel(t('account.fields.firstname'))).not.toHaveValue('');
  await form.getByLabel(t('account.fields.street1')).fill(street);
  await form.getByLabel(t('account.fields.postcode')).fill(postcode);
  await form.getByLabel(t('account.fields.city')).fill(city);
  await form.getByRole('button', { name: t('account.addresses.save') }).click();
  await expect(main.getByRole('status').filter({ hasText: t('account.addresses.saved') })).toBeVisible();
  return main.getByRole('listitem').filter({ hasText: street });
}

test('a customer registers, logs in, edits their details and addresses, changes the password and logs in with it', async ({ page, request }) => {
  test.skip(!(await hasDevMailbox(request)), 'the journey reads the registration code from the dev mailbox');
  const customer = newCustomer('Grace');
  const main = page.getByRole('main');

  // Registration, with the password rules ticked while typing
  await page.goto('/gb/register');
  await waitForPageView(page);
  await main.getByLabel(t('account.fields.firstname')).fill(customer.firstname);
  await main.getByLabel(t('account.fields.lastname')).fill(customer.lastname);
  await main.getByLabel(t('account.fields.email')).fill(customer.email);
  const lengthRule = main.getByRole('listitem').filter({ hasText: 'at least 8 characters' });
  await expect(lengthRule).toContainText(t('password.notMet'));
  await main.getByLabel(t('account.fields.password'), { exact: true }).pressSequentially('short');
  await expect(lengthRule).toContainText(t('password.notMet'));
  await main.getByLabel(t('account.fields.password'), { exact: true }).fill(customer.password);
  await expect(lengthRule).toContainText(t('password.met'));
  await expect(main.getByRole('status').filter({ hasText: t('password.allMet') })).toBeAttached();
  await main.getByLabel(t('account.fields.dateOfBirth')).fill(customer.dateOfBirth);
  await acceptTerms(main);
  await main.getByRole('button', { name: t('register.submit') }).click();

  // Confirm the address with the code from the e-mail
  await expect(page.getByRole('heading', { level: 2, name: t('register.confirm.title') })).toBeFocused();
  await main.getByLabel(t('register.confirm.code')).fill(await mailedCode(request, customer.email));
  await main.getByRole('button', { name: t('register.confirm.submit') }).click();

  // Log in
  await expect(page).toHaveURL(/\/gb\/login$/);
  await expect(main.getByRole('status')).toHaveText(t('login.notice.registered-confirmed'));
  await expect(main.getByLabel(t('account.fields.email'))).toHaveValue(customer.email);
  await main.getByLabel(t('account.fields.password'), { exact: true }).fill(customer.password);
  await main.getByRole('button', { name: t('login.submit') }).click();

  await expect(page).toHaveURL(/\/gb\/account#\/account$/);
  await expect(page.getByRole('heading', { level: 2, name: t('account.overview.title') })).toBeVisible();
  await expect(main.getByText(`${customer.firstname} ${customer.lastname}`)).toBeVisible();
  await expect(main.getByText(customer.email)).toBeVisible();
  await expect(header(page).getByRole('link', { name: new RegExp(customer.firstname) })).toBeVisible();
  await expect(header(page).getByRole('button', { name: t('header.logOut') })).toBeVisible();

  // Personal details
  await accountNav(page).getByRole('link', { name: t('account.nav.personal-details') }).click();
  await expect(page).toHaveURL(/#\/update-personal-details$/);
  await expect(page.getByRole('heading', { level: 2, name: t('account.nav.personal-details') })).toBeFocused();
  await main.getByLabel(t('account.fields.firstname')).fill('Augusta');
  await main.getByLabel(t('account.fields.gender')).selectOption('female');
  await main.getByRole('button', { name: t('account.details.submit') }).click();
  await expect(main.getByRole('status').filter({ hasText: t('account.details.saved') })).toBeVisible();
  await expect(header(page).getByRole('link', { name: /Augusta/ })).toBeVisible();

  // Two addresses, one the default for billing, the other for delivery
  await accountNav(page).getByRole('link', { name: t('account.nav.addresses') }).click();
  await expect(main.getByText(t('account.addresses.empty'))).toBeVisible();
  const home = await addAddress(page, '1 Analytical Row', 'SW1A 1AA', 'London');
  const office = await addAddress(page, '12 Engine Street', 'M1 1AE', 'Manchester');
  await home.getByRole('button', { name: new RegExp(t('account.addresses.makeDefaultBilling')) }).click();
  await expect(home.getByText(t('account.addresses.defaultBilling'))).toBeVisible();
  await office.getByRole('button', { name: new RegExp(t('account.addresses.makeDefaultShipping')) }).click();
  await expect(office.getByText(t('account.addresses.defaultShipping'))).toBeVisible();
  await expect(home.getByText(t('account.addresses.defaultShipping'))).toHaveCount(0);
  await expect(office.getByText(t('account.addresses.defaultBilling'))).toHaveCount(0);
  // The defaults are the server's, not just the page's
  await page.reload();
  await expect(home.getByText(t('account.addresses.defaultBilling'))).toBeVisible();
  await expect(office.getByText(t('account.addresses.defaultShipping'))).toBeVisible();

  // Change the password
  const newPassword = `${customer.password}-New2`;
  await accountNav(page).getByRole('link', { name: t('account.nav.change-password') }).click();
  await main.getByLabel(t('account.fields.currentPassword')).fill(customer.password);
  await main.getByLabel(t('account.fields.newPassword'), { exact: true }).fill(newPassword);
  await main.getByLabel(t('account.fields.confirmPassword')).fill(newPassword);
  await main.getByRole('button', { name: t('account.password.submit') }).click();
  await expect(main.getByRole('status').filter({ hasText: t('account.password.changed') })).toBeVisible();

  // Log out, then the old password no longer works and the new one does
  await header(page).getByRole('button', { name: t('header.logOut') }).click();
  await expect(page).toHaveURL(/\/gb\/$/);
  await expect(header(page).getByRole('link', { name: t('header.logIn') })).toBeVisible();

  await header(page).getByRole('link', { name: t('header.logIn') }).click();
  await expect(page).toHaveURL(/\/gb\/login$/);
  await logIn(page, customer.email, customer.password);
  await expect(main.getByRole('alert')).toHaveText(t('login.errors.credentials'));
  await logIn(page, customer.email, newPassword);
  await expect(page).toHaveURL(/\/gb\/account#\/account$/);
  await expect(main.getByText('Augusta Lovelace')).toBeVisible();
});

test('an anonymous visitor’s pages never ask who is signed in; a customer’s do, until the server no longer knows the session (decision 0055)', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/sessions/validate')) asked.push(r.url());
  });
  const visit = async (path: string) => {
    await page.goto(path);
    await waitForPageView(page);
  };
  await visit('/gb/p/ember-one');
  await expect(header(page).getByRole('link', { name: t('header.logIn') })).toBeVisible();
  await visit('/gb/shop');
  expect(asked).toEqual([]);

  const { customer } = await signedInCustomer(page, 'Hinted');
  await visit('/gb/p/ember-one');
  await expect(header(page).getByRole('link', { name: new RegExp(customer.firstname) })).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);

  // The session cookie goes (ended elsewhere, expired): the page asks once, then drops the hint and asks no more.
  await page.context().clearCookies({ name: 'ember_session' });
  await visit('/gb/shop');
  await expect(header(page).getByRole('link', { name: t('header.logIn') })).toBeVisible();
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'ember_signed_in')).toBe(false);
  const before = asked.length;
  await visit('/gb/p/ember-one');
  await expect(header(page).getByRole('link', { name: t('header.logIn') })).toBeVisible();
  expect(asked.length).toBe(before);
});

test('a wrong password is refused with a message that takes focus, and the e-mail stays', async ({ page }) => {
  const customer = newCustomer();
  await registerByApi(customer);
  await page.goto('/gb/login');
  await waitForPageView(page);

  await logIn(page, customer.email, `${customer.password}-wrong`);
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toHaveText(t('login.errors.credentials'));
  await expect(alert).toBeFocused();
  await expect(page.getByRole('main').getByLabel(t('account.fields.email'))).toHaveValue(customer.email);
  await expect(page).toHaveURL(/\/gb\/login$/);
});

test('a wrong confirmation code says how many tries are left, and the step can be skipped', async ({ page }) => {
  const customer = newCustomer();
  await registerInBrowser(page, customer);
  const main = page.getByRole('main');
  const code = main.getByLabel(t('register.confirm.code'));
  await code.fill('000000');
  await main.getByRole('button', { name: t('register.confirm.submit') }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  // Five tries in all (verification module): one spent
  await expect(code).toHaveAccessibleDescription(new RegExp(t('form.errors.codeWrongLeft_other').replace('{{count}}', '4')));
  await expect(code).toBeFocused();

  await main.getByRole('link', { name: t('register.confirm.skip') }).click();
  await expect(page).toHaveURL(/\/gb\/login$/);
  await expect(main.getByRole('status')).toHaveText(t('login.notice.registered'));
  await expect(main.getByLabel(t('account.fields.email'))).toHaveValue(customer.email);
});

test('registering with an e-mail that already has an account shows the same next step as a new one, and mails the owner', async ({ page, request }) => {
  const owner = newCustomer();
  await registerByApi(owner);
  // An address gets one message per 30 seconds: wait that out, so the page answers as it would hours later.
  test.setTimeout(90_000);
  await page.waitForTimeout(31_000);
  await registerInBrowser(page, { ...newCustomer(), email: owner.email });
  const main = page.getByRole('main');
  await expect(main.getByRole('status').filter({ hasText: t('register.created') })).toBeVisible();
  await expect(main.getByText(t('register.confirm.lead').replace('{{email}}', owner.email))).toBeVisible();
  const code = main.getByLabel(t('register.confirm.code'));
  await code.fill('000000');
  await main.getByRole('button', { name: t('register.confirm.submit') }).click();
  await expect(code).toHaveAccessibleDescription(new RegExp(t('form.errors.codeWrongLeft_other').replace('{{count}}', '4')));
  // The owner learns of it by e-mail, with the way to sign in or reset the password.
  await awaitMail(request, owner.email, /already has an account/);
});

test('registration refuses a customer under 18 before asking the server', async ({ page }) => {
  const main = page.getByRole('main');
  await page.goto('/gb/register');
  await waitForPageView(page);
  const customer = newCustomer();
  await main.getByLabel(t('account.fields.firstname')).fill(customer.firstname);
  await main.getByLabel(t('account.fields.lastname')).fill(customer.lastname);
  await main.getByLabel(t('account.fields.email')).fill(customer.email);
  await main.getByLabel(t('account.fields.password'), { exact: true }).fill(customer.password);
  const teenager = `${new Date().getUTCFullYear() - 16}-06-15`;
  await main.getByLabel(t('account.fields.dateOfBirth')).fill(teenager);
  await acceptTerms(main);
  const registrations: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/account/users/register')) registrations.push(r.url()); });
  await main.getByRole('button', { name: t('register.submit') }).click();
  const dob = main.getByLabel(t('account.fields.dateOfBirth'));
  await expect(dob).toBeFocused();
  await expect(dob).toHaveAccessibleDescription(new RegExp(t('form.errors.underage')));
  expect(registrations).toEqual([]);
});

test('an empty login form names the missing fields and focuses the first', async ({ page }) => {
  await page.goto('/gb/login');
  await waitForPageView(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: t('login.submit') }).click();
  const email = main.getByLabel(t('account.fields.email'));
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(new RegExp(t('form.errors.required')));
});

test('the account logged out leads to the login page, and back to the same view after logging in', async ({ page }) => {
  const customer = newCustomer();
  await registerByApi(customer);

  await page.goto('/gb/account#/address');
  await expect(page).toHaveURL(/\/gb\/login\?returnTo=%2Fgb%2Faccount%23%2Faddress$/);
  await expect(page.getByRole('heading', { level: 1, name: t('login.title') })).toBeVisible();

  await logIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/gb\/account#\/address$/);
  await expect(page.getByRole('heading', { level: 2, name: t('account.nav.addresses') })).toBeVisible();
});

test('a returnTo pointing at another site is ignored', async ({ page }) => {
  const customer = newCustomer();
  await registerByApi(customer);
  await page.goto('/gb/login?returnTo=%2F%2Fevil.example%2Fphish');
  await waitForPageView(page);
  await logIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/gb\/account#\/account$/);
});

const hashRoutes: { link: string; hash: string; pageName: string }[] = [
  { link: 'account.nav.personal-details', hash: '#/update-personal-details', pageName: 'account-information' },
  { link: 'account.nav.addresses', hash: '#/address', pageName: 'my-addresses' },
  { link: 'account.nav.change-password', hash: '#/change-password', pageName: 'other' },
  { link: 'account.nav.update-phone', hash: '#/update-phone', pageName: 'other' },
  { link: 'account.nav.communication', hash: '#/communication', pageName: 'communication-preferences' },
  { link: 'account.nav.payments', hash: '#/payments', pageName: 'other' },
  { link: 'account.nav.orders', hash: '#/orders', pageName: 'my-orders' },
  { link: 'account.nav.devices', hash: '#/devices', pageName: 'my-devices' },
  { link: 'account.nav.subscription', hash: '#/subscription', pageName: 'my-subscription' },
  { link: 'account.nav.age-verification', hash: '#/age-verification', pageName: 'hard-age-verification' },
  { link: 'account.nav.privacy', hash: '#/privacy', pageName: 'other' },
  { link: 'account.nav.overview', hash: '#/account', pageName: 'account-page' },
];

test('each hash route of the account reports its page name with the customer as user', async ({ page, request }) => {
  const store = await storeFacts(request, 'gb');
  const { uuid } = await signedInCustomer(page);

  await page.goto('/gb/account#/account');
  const first = await waitForPageView(page);
  expect(first).toEqual({
    event: 'on_load',
    section: 'account',
    template_name: 'account-page',
    user_id: uuid,
    user_country: store.default_country,
    user_language: store.language,
    // A new member: no points yet, the first tier, joined without a referral code.
    user_points_balance: 0,
    user_membership: 'Bronze',
    referee: 'no',
  });

  let count = 1;
  for (const route of hashRoutes) {
    await accountNav(page).getByRole('link', { name: t(route.link), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${route.hash.replace('/', '\\/')}$`));
    const view = await waitForPageView(page, ++count);
    expect(view, route.hash).toMatchObject({ template_name: route.pageName, user_id: uuid });
  }

  // Empty, #/ and #/login are not new page views; the next real route is exactly one more.
  for (const hash of ['', '#/', '#/login']) {
    await page.evaluate((h) => { window.location.hash = h; }, hash);
    await expect(page.getByRole('heading', { level: 2, name: t('account.overview.title') })).toBeVisible();
  }
  await accountNav(page).getByRole('link', { name: t('account.nav.orders') }).click();
  const next = await waitForPageView(page, count + 1);
  expect(next.template_name).toBe('my-orders');
  expect(await pageViews(page)).toHaveLength(count + 1);
});

test('a direct visit to a hash route reports that route, and pages outside the account carry the user too', async ({ page }) => {
  const { uuid } = await signedInCustomer(page);
  await page.goto('/gb/account#/address');
  expect(await waitForPageView(page)).toMatchObject({ template_name: 'my-addresses', user_id: uuid });

  await page.goto('/gb/faq');
  expect(await waitForPageView(page)).toMatchObject({ template_name: 'faq-page', user_id: uuid });
});

test('the account pages speak German in the German store', async ({ page }) => {
  const de = messages('de');
  await signedInCustomer(page);
  await page.goto('/de/account#/address');
  await expect(page.getByRole('heading', { level: 1, name: de('account.title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: de('account.nav.addresses') })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: de('header.logOut') })).toBeVisible();
});

test('the sign-in pages and the account hydrate without errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  for (const path of ['/gb/login', '/de/register', '/gb/forgot-password', '/gb/reset-password?token=abcdefghijklmnopqrstuvwxyz']) {
    await page.goto(path);
    await waitForPageView(page);
  }
  await signedInCustomer(page);
  await page.goto('/ch/account#/address');
  await waitForPageView(page);
  await expect(page.getByRole('heading', { level: 2, name: messages('de')('account.nav.addresses') })).toBeVisible();
  expect(problems).toEqual([]);
});

for (const path of ['/gb/login', '/gb/register', '/gb/forgot-password', '/de/register']) {
  test(`${path} has no serious or critical accessibility violations, also with errors showing`, async ({ page }) => {
    await page.goto(path);
    await waitForPageView(page);
    await expectNoSeriousViolations(page);
    await page.getByRole('main').getByRole('button', { name: /./ }).first().click();
    await expect(page.getByRole('main').locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('the account views have no serious or critical accessibility violations', async ({ page }) => {
  await signedInCustomer(page);
  await page.goto('/gb/account#/account');
  await waitForPageView(page);
  await expectNoSeriousViolations(page, '#/account');
  const views = [
    ['#/update-personal-details', 'account.nav.personal-details'],
    ['#/address', 'account.nav.addresses'],
    ['#/change-password', 'account.nav.change-password'],
    ['#/orders', 'account.nav.orders'],
  ] as const;
  for (const [hash, heading] of views) {
    await page.evaluate((h) => { window.location.hash = h; }, hash);
    await expect(page.getByRole('heading', { level: 2, name: t(heading) })).toBeFocused();
    if (hash === '#/address') {
      await page.getByRole('main').getByRole('button', { name: t('account.addresses.add') }).click();
      await expect(page.getByRole('main').getByRole('form')).toBeVisible();
    }
    await expectNoSeriousViolations(page, hash);
  }
});

test('a forgotten password is reset with the e-mailed link', async ({ page, request }) => {
  test.skip(!(await hasDevMailbox(request)), 'this server keeps no dev mailbox');
  const customer: Customer = newCustomer();
  await registerByApi(customer);
  const main = page.getByRole('main');

  await page.goto('/gb/login');
  await waitForPageView(page);
  await main.getByRole('link', { name: t('login.forgotPassword') }).click();
  // The client-side navigation reports its page view once the new form is in place.
  await expect(page).toHaveURL(/\/gb\/forgot-password$/);
  await waitForPageView(page, 2);
  await main.getByLabel(t('account.fields.email')).fill(customer.email);
  await expect(main.getByLabel(t('account.fields.email'))).toHaveValue(customer.email);
  await main.getByRole('button', { name: t('forgotPassword.submit') }).click();
  await expect(main.getByRole('status')).toContainText(t('forgotPassword.sent'));

  const mail = await awaitMail(request, customer.email, /reset-password\?token=/);
  const link = mail.match(/https?:\/\/\S+\/gb\/reset-password\?token=[\w-]+/)?.[0];
  expect(link, mail).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await waitForPageView(page);
  const newPassword = `${customer.password}-Reset3`;
  await main.getByLabel(t('account.fields.newPassword'), { exact: true }).fill(newPassword);
  await main.getByLabel(t('account.fields.confirmPassword')).fill(newPassword);
  await main.getByRole('button', { name: t('resetPassword.submit') }).click();

  await expect(page).toHaveURL(/\/gb\/login$/);
  await expect(main.getByRole('status')).toHaveText(t('login.notice.password-reset'));
  await logIn(page, customer.email, newPassword);
  await expect(page).toHaveURL(/\/gb\/account#\/account$/);
});

test('a reset link that is not valid says so and offers a new one', async ({ page }) => {
  await page.goto('/gb/reset-password?token=not-a-real-token-but-long-enough');
  await waitForPageView(page);
  const main = page.getByRole('main');
  await main.getByLabel(t('account.fields.newPassword'), { exact: true }).fill('Valid-Passw0rd');
  await main.getByLabel(t('account.fields.confirmPassword')).fill('Valid-Passw0rd');
  await main.getByRole('button', { name: t('resetPassword.submit') }).click();
  await expect(main.getByRole('alert')).toContainText(t('resetPassword.expired'));
  await expect(main.getByRole('link', { name: t('resetPassword.requestNew') })).toBeVisible();
});
