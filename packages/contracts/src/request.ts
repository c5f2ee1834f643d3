/**
 * Request headers of spec §6 and the request constants of spec §9, shared by the server that
 * honours them and the storefront clients that send them (docs/decisions/0074).
 */

/** The page's language, sent by the storefront's clients; the server says its messages and e-mails in it. */
export const LOCALE_HEADER = 'locale';

/** The session token as account-service clients send it (an alias of `Authorization: Bearer`). */
export const CONSUMER_SESSION_TOKEN_HEADER = 'x-consumer-session-token';

/** The session token as the other services' clients send it (an alias of `Authorization: Bearer`). */
export const CONSUMER_IDENTITY_TOKEN_HEADER = 'x-consumer-identity-token';

/** The website's public tenant token; one naming another website than the store view's is refused. */
export const TENANT_TOKEN_HEADER = 'x-tenant-token';

/** How long a client waits for an answer when it asks for a timeout (spec §9: 5,000 ms). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;

/**
 * A locale header's language: `de`, `de-CH`, `de_CH` name German; anything else (a list, a
 * wildcard, a script subtag, garbage) names none and is ignored.
 */
export function localeLanguage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^([A-Za-z]{2})(?:[-_][A-Za-z]{2})?$/.exec(value.trim());
  return match ? match[1]!.toLowerCase() : null;
}
