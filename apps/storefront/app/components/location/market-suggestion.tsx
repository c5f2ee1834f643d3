import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { StoreView } from '../../lib/api/store.api';
import { keepLocation, keptLocation, locateVisitor, type VisitorLocation } from '../../lib/location/visitor-location';
import { switchStorePath } from '../../lib/store-paths';

type Remembered = VisitorLocation;

/** The country in the page's language (`Intl.DisplayNames`), else as the server named it. */
function countryName(answer: Remembered, locale: string): string | null {
  if (!answer.code) return answer.country;
  try {
    return new Intl.DisplayNames([locale.replace('_', '-')], { type: 'region' }).of(answer.code) ?? answer.country;
  } catch {
    return answer.country;
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
    const kept = keptLocation();
    if (kept) {
      setAnswer(kept);
      return;
    }
    let live = true;
    void locateVisitor(store.store_code).then((value) => {
      if (live && value) setAnswer(value);
    });
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
    keepLocation(value);
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
