import { useTranslation } from '../i18n/react';
import type { Route } from './+types/legal';
import { Breadcrumbs } from '../components/common/breadcrumbs';
import { RouteError } from '../components/common/route-error';
import { LegalText } from '../components/legal/legal-text';
import { findLegalPage } from '../lib/api/content.api';
import { browserScope, notFound, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { pageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'other', section: 'legal' } satisfies PageTracking,
};

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  if (!loaderData) return pageMeta(t('error.notFoundTitle'));
  return pageMeta(loaderData.page.title, loaderData.page.meta_description);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadLegalPage(serverScope(context, params.store), params.page);
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadLegalPage(browserScope(params.store), params.page);
}

/** The current version of one legal page of the store view; an unknown page is a 404. */
async function loadLegalPage(scope: StoreScope, identifier: string) {
  await requireStore(scope);
  if (!/^[a-z0-9-]{1,64}$/.test(identifier)) throw notFound();
  const page = await findLegalPage(scope.catalog, identifier);
  if (!page) throw notFound();
  return { page };
}

/** A legal text rendered on the server (indexable), its version and publication date at the end. */
export default function Legal({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const { page } = loaderData;
  const published = page.published_at
    ? new Intl.DateTimeFormat(store.locale.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(page.published_at))
    : null;
  return (
    <article className="legal-page">
      <Breadcrumbs crumbs={[{ label: t('breadcrumbs.home'), to: storePath(store.store_code) }, { label: page.title }]} />
      <h1>{page.title}</h1>
      <LegalText markdown={page.content} />
      {page.version !== null && (
        <p className="legal-page__version">
          {published ? t('legal.versionPublished', { version: page.version, date: published }) : t('legal.version', { version: page.version })}
        </p>
      )}
    </article>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
