import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { CONSENT_GROUPS, readConsent, type ConsentChoice, type ConsentGroup } from '../../lib/tracking/consent';
import { ACCEPT_ALL, REJECT_ALL, storeConsent } from '../../lib/tracking/consent-choice';

interface ConsentBannerProps {
  /** Opened from the footer's "Cookie settings": shows the groups at once and may be closed unchanged. */
  reopened: boolean;
  onClose: () => void;
}

/**
 * The cookie banner (docs/decisions/0072): accept all, reject all (as prominent as accepting), or
 * choose per group; strictly necessary cookies are always on. A bar at the bottom of the window, not
 * a modal: the page stays usable behind it, and it is gone once the visitor has chosen.
 */
export default function ConsentBanner({ reopened, onClose }: ConsentBannerProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const returnTo = useRef<Element | null>(null);
  const [details, setDetails] = useState(reopened);
  const [choice, setChoice] = useState<ConsentChoice>(() => readConsent() ?? REJECT_ALL);

  useEffect(() => {
    returnTo.current = document.activeElement;
    heading.current?.focus({ preventScroll: true });
  }, []);

  const close = () => {
    onClose();
    if (returnTo.current instanceof HTMLElement && returnTo.current !== document.body) returnTo.current.focus({ preventScroll: true });
  };
  const choose = (next: ConsentChoice) => {
    storeConsent(next);
    close();
  };
  const toggle = (group: ConsentGroup) => setChoice((c) => ({ ...c, [group]: !c[group] }));

  return (
    <div
      className="consent-banner"
      role="dialog"
      aria-modal="false"
      aria-labelledby="consent-banner-heading"
      aria-describedby="consent-banner-text"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && reopened) close();
      }}
    >
      <h2 id="consent-banner-heading" ref={heading} tabIndex={-1}>{t('cookieConsent.heading')}</h2>
      <p id="consent-banner-text">{t('cookieConsent.text')}</p>
      {details && (
        <fieldset className="consent-banner__groups">
          <legend className="visually-hidden">{t('cookieConsent.groupsLegend')}</legend>
          <label className="consent-banner__group">
            <input type="checkbox" checked disabled />
            <span>
              <strong>{t('cookieConsent.necessary.label')}</strong> ({t('cookieConsent.alwaysOn')})
              <span className="consent-banner__hint">{t('cookieConsent.necessary.description')}</span>
            </span>
          </label>
          {CONSENT_GROUPS.map((group) => (
            <label key={group} className="consent-banner__group">
              <input type="checkbox" name={group} checked={choice[group]} onChange={() => toggle(group)} />
              <span>
                <strong>{t(`cookieConsent.${group}.label`)}</strong>
                <span className="consent-banner__hint">{t(`cookieConsent.${group}.description`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="consent-banner__actions">
        <button type="button" className="button" onClick={() => choose(ACCEPT_ALL)}>{t('cookieConsent.acceptAll')}</button>
        <button type="button" className="button" onClick={() => choose(REJECT_ALL)}>{t('cookieConsent.rejectAll')}</button>
        {details ? (
          <button type="button" className="button button--secondary" onClick={() => choose(choice)}>{t('cookieConsent.save')}</button>
        ) : (
          <button type="button" className="button button--secondary" aria-expanded="false" onClick={() => setDetails(true)}>{t('cookieConsent.customise')}</button>
        )}
      </div>
    </div>
  );
}
