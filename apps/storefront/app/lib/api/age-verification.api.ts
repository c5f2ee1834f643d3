import { call } from './account.api';
import { contract } from './rest';

/**
 * The age-verification service (spec §7, `/age-verification`): the only code that calls it. Same
 * origin, the session in the httpOnly cookie, errors as `AccountApiError`.
 */

export type AgeVerificationStatus = 'pending' | 'verified' | 'rejected' | 'needs_review' | 'expired';

export interface AgeVerificationMethod {
  code: string;
  kind: 'document' | 'bank' | 'database' | 'hidden';
  provider: string;
  is_async: boolean;
  is_hidden: boolean;
  workflow_name: string | null;
}

export interface AgeVerificationMethods {
  country_code: string;
  minimum_age: number;
  methods: AgeVerificationMethod[];
}

export interface AgeVerification {
  identity_verification_id: string;
  status: AgeVerificationStatus;
  reason: string | null;
  method_code: string;
  country_code: string;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
}

export interface AccountAge {
  is_age_verified: boolean;
  verification: AgeVerification | null;
}

export function fetchAgeVerificationMethods(store: string, country: string): Promise<AgeVerificationMethods> {
  return call(`/age-verification/available-methods/${encodeURIComponent(country)}`, { store, schema: contract('AgeVerificationMethodsResponseSchema') });
}

export function fetchAccountAge(store: string): Promise<AccountAge> {
  return call('/age-verification/status', { store, schema: contract('AccountAgeSchema') });
}

export function fetchAgeVerification(store: string, uuid: string): Promise<AgeVerification> {
  return call(`/age-verification/verifications/${encodeURIComponent(uuid)}`, { store, schema: contract('AgeVerificationSchema') });
}

/** Runs a synchronous method (database or hidden check) with the account's own details. */
export function verifyAge(store: string, method: AgeVerificationMethod, country: string): Promise<AgeVerification> {
  return call('/age-verification/verify', { store, method: 'POST', body: { method_code: method.code, country_code: country }, schema: contract('AgeVerificationSchema') });
}

/** Opens the provider's workflow; the provider sends the customer back to `callback` with `?verification=`. */
export function initAsyncAgeVerification(
  store: string,
  input: { method: AgeVerificationMethod; country: string; email: string; callback: string },
): Promise<AgeVerification & { workflow_url: string }> {
  return call('/age-verification/init-async-verification', {
    store,
    method: 'POST',
    body: {
      method_code: input.method.code,
      country_code: input.country,
      user_email: input.email,
      callback: input.callback,
      ...(input.method.workflow_name ? { workflow_name: input.method.workflow_name } : {}),
    },
    schema: contract('AgeVerificationInitAsyncResponseSchema'),
  });
}
