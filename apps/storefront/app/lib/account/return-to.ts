import { storePath } from '../store-paths';

const PROBE_ORIGIN = 'http://probe.invalid';

/**
 * A `returnTo` value the login may send the customer to: a path on this site, never another
 * origin. Protocol-relative (`//evil`), backslash (`/\evil`) and control-character tricks are
 * refused, and so is anything the URL parser would move to another host.
 */
export function safeReturnTo(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 1024) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  try {
    const url = new URL(raw, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The account overview: where a login without a (valid) `returnTo` lands. */
export function accountPath(store: string, hash = '#/account'): string {
  return `${storePath(store, '/account')}${hash}`;
}

/** A store page with `returnTo` in its query, when there is somewhere safe to return to. */
export function withReturnTo(path: string, returnTo: string | null | undefined): string {
  const safe = safeReturnTo(returnTo);
  return safe ? `${path}?${new URLSearchParams({ returnTo: safe })}` : path;
}

/** The `returnTo` of a request URL, checked. */
export function returnToFrom(url: string): string | null {
  return safeReturnTo(new URL(url).searchParams.get('returnTo'));
}
