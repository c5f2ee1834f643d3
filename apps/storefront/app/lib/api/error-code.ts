import type { ErrorCode } from '@ember/contracts';

/**
 * The code of a service's refusal. The server names every refusal with a code of the shared table
 * (packages/contracts/src/errors.ts, checked by its contract tests), so a code of that shape is taken
 * as one of them: the table itself, about 560 bytes compressed, stays out of every page's scripts.
 * Anything else (a proxy's page, a missing field) is no code.
 */
export function errorCodeOf(value: unknown): ErrorCode | undefined {
  return typeof value === 'string' && /^[A-Z][A-Z0-9_]{1,63}$/.test(value) ? (value as ErrorCode) : undefined;
}
