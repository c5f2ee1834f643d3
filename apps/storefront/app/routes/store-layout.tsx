import { lazy, Suspense } from 'react';
import { useTranslation } from '../i18n/react';
import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/store-layout';
import { RouteError } from '../components/common/route-error';
import { ConsentRenewal } from '../components/account/consent-renewal';
import { AgeGate } from '../components/layout/age-gate';
import { AlternateLinks } from '../components/layout/alternate-links';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { browserScope, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { loadCatalogue } from '../i18n/i18n';
import { listLegalPages } from '../lib/api/content.api';
import { fetchFeatureFlags, fetchStoreShell, listStores } from '../lib/api/store.api';
import { DEFAULT_FEATURES } from '../lib/platform-config';
import type { StoreLayoutData } from '../lib/store-layout-data';
import { ConsentHost } from '../components/consent/consent-host';

// Page views need no first-paint code: the tracker comes after the page's scripts (docs/decisions/0072).
const PageTracker = lazy(() => import('../lib/tracking/page-tracker'));
// Loaded after the page's first scripts; it waits for an idle moment before it looks at the location at all.
const DeferredMarketSuggestion = lazy(() => import('../components/location/deferred-market-suggestion').then((m) => ({ default: m.DeferredMarketSuggestion })));

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadStoreLayout(serverScope(context, params.store));
}

/** Runs on a move to another store view, whose language's catalogue may not be loaded yet. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const data = await loadStoreLayout(browserScope(params.store));
  await loadCatalogue(data.store.language);
  return data;
}

/** The store view, the markets to switch to, the menu and the legal pages: the same for every page of a store. */
async function loadStoreLayout(scope: StoreScope): Promise<StoreLayoutData> {
  await requireStore(scope);
  const [shell, stores, legalPages, features] = await Promise.all([
    fetchStoreShell(scope.shell), listStores(scope.directory), listLegalPages(scope.shell), fetchFeatureFlags(scope.catalog),
  ]);
  // The platform configuration's flags, or the defaults when they could not be read.
  return { store: shell.store, stores, categories: shell.categories, legalPages, features: { ...DEFAULT_FEATURES, ...features } };
}

/** Reloaded only when the market changes (or after a form submission). */
export function shouldRevalidate({ currentParams, nextParams, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod) return defaultShouldRevalidate;
  return currentParams.store !== nextParams.store;
}

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store, stores, categories, legalPages } = loaderData;
  return (
    <>
      {/* Search engines read them in the server's document; the browser's bundle leaves them out (docs/decisions/0064). */}
      {import.meta.env.SSR && <AlternateLinks store={store} stores={stores} />}
      <a href="#main" className="skip-link">{t('header.skipToContent')}</a>
      <SiteHeader store={store} stores={stores} categories={categories} />
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter store={store} stores={stores} legalPages={legalPages} />
      <Suspense fallback={null}>
        <PageTracker store={store} />
      </Suspense>
      <AgeGate store={store} stores={stores} />
      <Suspense fallback={null}>
        <DeferredMarketSuggestion store={store} stores={stores} />
      </Suspense>
      <ConsentRenewal store={store} />
      <ConsentHost />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="page page--bare">
      <RouteError error={error} />
    </main>
  );
}
