import {
  isErrorCode,
  type Address, type AddressInput, type ErrorBody, type ErrorCode, type LoginResponse, type Profile,
  type ProfileUpdate, type RegisterRequest, type RegisterResponseSchema, type UserConfiguration,
} from '@ember/contracts';

/**
 * The account services (`/account/users/...`, `/profile/...`, and the one-time codes of
 * `/api/action-verifications` they rely on): the only code that calls them.
 * In the browser every call is same-origin and the session travels in the httpOnly
 * `ember_session` cookie the login sets; tokens in response bodies are never kept in script.
 * Responses are not re-validated here: the server serialises them through the same contract
 * schemas the types come from.
 */

const TIMEOUT_MS = 10_000;

export type RegisterResponse = ReturnType<typeof RegisterResponseSchema.parse>;

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

interface CallOptions {
  /** Store view code, sent as the `Store` header like GraphQL calls. */
  store: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Absolute origin for server-side calls; empty in the browser (same origin). */
  baseUrl?: string;
}

export async function call<T>(path: string, { store, method = 'GET', body, baseUrl = '' }: CallOptions): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (store) headers.store = store;
  // Only with a body: Fastify refuses an empty body declared as JSON.
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new AccountApiError('The account service could not be reached', 0, 'SERVICE_UNAVAILABLE');
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toError(response, payload);
  return payload as T;
}

