import { randomUUID } from 'node:crypto';
import { restCall, type Target } from './client.js';

/** The password every factory customer gets unless told otherwise; it meets the default policy. */
export const PASSWORD = 'Test-Pass-2026';

export interface TestCustomer {
  uuid: string;
  /** The login's token: REST bearer and commerce GraphQL bearer. */
  token: string;
  email: string;
  password: string;
}

export interface CustomerOptions {
  /** Store view the customer registers and logs in at; gb by default. */
  store?: string;
  /** Date of birth (YYYY-MM-DD); an adult's by default. */
  dob?: string;
  /** The e-mail; by default a fresh mailbox of its own (`<emailPrefix>-<random>@example.com`). */
  email?: string;
  emailPrefix?: string;
  firstname?: string;
  lastname?: string;
  password?: string;
  /** Which account API registers: `/account/users` (default) or the first family's `/account-legacy`. */
  family?: 'account' | 'legacy';
  /** More registration fields (`parent_code`, `phone`, ...), sent as they are. */
  extra?: Record<string, unknown>;
}

export interface RegisteredCustomer {
  uuid: string;
  email: string;
  password: string;
}

/**
 * Registers a customer through the real account API, with the terms accepted. Each gets a mailbox of
 * its own by default: +tag aliases of one mailbox count as one person (self-referral).
 */
export async function registerCustomer(target: Target, opts: CustomerOptions = {}): Promise<RegisteredCustomer> {
  const store = opts.store ?? 'gb';
  const email = opts.email ?? `${opts.emailPrefix ?? 'customer'}-${randomUUID().slice(0, 8)}@example.com`;
  const password = opts.password ?? PASSWORD;
  const firstname = opts.firstname ?? 'Tess';
  const lastname = opts.lastname ?? 'Tester';
  const dob = opts.dob ?? '1988-03-03';
  const reg =
    opts.family === 'legacy'
      ? await restCall(target, 'POST', '/account-legacy/register', { terms_accepted: true, firstname, lastname, dob, email, password, ...opts.extra }, { store })
      : await restCall(target, 'POST', '/account/users/register', {
          terms_accepted: true, firstname, lastname, date_of_birth: dob,
          strategy: 'email_password', strategy_data: { identifier: email, password }, ...opts.extra,
        }, { store });
  if (reg.status !== 201) throw new Error(`registration failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  return { uuid: opts.family === 'legacy' ? reg.body.uuid : reg.body.user_uuid, email, password };
}

/** A registered, logged-in customer through the real account API (register, then log in). */
export async function createCustomer(target: Target, opts: CustomerOptions = {}): Promise<TestCustomer> {
  const c = await registerCustomer(target, opts);
  return { ...c, token: await login(target, c.email, c.password, { store: opts.store, family: opts.family }) };
}

/** Logs a customer in through the account API and answers the session token. */
export async function login(
  target: Target, email: string, password = PASSWORD, opts: { store?: string; family?: 'account' | 'legacy' } = {},
): Promise<string> {
  const store = opts.store ?? 'gb';
  const res =
    opts.family === 'legacy'
      ? await restCall(target, 'POST', '/account-legacy/login', { email, password }, { store })
      : await restCall(target, 'POST', '/account/users/authentication/sessions', { strategy: 'email_password', strategy_data: { identifier: email, password } }, { store });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return opts.family === 'legacy' ? res.body.session_token : res.body.token;
}
