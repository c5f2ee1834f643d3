import type { Route } from './+types/store-locator';
import { Breadcrumbs } from '../components/common/breadcrumbs';
import { RouteError } from '../components/common/route-error';
import { StoreList } from '../components/store-locator/store-list';
import { StoreMap } from '../components/store-locator/store-map';
import { StoreSearchForm } from '../components/store-locator/store-search-form';
import { useTranslation } from '../i18n/react';
import { apiTargetFrom, type ServerTarget } from '../lib/api/load-context';
import { browserScope, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { isStoreQuery, searchStores, type StoreSearch, type StoreSearchResult } from '../lib/api/store-locator.api';
import { pageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'store-locator', section: 'stores' } satisfies PageTracking,
};

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  return pageMeta(t('storeLocator.title'), t('storeLocator.metaDescription'));
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return loadStores(serverScope(context, params.store), request.url, apiTargetFrom(context));
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadStores(browserScope(params.store), request.url);
}

interface StoreLocatorData {
  q: string;
  /** Whether the shopper's location was searched from. */
  near: boolean;
  result: StoreSearchResult | null;
  problem: 'invalid' | 'failed' | null;
}

/** Reads the search from the address (`?q=SW1A`, or `?lat=…&lng=…` from "use my location"), so a search's page renders on the server. */
async function loadStores(scope: StoreScope, url: string, server?: ServerTarget): Promise<StoreLocatorData> {
  await requireStore(scope);
  const params = new URL(url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, 60);
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const near = params.has('lat') && params.has('lng') && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  let search: StoreSearch = {};
  if (q) {
    if (!isStoreQuery(q)) return { q, near: false, result: null, problem: 'invalid' };
    search = { q };
  } else if (near) search = { lat, lng };
  try {
    return { q, near: !q && near, result: await searchStores(scope.code, search, server), problem: null };
  } catch {
    return { q, near: false, result: null, problem: 'failed' };
  }
}

/** Find a store: by postcode or city, or near the shopper; the stores nearest first, each to its page. */
export default function StoreLocator({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const { q, near, result, problem } = loaderData;
  const searched = Boolean(q) || near;
  const stores = result?.items ?? [];
  let summary: string | null = null;
  if (result && searched) {
    if (!result.origin) summary = t('storeLocator.notFound', { query: q });
    else if (stores.length === 0) summary = t('storeLocator.noneNear');
    else summary = near ? t('storeLocator.countNearYou', { count: stores.length }) : t('storeLocator.countNear', { count: stores.length, place: result.origin.label ?? q });
  }
  return (
    <div className="store-locator">
      <Breadcrumbs crumbs={[{ label: t('breadcrumbs.home'), to: storePath(code) }, { label: t('storeLocator.title') }]} />
      <h1>{t('storeLocator.title')}</h1>
      <p className="store-locator__lead">{t('storeLocator.lead')}</p>
      <StoreSearchForm action={storePath(code, '/stores')} query={q} />
      {problem === 'invalid' && <p role="alert" className="field__error">{t('storeLocator.invalid')}</p>}
      {problem === 'failed' && <p role="alert" className="field__error">{t('storeLocator.failed')}</p>}
      <p className="store-locator__summary" role="status">{summary ?? ''}</p>
      {!searched && stores.length > 0 && <h2 className="store-locator__all">{t('storeLocator.allStores')}</h2>}
      {result?.map && stores.length > 0 && (
        <StoreMap tileUrl={result.map.tile_url} attribution={result.map.attribution} stores={stores} origin={result.origin} label={t('storeLocator.mapLabel')} />
      )}
      {stores.length > 0 && <StoreList stores={stores} storeCode={code} locale={store.locale} />}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
