import type { StoreSummary } from '@ember/contracts';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { weekdayIn } from '../../lib/api/store-locator.api';
import { storePath } from '../../lib/store-paths';
import { TodayHours } from './opening-hours';

/** Kilometres in the page's language: "0.96 km", "262 km". */
export function distanceText(km: number, locale: string): string {
  const digits = km < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(locale.replace('_', '-'), { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(km)} km`;
}

/** The stores found, nearest first: name (to its page), kind, address, distance, today's hours, pick-up. */
export function StoreList({ stores, storeCode, locale }: { stores: StoreSummary[]; storeCode: string; locale: string }) {
  const { t } = useTranslation();
  return (
    <ol className="store-list">
      {stores.map((s) => (
        <li key={s.id} className="store-card" data-store-id={s.id}>
          <div className="store-card__head">
            <h2 className="store-card__name"><Link to={storePath(storeCode, `/stores/${s.id}`)}>{s.name}</Link></h2>
            {s.distance_km !== null && <span className="store-card__distance">{distanceText(s.distance_km, locale)}</span>}
          </div>
          <p className="store-card__type">
            {t(`storeLocator.types.${s.type}`)}
            {s.is_pickup && <span className="store-card__badge">{t('storeLocator.pickup')}</span>}
          </p>
          <address className="store-card__address">
            {s.street}, {[s.postcode, s.city].filter(Boolean).join(' ')}
          </address>
          <TodayHours week={s.opening_hours} today={weekdayIn(s.timezone)} />
        </li>
      ))}
    </ol>
  );
}