function toError(response: Response, payload: unknown): AccountApiError {
  const error = (payload as Partial<ErrorBody> | undefined)?.error;
  const code: ErrorCode = isErrorCode(error?.code) ? error.code : response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  const retryAfter = Number(response.headers.get('retry-after'));
  return new AccountApiError(
    error?.message ?? `The account service answered ${response.status}`,
    response.status,
    code,
    error?.details,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

const users = (uuid: string) => `/account/users/${encodeURIComponent(uuid)}`;

// Configuration and registration

/** Password rules and sign-in strategies; public, so server-side loaders may read it too. */
export function fetchUserConfiguration(store: string, baseUrl?: string): Promise<UserConfiguration> {
  return call('/account/users/configuration', { store, baseUrl });
}

/** Creates the account; the answer names the code e-mailed to confirm the address, unless sending it was throttled. */
export function registerCustomer(store: string, request: RegisterRequest): Promise<RegisterResponse> {
  return call('/account/users/register', { store, method: 'POST', body: request });
}

/** Checks a one-time code. VERIFICATION_CODE_INVALID (with remaining attempts), _EXPIRED or _LOCKED otherwise. */
export function verifyCode(store: string, verificationUuid: string, code: string): Promise<{ uuid: string; status: string }> {
  return call(`/api/action-verifications/items/${encodeURIComponent(verificationUuid)}/verify`, { store, method: 'PATCH', body: { code } });
}

export interface VerificationItem {
  uuid: string;
  status: string;
  channel: string;
  expires_at: string;
}

/** Texts a one-time code to a phone number, as typed; the server normalises it with the store's country. */
export function requestPhoneCode(store: string, phone: string): Promise<VerificationItem> {
  return call('/api/action-verifications/items', { store, method: 'POST', body: { channel: 'sms', identifier: phone } });
}

/** E-mails a new registration code to the address waiting for confirmation; earlier codes stop working. RATE_LIMITED carries Retry-After. */
export function resendRegistrationCode(store: string, userUuid: string): Promise<{ email_verification_uuid: string; expires_at: string }> {
  return call('/account/users/register/resend-email-code', { store, method: 'POST', body: { user_uuid: userUuid } });
}

/** Confirms a new customer's e-mail address with the verified registration code. */
export function confirmRegistrationEmail(store: string, userUuid: string, verificationUuid: string): Promise<void> {
  return call('/account/users/register/verify-email', {
    store,
    method: 'POST',
    body: { user_uuid: userUuid, verification_uuid: verificationUuid },
  });
}

// Sessions

/** Opens a session; the server sets the session cookie. UNAUTHORISED for wrong credentials. */
export function logIn(store: string, email: string, password: string): Promise<LoginResponse> {
  return call('/account/users/authentication/sessions', {
    store,
    method: 'POST',
    body: { strategy: 'email_password', strategy_data: { identifier: email, password } },
  });
}

/** The uuid of the customer the session cookie belongs to, or null without a live session. */
export async function validateSession(store: string): Promise<string | null> {
  const result = await call<{ valid: boolean; user_uuid?: string }>('/account/users/authentication/sessions/validate', {
    store,
    method: 'POST',
    body: {},
  });
  return result.valid && result.user_uuid ? result.user_uuid : null;
}

/** The session's customer and whether a consent they gave must be renewed (spec §3 session user). */
export async function validateSessionDetails(store: string): Promise<{ uuid: string; consentRenewalRequired: boolean } | null> {
  const result = await call<{ valid: boolean; user_uuid?: string; consent_renewal_required?: boolean }>('/account/users/authentication/sessions/validate', {
    store,
    method: 'POST',
    body: {},
  });
  return result.valid && result.user_uuid ? { uuid: result.user_uuid, consentRenewalRequired: result.consent_renewal_required === true } : null;
}

export function logOut(store: string): Promise<void> {
  return call('/account/users/authentication/sessions', { store, method: 'DELETE' });
}

// Passwords

/** Mails a reset link if the address has an account; answers the same either way. */
export function requestPasswordReset(store: string, email: string): Promise<void> {
  return call('/account/users/authentication/password/forget', { store, method: 'POST', body: { email } });
}

export function resetPassword(store: string, token: string, password: string, confirmation: string): Promise<void> {
  return call(`/account/users/authentication/password/change/${encodeURIComponent(token)}`, {
    store,
    method: 'POST',
    body: { password, password_confirmation: confirmation },
  });
}

/** Changes the signed-in customer's password; the server ends every other session. */
/**
 * Proves it is the customer again with their password. The server replaces the session: the
 * browser receives the new token in the httpOnly cookie (the old one is ended), and the data
 * export and the account's cancellation accept the new session for a few minutes afterwards.
 */
export function reauthenticate(store: string, uuid: string, password: string): Promise<{ valid_until: string }> {
  return call(`${users(uuid)}/reauthenticate`, { store, method: 'POST', body: { password } });
}

/** Everything the shop holds about the signed-in customer, as a JSON file to save (after `reauthenticate`). */
export async function fetchAccountData(store: string): Promise<Blob> {
  const data = await call<unknown>('/account/users/privacy', { store });
  return new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
}

/** Cancels the account for good (after `reauthenticate`); the session ends with it. */
export function cancelAccount(store: string, uuid: string): Promise<void> {
  return call(`${users(uuid)}/cancel`, { store, method: 'POST' });
}

export function changePassword(
  store: string,
  body: { current_password: string; new_password: string; new_password_confirmation: string },
): Promise<void> {
  return call('/profile/change-password', { store, method: 'POST', body });
}

// Profile

export function fetchProfile(store: string, uuid: string): Promise<Profile> {
  return call(`${users(uuid)}/profile`, { store });
}

export function updateProfile(store: string, uuid: string, patch: ProfileUpdate): Promise<Profile> {
  return call(`${users(uuid)}/profile`, { store, method: 'PATCH', body: patch });
}

/**
 * Saves a phone number whose SMS code was verified (the item's uuid), with the customer's current
 * password; answers the profile with the number in E.164. VERIFICATION_REQUIRED when the item was not
 * verified for that number; VALIDATION_FAILED (field current_password) when the password is wrong.
 */
export function updatePhone(store: string, uuid: string, phone: string, verificationUuid: string, currentPassword: string): Promise<Profile> {
  return call(`${users(uuid)}/profile/phone`, { store, method: 'PATCH', body: { phone, pvs_uuid: verificationUuid, current_password: currentPassword } });
}

// Consents

export type ConsentCategory = 'email' | 'sms' | 'post' | 'survey' | 'additional' | 'GDPR';

/** Something the customer may agree to, named in the requested language. */
export interface ConsentPurpose {
  id: string;
  name: string;
  description: string;
  category: ConsentCategory;
  section: { id: string; name: string; description: string };
  mandatory: boolean;
  steps: string[];
}

export interface UserConsent {
  purpose_id: string;
  granted: boolean;
  updated_at: string;
  /** Granted to an older text of the purpose: to be renewed. */
  renewal_required?: boolean;
}

/** The purposes the account offers, in the server's category order (e-mail, SMS, post, survey, additional, GDPR). */
export function listConsentPurposes(store: string, language: string, step = 'account'): Promise<ConsentPurpose[]> {
  const query = new URLSearchParams({ language, ...(step ? { step } : {}) });
  return call(`/consent/purposes?${query}`, { store });
}

export function listConsents(store: string, uuid: string): Promise<UserConsent[]> {
  return call(`${users(uuid)}/consents`, { store });
}

/** Grants or withdraws purposes in one change; answers the whole list. Withdrawing a mandatory purpose is refused. */
export function updateConsents(store: string, uuid: string, consents: { purpose_id: string; granted: boolean }[]): Promise<UserConsent[]> {
  return call(`${users(uuid)}/consents`, { store, method: 'PATCH', body: { consents } });
}

// Addresses

export function listAddresses(store: string, uuid: string): Promise<Address[]> {
  return call(`${users(uuid)}/addresses`, { store });
}

export function addAddress(store: string, uuid: string, address: AddressInput): Promise<Address> {
  return call(`${users(uuid)}/addresses`, { store, method: 'POST', body: address });
}

export function updateAddress(store: string, uuid: string, id: number, address: AddressInput): Promise<Address> {
  return call(`${users(uuid)}/addresses/${id}`, { store, method: 'PUT', body: address });
}

export function deleteAddress(store: string, uuid: string, id: number): Promise<void> {
  return call(`${users(uuid)}/addresses/${id}`, { store, method: 'DELETE' });
}

/** Makes one address the default billing or shipping address; answers the whole list. */
export function setDefaultAddress(store: string, uuid: string, id: number, kind: 'billing' | 'shipping'): Promise<Address[]> {
  return call(`${users(uuid)}/addresses/${kind}/${id}`, { store, method: 'PUT' });
}
