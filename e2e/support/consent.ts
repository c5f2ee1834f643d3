/**
 * The cookie choice of a visitor who accepted every group (docs/decisions/0072). The suite's
 * default browser state carries it (playwright.config.ts), so the cookie banner covers nothing and
 * page views reach the data layer; e2e/cookie-consent.spec.ts starts without it.
 */
export const CONSENT_ACCEPTED = {
  name: 'ember_consent', value: '1.fam', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const,
};
