import type { ErrorCode } from '@ember/contracts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isAccountApiError } from '../api/account.api';
import { issueMessage } from './schema-resolver';

/** A message for the form as a whole: an i18n key and its values. */
export interface FormAlert {
  key: string;
  values?: Record<string, unknown>;
}

export interface ServerErrorOptions {
  /** Wire field → form field (`strategy_data.identifier` → `email`). */
  fieldMap?: Record<string, string>;
  /** Form fields the form actually has; problems on other fields become the alert. */
  fields: readonly string[];
  /** Per-code alerts for this form (`UNAUTHORISED` on the login form). */
  alerts?: Partial<Record<ErrorCode, string>>;
  /** Per-code field errors (`REFERRAL_NOT_ALLOWED` → the referral field says the code is not valid). */
  fieldErrors?: Partial<Record<ErrorCode, { field: string; message: string }>>;
}

interface WireValidationEntry {
  keyword?: string;
  instancePath?: string;
  params?: { format?: string; minimum?: number; maximum?: number };
}

/**
 * The field problems in an error's details. The server words them three ways: request validation
 * (a list with JSON pointers), rule checks (`{ fields: { name: 'invalid' } }`) and the password
 * policy (`{ password: ['min_length', ...] }`).
 */
export function fieldProblems(details: unknown): Record<string, string> {
  const problems: Record<string, string> = {};
  if (Array.isArray(details)) {
    for (const entry of details as WireValidationEntry[]) {
      const path = (entry.instancePath ?? '').split('/').filter(Boolean).join('.');
      if (!path || problems[path]) continue;
      problems[path] = issueMessage({
        code: entry.keyword ?? 'invalid',
        path: path.split('.'),
        message: '',
        format: entry.params?.format,
        minimum: entry.params?.minimum,
        maximum: entry.params?.maximum,
        input: '',
      });
    }
    return problems;
  }
  if (details && typeof details === 'object') {
    const { fields, password } = details as { fields?: Record<string, string>; password?: string[] };
    const known: Record<string, string> = { mismatch: 'passwordMismatch', incorrect: 'currentPasswordWrong', underage: 'underage' };
    for (const [field, problem] of Object.entries(fields ?? {})) problems[field] = known[problem] ?? 'invalid';
    if (Array.isArray(password) && password.length) problems.password = 'passwordPolicy';
  }
  return problems;
}

/**
 * Puts a failed call's problems on the form: field errors on their inputs (the first one focused)
 * and anything else as one alert for the whole form, which the caller shows and focuses.
 */
export function applyServerError<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  options: ServerErrorOptions,
): FormAlert | null {
  if (!isAccountApiError(error)) return { key: 'account.errors.generic' };
  const known = options.fieldErrors?.[error.code];
  if (known) {
    setError(known.field as Path<Values>, { type: 'server', message: known.message }, { shouldFocus: true });
    return null;
  }
  const alert = options.alerts?.[error.code];
  if (alert) return { key: alert };
  if (error.code === 'RATE_LIMITED') {
    return { key: 'account.errors.rateLimited', values: { count: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60)) } };
  }
  if (error.code === 'VALIDATION_FAILED') {
    const problems = Object.entries(fieldProblems(error.details))
      .map(([wire, message]) => [options.fieldMap?.[wire] ?? wire, message] as const)
      .filter(([field]) => options.fields.includes(field));
    problems.forEach(([field, message], i) => {
      setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: i === 0 });
    });
    if (problems.length) return null;
    return { key: 'account.errors.invalid' };
  }
  if (error.status === 0 || error.status >= 500) return { key: 'account.errors.unavailable' };
  return { key: 'account.errors.generic' };
}
