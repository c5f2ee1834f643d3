import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLocation, useNavigate } from 'react-router';
import type { StoreView } from '../../lib/api/store.api';
import { AGE_GATE_PENDING, confirmAgeCookie, hasConfirmedAge, isCrawler } from '../../lib/age-verification/age-gate';
import { switchStorePath } from '../../lib/store-paths';

const MINIMUM_AGE = 18;

/**
 * The soft age gate every market shows on a first visit: confirm being an adult and the market.
 * Every document carries it closed (the server reads no cookie: public pages are the same for
 * everyone, docs/decisions/0042); the head's script (AGE_GATE_SCRIPT) shows it before the first
 * paint to a visitor who has not answered, styled as the modal it becomes once hydrated, so it is
 * part of the first paint instead of appearing after hydration (docs/decisions/0043). Crawlers and
 * anyone without script get the page without it; the choice is remembered in a cookie.
 */
export function AgeGate({ store, stores }: { store: StoreView; stores: StoreView[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  // Rendered until the browser has decided, as on the server; then open (a modal) or gone.
  const [open, setOpen] = useState(true);
  const [market, setMarket] = useState(store.store_code);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    const root = document.documentElement;
    if (hasConfirmedAge(document.cookie) || isCrawler(navigator.userAgent)) {
      root.classList.remove(AGE_GATE_PENDING);
      setOpen(false);
      return;
    }
    // The modal takes over from the server-rendered look in the same frame.
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
    root.classList.remove(AGE_GATE_PENDING);
  }, []);

  if (!open) return null;

  const confirm = () => {
    document.cookie = confirmAgeCookie(market, window.location.protocol === 'https:');
    dialog.current?.close();
    setOpen(false);
    if (market !== store.store_code) void navigate(switchStorePath(location.pathname, location.search, market));
  };

  return (
    <dialog
      ref={dialog}
      className="age-gate"
      aria-labelledby="age-gate-heading"
      aria-describedby="age-gate-text"
      // The gate cannot be waved away with Escape: it needs an answer.
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="age-gate-heading">{t('ageGate.heading', { age: MINIMUM_AGE })}</h2>
      <p id="age-gate-text">{t('ageGate.text', { age: MINIMUM_AGE })}</p>
      {refused ? (
        <p role="alert" className="form-alert form-alert--error">{t('ageGate.refused', { age: MINIMUM_AGE })}</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor="age-gate-market">{t('ageGate.market')}</label>
            <select id="age-gate-market" value={market} onChange={(e) => setMarket(e.target.value)}>
              {stores.map((s) => (
                <option key={s.store_code} value={s.store_code}>{s.store_name}</option>
              ))}
            </select>
          </div>
          <div className="age-gate__actions">
            <button type="button" className="button" onClick={confirm}>{t('ageGate.confirm', { age: MINIMUM_AGE })}</button>
            <button type="button" className="button button--secondary" onClick={() => setRefused(true)}>{t('ageGate.under', { age: MINIMUM_AGE })}</button>
          </div>
        </>
      )}
    </dialog>
  );
}
