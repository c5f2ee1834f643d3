import { Link } from 'react-router';
import type { Route } from './+types/store-locator-store';
import { Breadcrumbs } from '../components/common/breadcrumbs';
import { RouteError } from '../components/common/route-error';
import { OpeningHoursTable } from '../components/store-locator/opening-hours';
import { useTranslation } from '../i18n/react';
import { apiTargetFrom, type ServerTarget } from '../lib/api/load-context';
import { browserScope, notFound, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { fetchStore, StoreLocatorApiError, weekdayIn, type StoreDetail } from '../lib/api/store-locator.api';
import { pageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';
import { StoreMap } from '../components/store-locator/store-map';

export const handle = {
  tracking: { pageName: 'store-locator', section: 'stores' } satisfies PageTracking,
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = translatorFor(matches);
  const s = loaderData?.store;
  return pageMeta(s ? s.name : t('storeLocator.title'), s ? `${s.street}, ${[s.postcode, s.city].filter(Boolean).join(' ')}` : null);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadStore(serverScope(context, params.store), params.storeId, apiTargetFrom(context));
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadStore(browserScope(params.store), params.storeId);
}

async function loadStore(scope: StoreScope, id: string, server?: ServerTarget): Promise<{ store: StoreDetail }> {
  await requireStore(scope);
  if (!/^[a-z0-9_-]{2,40}$/.test(id)) throw notFound();
  try {
    return { store: await fetchStore(scope.code, id, server) };
  } catch (error) {
    if (error instanceof StoreLocatorApiError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
}

/** One store: address, phone, the week's opening hours (today marked), services, the way there. */
export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store: view } = useStoreLayout();
  const code = view.store_code;
  const s = loaderData.store;
  const map = s.latitude !== null && s.longitude !== null
    ? `https://www.openstreetmap.org/?mlat=${s.latitude}&mlon=${s.longitude}#map=17/${s.latitude}/${s.longitude}`
    : null;
  return (
    <div className="store-page">
      <Breadcrumbs crumbs={[{ label: t('breadcrumbs.home'), to: storePath(code) }, { label: t('storeLocator.title'), to: storePath(code, '/stores') }, { label: s.name }]} />
      <h1>{s.name}</h1>
      <p className="store-card__type">
        {t(`storeLocator.types.${s.type}`)}
        {s.is_pickup && <span className="store-card__badge">{t('storeLocator.pickup')}</span>}
      </p>
      {s.description && <p className="store-page__description">{s.description}</p>}
      {s.map && (
        <StoreMap tileUrl={s.map.tile_url} attribution={s.map.attribution} stores={[s]} label={t('storeLocator.mapOne')} />
      )}
      <div className="store-page__grid">
        <section aria-labelledby="store-address-heading">
          <h2 id="store-address-heading">{t('storeLocator.address')}</h2>
          <address className="store-page__address">
            {s.street}<br />
            {[s.postcode, s.city].filter(Boolean).join(' ')}
          </address>
          {s.telephone && <p><a href={`tel:${s.telephone}`}>{t('storeLocator.call', { phone: s.telephone })}</a></p>}
          {map && <p><a href={map} rel="noopener noreferrer" target="_blank">{t('storeLocator.directions')}</a></p>}
        </section>
        <section aria-labelledby="store-hours-heading">
          <h2 id="store-hours-heading">{t('storeLocator.openingHours')}</h2>
          <OpeningHoursTable week={s.opening_hours} today={weekdayIn(s.timezone)} />
        </section>
        {s.services.length > 0 && (
          <section aria-labelledby="store-services-heading">
            <h2 id="store-services-heading">{t('storeLocator.services')}</h2>
            <ul className="store-page__services">
              {s.services.map((svc) => <li key={svc.code}>{svc.label}</li>)}
            </ul>
          </section>
        )}
      </div>
      <p><Link to={storePath(code, '/stores')}>{t('storeLocator.back')}</Link></p>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
