import { DEFAULT_REQUEST_TIMEOUT_MS, type ErrorCode, type Profile, type UserConfiguration } from '@ember/contracts';
import { contract, restCall, type ContractSource, type RestCallOptions, type RestService } from './rest';
import type { ServerTarget } from './load-context';
import { SessionValidateContract } from './public-contracts';
import { reportFailure } from './client';
import { i18nFor } from '../../i18n/i18n';
import { errorCodeOf } from './error-code';

/**
 * The account services (`/account/users/...`, `/profile/...`, and the one-time codes of
 * `/api/action-verifications` they rely on): the only code that calls them.
 * In the browser every call is same-origin and the session travels in the httpOnly
 * `ember_session` cookie the login sets; tokens in response bodies are never kept in script.
 * Answers are checked against the contract schemas the types come from (`./rest`).
 */



/** A failed account call: the server's error code, or SERVICE_UNAVAILABLE when it was not reached. */
export class AccountApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode,
    readonly details?: unknown,
    /** Seconds from Retry-After on RATE_LIMITED answers. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AccountApiError';
  }
}

/**
 * The account service could not be reached or failed (spec §8's connection error): its message is
 * the translated fallback, in the document's language, never the server's words; it is reported.
 */
export class AccountConnectionError extends AccountApiError {
  override name = 'AccountConnectionError';
}

/** Whether an error is an account error (spec §8): the account client's, or anything with an `error_code` field. */
export function isAccountError(error: unknown): boolean {
  return error instanceof AccountApiError || typeof (error as { error_code?: unknown } | null)?.error_code === 'string';
}

export function isAccountApiError(error: unknown, code?: ErrorCode): error is AccountApiError {
  return error instanceof AccountApiError && (code === undefined || error.code === code);
}

type CallOptions = Pick<RestCallOptions<unknown>, 'store' | 'method' | 'body' | 'server'>;

const ACCOUNT: RestService = {
  name: 'account',
  timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS,
  fail: ({ status, code, message, details, retryAfterSeconds }) => {
    const known = errorCodeOf(code);
    // Not reached, or failed itself (5xx): the connection error, with the translated fallback, reported.
    return status === 0 || status >= 500
      ? reportFailure(new AccountConnectionError(i18nFor(globalThis.document?.documentElement.lang).t('account.errors.unavailable'), status, known ?? (status ? 'INTERNAL' : 'SERVICE_UNAVAILABLE'), undefined, retryAfterSeconds))
      : new AccountApiError(message, status, known ?? 'BAD_REQUEST', details, retryAfterSeconds);
  },
};

/** Calls an account-side service; the answer is checked against `schema` when one is given. */
export function call<T>(path: string, options: CallOptions & { schema?: ContractSource<T> }): Promise<T> {
  return restCall(ACCOUNT, path, options);
}

export const users = (uuid: string) => `/account/users/${encodeURIComponent(uuid)}`;

// Configuration

/** Password rules and sign-in strategies; public, so server-side loaders may read it too. */
export function fetchUserConfiguration(store: string, server?: ServerTarget): Promise<UserConfiguration> {
  return call('/account/users/configuration', { store, server, schema: contract('UserConfigurationSchema') });
}

// Sessions

/** The uuid of the customer the session cookie belongs to, or null without a live session. */
export async function validateSession(store: string): Promise<string | null> {
  const result = await call('/account/users/authentication/sessions/validate', {
    store,
    method: 'POST',
    body: {},
    schema: SessionValidateContract,
  });
  return result.valid && result.user_uuid ? result.user_uuid : null;
}

/** The session's customer and whether a consent they gave must be renewed (spec §3 session user). */
export async function validateSessionDetails(store: string): Promise<{ uuid: string; consentRenewalRequired: boolean; isDeviceRegistered: boolean } | null> {
  const result = await call('/account/users/authentication/sessions/validate', {
    store,
    method: 'POST',
    body: {},
    schema: SessionValidateContract,
  });
  return result.valid && result.user_uuid
    ? { uuid: result.user_uuid, consentRenewalRequired: result.consent_renewal_required === true, isDeviceRegistered: result.is_device_registered === true }
    : null;
}

export function logOut(store: string): Promise<void> {
  return call('/account/users/authentication/sessions', { store, method: 'DELETE' });
}

// Profile

export function fetchProfile(store: string, uuid: string): Promise<Profile> {
  return call(`${users(uuid)}/profile`, { store, schema: contract('ProfileSchema') });
}
