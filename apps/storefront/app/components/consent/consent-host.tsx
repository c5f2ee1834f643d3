import { lazy, Suspense, useEffect, useState } from 'react';
import { isCrawler } from '../../lib/age-verification/age-gate';
import { CONSENT_OPEN_EVENT, readConsent } from '../../lib/tracking/consent';

const ConsentBanner = lazy(() => import('./consent-banner'));

/**
 * Where the cookie banner appears: never in the server's page (it is the same for every visitor,
 * docs/decisions/0042); in the browser, loaded only for a visitor without a choice of the current
 * version, or when the footer's "Cookie settings" asks for it (docs/decisions/0072).
 */
export function ConsentHost() {
  const [open, setOpen] = useState<'first' | 'settings' | null>(null);
  useEffect(() => {
    // Consent Mode's default goes first on every page, before any tag could read the data layer.
    void import('../../lib/tracking/consent-mode').then((m) => m.ensureConsentDefault());
    if (!readConsent() && !isCrawler(navigator.userAgent)) setOpen('first');
    const reopen = () => setOpen('settings');
    window.addEventListener(CONSENT_OPEN_EVENT, reopen);
    return () => window.removeEventListener(CONSENT_OPEN_EVENT, reopen);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner reopened={open === 'settings'} onClose={() => setOpen(null)} />
    </Suspense>
  );
}
