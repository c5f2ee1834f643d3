/**
 * The visitor's cookie choice (docs/decisions/0072): which optional groups they accepted, kept in a
 * first-party cookie. Every page loads this file, so it is only the cookie's reading; Consent Mode
 * (`consent-mode.ts`) and the banner that writes the cookie are loaded when needed.
 */
declare global {
  interface Window {
    /** Google Tag Manager's queue: GTM (or any other tag manager) reads what is pushed here. */
    dataLayer?: Record<string, unknown>[];
  }
}

export const CONSENT_COOKIE = 'ember_consent';
/** Raised when the groups or their meaning change: every visitor is asked again. */
export const CONSENT_VERSION = 1;
/** The optional groups; strictly necessary cookies are always on and not a choice. */
export const CONSENT_GROUPS = ['functional', 'analytics', 'marketing'] as const;
export type ConsentGroup = (typeof CONSENT_GROUPS)[number];
export type ConsentChoice = Record<ConsentGroup, boolean>;

/** Dispatched on `window` by the footer's "Cookie settings" to open the banner. */
export const CONSENT_OPEN_EVENT = 'ember:consent-open';
/** Dispatched on `window` once a new choice is stored. */
export const CONSENT_CHANGE_EVENT = 'ember:consent-change';

/** `1.fam`: the version, a dot, the first letter of each accepted group (`1.` is "reject all"). */
export function parseConsent(cookie: string): ConsentChoice | null {
  const value = /(?:^|;)\s*ember_consent=(\d+)\.([fam]*)/.exec(cookie);
  if (!value || Number(value[1]) !== CONSENT_VERSION) return null;
  return { functional: value[2]!.includes('f'), analytics: value[2]!.includes('a'), marketing: value[2]!.includes('m') };
}

export function readConsent(): ConsentChoice | null {
  return typeof document === 'undefined' ? null : parseConsent(document.cookie);
}

export function hasConsent(group: ConsentGroup): boolean {
  return !!readConsent()?.[group];
}

export function openConsentSettings(): void {
  window.dispatchEvent(new Event(CONSENT_OPEN_EVENT));
}
