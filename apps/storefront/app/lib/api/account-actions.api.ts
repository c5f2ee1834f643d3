import type {
  SavedAddress, AddressInput, ConsentCategory, ConsentPurpose, LoginResponse, Profile, ProfileUpdate, RegisterRequest, RegisterResponse, UserConsent,
} from '@ember/contracts';
import { call, users } from './account.api';
import { contract } from './rest';

export type { RegisterResponse };

/*
 * What the account's own pages do on the account services: registration, sign-in, passwords,
 * the profile's changes, consents and the address book. Apart from `account.api.ts` (the session
 * and the profile every page's header reads) so that public pages load none of it.
 */

/** Creates the account; the answer names the code e-mailed to confirm the address, unless sending it was throttled. */
export function registerCustomer(store: string, request: RegisterRequest): Promise<RegisterResponse> {
  return call('/account/users/register', { store, method: 'POST', body: request, schema: contract('RegisterResponseSchema') });
}

/** Checks a one-time code. VERIFICATION_CODE_INVALID (with remaining attempts), _EXPIRED or _LOCKED otherwise. */
export function verifyCode(store: string, verificationUuid: string, code: string): Promise<{ uuid: string; status: string }> {
  return call(`/api/action-verifications/items/${encodeURIComponent(verificationUuid)}/verify`, { store, method: 'PATCH', body: { code }, schema: contract('VerificationItemStatusSchema') });
}

export interface VerificationItem {
  uuid: string;
  status: string;
  channel: string;
  expires_at: string;
}

/** Texts a one-time code to a phone number, as typed; the server normalises it with the store's country. */
export function requestPhoneCode(store: string, phone: string): Promise<VerificationItem> {
  return call('/api/action-verifications/items', { store, method: 'POST', body: { channel: 'sms', identifier: phone }, schema: contract('VerificationCreatedItemSchema') });
}

/** E-mails a new registration code to the address waiting for confirmation; earlier codes stop working. RATE_LIMITED carries Retry-After. */
export function resendRegistrationCode(store: string, userUuid: string): Promise<{ email_verification_uuid: string; expires_at: string }> {
  return call('/account/users/register/resend-email-code', { store, method: 'POST', body: { user_uuid: userUuid }, schema: contract('RegisterResendResponseSchema') });
}

/** Confirms a new customer's e-mail address with the verified registration code. */
export function confirmRegistrationEmail(store: string, userUuid: string, verificationUuid: string): Promise<void> {
  return call('/account/users/register/verify-email', {
    store,
    method: 'POST',
    body: { user_uuid: userUuid, verification_uuid: verificationUuid },
  });
}

/** Opens a session; the server sets the session cookie. UNAUTHORISED for wrong credentials. */
export function logIn(store: string, email: string, password: string): Promise<LoginResponse> {
  return call('/account/users/authentication/sessions', {
    store,
    method: 'POST',
    body: { strategy: 'email_password', strategy_data: { identifier: email, password } },
    schema: contract('LoginResponseSchema'),
  });
}

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
  return call(`${users(uuid)}/reauthenticate`, { store, method: 'POST', body: { password }, schema: contract('ReauthResponseSchema') });
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

export function updateProfile(store: string, uuid: string, patch: ProfileUpdate): Promise<Profile> {
  return call(`${users(uuid)}/profile`, { store, method: 'PATCH', body: patch, schema: contract('ProfileSchema') });
}

/**
 * Saves a phone number whose SMS code was verified (the item's uuid), with the customer's current
 * password; answers the profile with the number in E.164. VERIFICATION_REQUIRED when the item was not
 * verified for that number; VALIDATION_FAILED (field current_password) when the password is wrong.
 */
export function updatePhone(store: string, uuid: string, phone: string, verificationUuid: string, currentPassword: string): Promise<Profile> {
  return call(`${users(uuid)}/profile/phone`, { store, method: 'PATCH', body: { phone, pvs_uuid: verificationUuid, current_password: currentPassword }, schema: contract('ProfileSchema') });
}

export type { ConsentCategory, ConsentPurpose, UserConsent };

/** The purposes the account offers, in the server's category order (e-mail, SMS, post, survey, additional, GDPR). */
export function listConsentPurposes(store: string, language: string, step = 'account'): Promise<ConsentPurpose[]> {
  const query = new URLSearchParams({ language, ...(step ? { step } : {}) });
  return call(`/consent/purposes?${query}`, { store, schema: contract('ConsentPurposesSchema') });
}

export function listConsents(store: string, uuid: string): Promise<UserConsent[]> {
  return call(`${users(uuid)}/consents`, { store, schema: contract('UserConsentsSchema') });
}

/** Grants or withdraws purposes in one change; answers the whole list. Withdrawing a mandatory purpose is refused. */
export function updateConsents(store: string, uuid: string, consents: { purpose_id: string; granted: boolean }[]): Promise<UserConsent[]> {
  return call(`${users(uuid)}/consents`, { store, method: 'PATCH', body: { consents }, schema: contract('UserConsentsSchema') });
}

export function listAddresses(store: string, uuid: string): Promise<SavedAddress[]> {
  return call(`${users(uuid)}/addresses`, { store, schema: contract('AddressBookSchema') });
}

export function addAddress(store: string, uuid: string, address: AddressInput): Promise<SavedAddress> {
  return call(`${users(uuid)}/addresses`, { store, method: 'POST', body: address, schema: contract('SavedAddressSchema') });
}

export function updateAddress(store: string, uuid: string, id: number, address: AddressInput): Promise<SavedAddress> {
  return call(`${users(uuid)}/addresses/${id}`, { store, method: 'PUT', body: address, schema: contract('SavedAddressSchema') });
}

export function deleteAddress(store: string, uuid: string, id: number): Promise<void> {
  return call(`${users(uuid)}/addresses/${id}`, { store, method: 'DELETE' });
}

/** Makes one address the default billing or shipping address; answers the whole list. */
export function setDefaultAddress(store: string, uuid: string, id: number, kind: 'billing' | 'shipping'): Promise<SavedAddress[]> {
  return call(`${users(uuid)}/addresses/${kind}/${id}`, { store, method: 'PUT', schema: contract('AddressBookSchema') });
}
