import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerCustomer } from '@ember/test-support';
import { readDataLayer, type DataLayerEntry } from './shop';

export interface Customer {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  dateOfBirth: string;
}

/**
 * A customer nobody has registered yet: a unique e-mail per call, and a password that meets the
 * default policy (length, lower and upper case, a digit, not the e-mail's local part).
 */
export function newCustomer(firstname = 'Ada'): Customer {
  const id = randomBytes(6).toString('hex');
  return {
    firstname,
    lastname: 'Lovelace',
    // A mailbox of its own: +tag aliases of one mailbox count as one person (self-referral).
    email: `e2e-${id}@example.com`,
    password: `Ember-${id}-Pw1`,
    dateOfBirth: '1990-04-12',
  };
}

/** The journeys' server, for API calls the test process makes itself (@ember/test-support). */
export function apiBase(): string {
  return test.info().project.use.baseURL ?? 'http://127.0.0.1:3100';
}

/** Registers through the account service, for journeys that are not about registering. */
export async function registerByApi(customer: Customer, store = 'gb'): Promise<string> {
  const registered = await registerCustomer(apiBase(), {
    store,
    email: customer.email,
    password: customer.password,
    firstname: customer.firstname,
    lastname: customer.lastname,
    dob: customer.dateOfBirth,
  });
  return registered.uuid;
}

/**
 * The Origin the shop's own pages send with a state change. An API call that rides the browser
 * context's session cookie must name it, as the page's fetch does: the server refuses a
 * cookie-carried change that does not prove its origin (docs/decisions/0032).
 */
export function pageOrigin(): { origin: string } {
  return { origin: new URL(apiBase()).origin };
}

/**
 * Logs the page's browser context in: `page.request` shares its cookies, so the session cookie lands
 * there. Answers the session's token, the bearer for the same customer's API calls from the test.
 */
export async function logInByApi(page: Page, customer: Customer, store = 'gb'): Promise<string> {
  const response = await page.request.post('/account/users/authentication/sessions', {
    headers: { Store: store, ...pageOrigin() },
    data: { strategy: 'email_password', strategy_data: { identifier: customer.email, password: customer.password } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A registered, logged-in customer, their uuid and their session's token. */
export async function signedInCustomer(page: Page, firstname?: string): Promise<{ customer: Customer; uuid: string; token: string }> {
  const customer = newCustomer(firstname);
  const uuid = await registerByApi(customer);
  const token = await logInByApi(page, customer);
  return { customer, uuid, token };
}

export async function pageViews(page: Page): Promise<DataLayerEntry[]> {
  return (await readDataLayer(page)).filter((e) => e.event === 'on_load');
}

/** Whether the server keeps a dev mailbox (TEST mode) the journeys can read e-mails from. */
export async function hasDevMailbox(request: APIRequestContext): Promise<boolean> {
  const response = await request.get('/dev/mailbox/messages', { params: { recipient: 'nobody@example.com' } });
  return response.ok() && (response.headers()['content-type'] ?? '').includes('application/json');
}

/** The newest e-mail to a recipient whose body matches, once it has arrived. */
export async function awaitMail(request: APIRequestContext, recipient: string, body: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const response = await request.get('/dev/mailbox/messages', { params: { recipient } });
      const { messages } = (await response.json()) as { messages: { body: string }[] };
      found = messages.find((m) => body.test(m.body))?.body ?? '';
      return found;
    }, { message: `an e-mail to ${recipient}` })
    .not.toBe('');
  return found;
}

/**
 * Verifies the signed-in customer's age with the TEST database check, for journeys that buy
 * age-restricted products but are not about verification (e2e/age-verification.spec.ts is).
 */
export async function verifyAgeByApi(page: Page, store = 'gb', country = 'GB'): Promise<void> {
  const response = await page.request.post('/age-verification/verify', { headers: { Store: store, ...pageOrigin() }, data: { method_code: 'database_check', country_code: country } });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { status: string }).status).toBe('verified');
}
