import { useState } from 'react';
import { Form, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from '../../i18n/react';

/**
 * Search by postcode or city (a plain GET form: works before the page's script has loaded), or by
 * the browser's location, which puts the point in the address (`?lat=…&lng=…`).
 */
export function StoreSearchForm({ action, query }: { action: string; query: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const useMyLocation = () => {
    setProblem(null);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setProblem(t('storeLocator.locationUnavailable'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const p = new URLSearchParams({ lat: position.coords.latitude.toFixed(5), lng: position.coords.longitude.toFixed(5) });
        void navigate(`${action}?${p}`);
      },
      (error) => {
        setLocating(false);
        setProblem(error.code === error.PERMISSION_DENIED ? t('storeLocator.locationDenied') : t('storeLocator.locationUnavailable'));
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  return (
    <div className="store-search">
      <Form method="get" action={action} className="store-search__form" role="search" aria-label={t('storeLocator.searchLabel')}>
        <div className="field store-search__field">
          <label className="field__label" htmlFor="store-search-q">{t('storeLocator.queryLabel')}</label>
          <input id="store-search-q" name="q" className="field__input" type="search" defaultValue={query} minLength={2} maxLength={60}
            autoComplete="postal-code" aria-describedby="store-search-hint" />
          <p id="store-search-hint" className="field__hint">{t('storeLocator.queryHint')}</p>
        </div>
        <div className="store-search__actions">
          <button type="submit" className="button" disabled={navigation.state === 'loading'}>{t('storeLocator.search')}</button>
          <button type="button" className="button button--secondary" onClick={useMyLocation} disabled={locating} aria-busy={locating || undefined}>
            {locating ? t('storeLocator.locating') : t('storeLocator.useMyLocation')}
          </button>
        </div>
      </Form>
      {problem && <p className="field__error" role="alert">{problem}</p>}
    </div>
  );
}
