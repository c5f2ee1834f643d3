import { CONSENT_CHANGE_EVENT, CONSENT_COOKIE, CONSENT_VERSION, type ConsentChoice } from './consent';
import { consentModeState, ensureConsentDefault, gtag } from './consent-mode';

/** Half a year: then the visitor is asked again, as data protection authorities advise. */
const CONSENT_MAX_AGE_S = 182 * 24 * 3600;

export const ACCEPT_ALL: ConsentChoice = { functional: true, analytics: true, marketing: true };
export const REJECT_ALL: ConsentChoice = { functional: false, analytics: false, marketing: false };

/** The cookie's value: `1.fam` for everything, `1.` for nothing optional. */
export function consentValue(choice: ConsentChoice): string {
  return `${CONSENT_VERSION}.${choice.functional ? 'f' : ''}${choice.analytics ? 'a' : ''}${choice.marketing ? 'm' : ''}`;
}

export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_COOKIE}=${consentValue(choice)}; Path=/; Max-Age=${CONSENT_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Keeps the choice, tells Consent Mode (`consent update`) and the page's tracker. */
export function storeConsent(choice: ConsentChoice): void {
  document.cookie = consentCookie(choice, window.location.protocol === 'https:');
  ensureConsentDefault();
  gtag('consent', 'update', consentModeState(choice));
  window.dispatchEvent(new Event(CONSENT_CHANGE_EVENT));
}
