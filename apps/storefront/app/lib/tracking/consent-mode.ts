import { hasConsent, readConsent, type ConsentChoice, type ConsentGroup } from './consent';

/*
 * Google Consent Mode v2 and the data layer's one way in (docs/decisions/0072): `consent default`
 * before anything else, then the stored choice as `consent update`, and entries only for groups the
 * visitor accepted. Loaded with the tracker or the banner, not with a page's first scripts.
 */

type Mode = 'granted' | 'denied';

/** Consent Mode v2's storage types for a choice (none: the default, everything optional denied). */
export function consentModeState(choice: ConsentChoice | null): Record<string, Mode> {
  const mode = (on: boolean | undefined): Mode => (on ? 'granted' : 'denied');
  return {
    ad_storage: mode(choice?.marketing),
    ad_user_data: mode(choice?.marketing),
    ad_personalization: mode(choice?.marketing),
    analytics_storage: mode(choice?.analytics),
    functionality_storage: mode(choice?.functional),
    personalization_storage: mode(choice?.functional),
    security_storage: 'granted',
  };
}

/** Google's `gtag()`: GTM reads a command only as an `arguments` object, not as an array. */
export function gtag(..._args: unknown[]): void {
  window.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params -- Consent Mode commands must be an Arguments object.
  window.dataLayer.push(arguments as unknown as Record<string, unknown>);
}

let defaulted = false;

/** Pushes `consent default` (then the stored choice as `consent update`) before anything else, once. */
export function ensureConsentDefault(): void {
  if (defaulted || typeof window === 'undefined') return;
  defaulted = true;
  gtag('consent', 'default', consentModeState(null));
  const choice = readConsent();
  if (choice) gtag('consent', 'update', consentModeState(choice));
}

/** For tests: forget that the default was pushed. */
export function resetConsentDefault(): void {
  defaulted = false;
}

/**
 * Pushes a tracking entry to GTM's queue, after the consent default, and only when the visitor
 * accepted the group it serves (page views and e-commerce events: analytics).
 */
export function pushToDataLayer(entry: Record<string, unknown>, group: ConsentGroup = 'analytics'): void {
  if (typeof window === 'undefined') return;
  ensureConsentDefault();
  if (!hasConsent(group)) return;
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

