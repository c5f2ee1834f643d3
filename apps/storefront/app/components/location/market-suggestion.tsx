import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { StoreView } from '../../lib/api/store.api';
import { switchStorePath } from '../../lib/store-paths';

/** Where this browser keeps its one answer (the suggested store view, or none) and whether it was dismissed. */
const KEY = 'ember.marketSuggestion';

interface Remembered {
  store: string | null;
  /** Two letters, named in the page's language when shown. */
  code?: string | null;
  /** The name the server gave, in the language of the page that asked: shown where the browser cannot name the code. */
  country: string | null;
  dismissed: boolean;
}

function remembered(): Remembered | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Remembered) : null;
  } catch {
    return null;
  }
}

/** The country in the page's language (`Intl.DisplayNames`), else as the server named it. */
function countryName(answer: Remembered, locale: string): string | null {
  if (!answer.code) return answer.country;
  try {
    return new Intl.DisplayNames([locale.replace('_', '-')], { type: 'region' }).of(answer.code) ?? answer.country;
  } catch {
    return answer.country;
  }
}

function remember(value: Remembered): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage may be off: the suggestion is then asked again on the next page, never an error.
  }
}

/**
 * Suggests the market of the visitor's country once per browser: after load, never in the
 * server-rendered page (public pages are cached for every visitor, docs/decisions/0042), it asks
 * `/api/location` once, keeps the answer, and offers the same page in that store view until dismissed.
 * Loaded lazily (`DeferredMarketSuggestion`): no page's first scripts carry it.
 */
export function MarketSuggestion({ store, stores }: { store: StoreView; stores: StoreView[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [answer, setAnswer] = useState<Remembered | null>(null);

  useEffect(() => {
    const kept = remembered();
    if (kept) {
      setAnswer(kept);
      return;
    }
    let live = true;
    fetch('/api/location', { headers: { accept: 'application/json', store: store.store_code }, signal: AbortSignal.timeout(5000) })
      // A failed answer is not kept: the next page asks again.
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`location ${r.status}`))))
      .then((body: { country?: { iso_code?: string; name?: string; suggested_store_code?: string | null } | null } | null) => {
        const value = {
          store: body?.country?.suggested_store_code ?? null, code: body?.country?.iso_code ?? null, country: body?.country?.name ?? null, dismissed: false,
        };
        remember(value);
        if (live) setAnswer(value);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Asked once per browser; the store view it is asked from only names the country.
  }, []);

  const target = answer && !answer.dismissed && answer.store !== store.store_code ? stores.find((s) => s.store_code === answer.store) : undefined;
  const country = answer && countryName(answer, store.locale);
  if (!target || !answer || !country) return null;

  const dismiss = () => {
    const value = { ...answer, dismissed: true };
    remember(value);
    setAnswer(value);
  };

  return (
    <aside className="market-suggestion" aria-label={t('location.label')}>
      <p>{t('location.suggestion', { country, shop: target.store_name })}</p>
      <div className="market-suggestion__actions">
        <Link to={switchStorePath(location.pathname, location.search, target.store_code)} onClick={dismiss} className="button">
          {t('location.go', { shop: target.store_name })}
        </Link>
        <button type="button" className="button button--secondary" onClick={dismiss}>
          {t('location.dismiss')}
        </button>
      </div>
    </aside>
  );
}
