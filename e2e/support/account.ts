import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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

/** Registers through the account service, for journeys that are not about registering. */
export async function registerByApi(request: APIRequestContext, customer: Customer, store = 'gb'): Promise<string> {
  const response = await request.post('/account/users/register', {
    headers: { Store: store },
    data: {
      // Registration requires accepting the store's current terms and privacy policy.
      terms_accepted: true,
      firstname: customer.firstname,
      lastname: customer.lastname,
      date_of_birth: customer.dateOfBirth,
      strategy: 'email_password',
      strategy_data: { identifier: customer.email, password: customer.password },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { user_uuid: string }).user_uuid;
}

/**
 * The Origin the shop's own pages send with a state change. An API call that rides the browser
 * context's session cookie must name it, as the page's fetch does: the server refuses a
 * cookie-carried change that does not prove its origin (docs/decisions/0032).
 */
export function pageOrigin(): { origin: string } {
  return { origin: new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:3100').origin };
}

/** Logs the page's browser context in: `page.request` shares its cookies, so the session cookie lands there. */
export async function logInByApi(page: Page, customer: Customer, store = 'gb'): Promise<void> {
  const response = await page.request.post('/account/users/authentication/sessions', {
    headers: { Store: store, ...pageOrigin() },
    data: { strategy: 'email_password', strategy_data: { identifier: customer.email, password: customer.password } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A registered, logged-in customer and their uuid. */
export async function signedInCustomer(page: Page, firstname?: string): Promise<{ customer: Customer; uuid: string }> {
  const customer = newCustomer(firstname);
  const uuid = await registerByApi(page.request, customer);
  await logInByApi(page, customer);
  return { customer, uuid };
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
