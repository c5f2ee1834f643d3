import { isErrorCode, type ErrorCode, type Profile, type UserConfiguration } from '@ember/contracts';
import { contract, restCall, type ContractSource, type RestCallOptions, type RestService } from './rest';
import type { ServerTarget } from './load-context';
import { SessionValidateContract } from './public-contracts';

/**
 * The account services (`/account/users/...`, `/profile/...`, and the one-time codes of
 * `/api/action-verifications` they rely on): the only code that calls them.
 * In the browser every call is same-origin and the session travels in the httpOnly
 * `ember_session` cookie the login sets; tokens in response bodies are never kept in script.
 * Answers are checked against the contract schemas the types come from (`./rest`).
 */

const TIMEOUT_MS = 10_000;


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

export function isAccountApiError(error: unknown, code?: ErrorCode): error is AccountApiError {
  return error instanceof AccountApiError && (code === undefined || error.code === code);
}

type CallOptions = Pick<RestCallOptions<unknown>, 'store' | 'method' | 'body' | 'server'>;

const ACCOUNT: RestService = {
  name: 'account',
  timeoutMs: () => TIMEOUT_MS,
  fail: ({ status, code, message, details, retryAfterSeconds }) =>
    new AccountApiError(
      message,
      status,
      status === 0 ? 'SERVICE_UNAVAILABLE' : isErrorCode(code) ? code : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST',
      details,
      retryAfterSeconds,
    ),
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
