import { useTranslation } from '../i18n/react';
import { NavLink, redirect } from 'react-router';
import { ListingFilters } from '../components/product/listing-filters';
import type { Route } from './+types/shop';
import { Breadcrumbs } from '../components/common/breadcrumbs';
import { Pagination } from '../components/common/pagination';
import { RouteError } from '../components/common/route-error';
import { ProductCard } from '../components/product/product-card';
import { findCategory, listProductsInCategories } from '../lib/api/catalog.api';
import { GraphqlRequestError } from '../lib/api/client';
import { browserScope, notFound, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { fetchStoreShell } from '../lib/api/store.api';
import { pageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import { listingSearch, readListingParams, tidyListingSearch } from '../lib/catalog/listing-params';
import { htmlToText } from '../lib/text';
import { viewItemListEvent, type PageTracking } from '../lib/tracking/data-layer';

const DEFAULT_PAGE_SIZE = 12;

export const handle = {
  tracking: {
    pageName: 'shop',
    section: 'shop',
    ecommerce: (data) =>
      viewItemListEvent(data.category?.url_key ?? 'all', data.category?.name ?? 'All products', data.products),
  } satisfies PageTracking<Awaited<ReturnType<typeof loadListing>>>,
};

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  if (!loaderData) return pageMeta(t('error.notFoundTitle'));
  const { category } = loaderData;
  return pageMeta(
    category?.meta_title ?? category?.name ?? t('shop.allTitle'),
    htmlToText(category?.meta_description ?? category?.description) || t('shop.allDescription'),
  );
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return loadListing(serverScope(context, params.store), params.category, new URL(request.url));
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadListing(browserScope(params.store), params.category, new URL(request.url));
}

const isInputError = (error: unknown) =>
  error instanceof GraphqlRequestError && error.errors.some((e) => e.extensions?.category === 'graphql-input');

/**
 * One page of a category's products, or of every menu category's when none is named, in the
 * order and with the filters of the query string (`?sort=price_asc&flavour=amber&page=2`).
 */
async function loadListing(scope: StoreScope, categoryKey: string | undefined, url: URL) {
  const store = await requireStore(scope);
  // A GET form sends blank prices and the default order too: the shareable address leaves them out.
  const tidy = tidyListingSearch(url.searchParams);
  if (tidy.toString() !== url.searchParams.toString()) {
    const qs = tidy.toString();
    throw redirect(qs ? `${url.pathname}?${qs}` : url.pathname);
  }
  const pageParam = url.searchParams.get('page') ?? '1';
  if (!/^[1-9]\d{0,3}$/.test(pageParam)) throw notFound();
  const page = Number(pageParam);
  const params = readListingParams(url.searchParams);
  const { categories } = await fetchStoreShell(scope.shell);
  const category = categoryKey ? await findCategory(scope.catalog, categoryKey) : null;
  if (categoryKey && !category) throw notFound();
  const uids = category ? [category.uid] : categories.map((c) => c.uid);
  const pageSize = store.grid_per_page ?? DEFAULT_PAGE_SIZE;
  let filtersIgnored = false;
  const result = await listProductsInCategories(scope.catalog, uids, page, pageSize, params)
    .catch(async (error: unknown) => {
      if (!isInputError(error)) throw error;
      // A filter value the shop does not know (an old or mistyped link): show the listing without
      // the filters and say so, rather than an error page.
      if (params.filtered) {
        filtersIgnored = true;
        return listProductsInCategories(scope.catalog, uids, 1, pageSize, { sort: params.sort }).catch((again: unknown) => {
          throw isInputError(again) ? notFound() : again;
        });
      }
      // The API refuses a page past the last one; for the shopper that page does not exist.
      if (page > 1) throw notFound();
      throw error;
    });
  if (!filtersIgnored && page > 1 && page > result.totalPages) throw notFound();
  return {
    category,
    products: result.items,
    totalCount: result.totalCount,
    currentPage: filtersIgnored ? 1 : page,
    totalPages: result.totalPages,
    facets: result.facets,
    sort: params.sort,
    filters: params.filters,
    filtersIgnored,
  };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store, categories } = useStoreLayout();
  const { category, products, totalCount, currentPage, totalPages, facets, sort, filters, filtersIgnored } = loaderData;
  const code = store.store_code;
  const title = category?.name ?? t('shop.allTitle');
  const basePath = storePath(code, category ? `/shop/${category.url_key}` : '/shop');
  return (
    <div className="listing">
      <Breadcrumbs
        crumbs={[
          { label: t('breadcrumbs.home'), to: storePath(code) },
          ...(category ? [{ label: t('header.shopAll'), to: storePath(code, '/shop') }] : []),
          { label: title },
        ]}
      />
      <header className="listing__header">
        <h1>{title}</h1>
        {category?.description && <p className="listing__lead">{htmlToText(category.description)}</p>}
      </header>
      <nav className="category-filter" aria-label={t('shop.categories')}>
        <ul>
          <li>
            <NavLink to={storePath(code, '/shop')} end>{t('shop.all')}</NavLink>
          </li>
          {categories.map((c) => (
            <li key={c.uid}>
              <NavLink to={storePath(code, `/shop/${c.url_key}`)}>{c.name}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ListingFilters
        action={basePath}
        facets={facets}
        sort={sort}
        filters={filtersIgnored ? undefined : filters}
        currency={store.base_currency_code}
        locale={store.locale}
      />
      {filtersIgnored && <p className="listing__notice" role="alert">{t('catalog.filters.ignored')}</p>}
      <p className="listing__count" role="status">{t('shop.count', { count: totalCount })}</p>
      {products.length > 0 ? (
        <ul className="product-grid">
          {products.map((product, index) => (
            <li key={product.uid}>
              <ProductCard product={product} store={code} locale={store.locale} first={index === 0} list={{ id: category?.url_key ?? 'all', name: category?.name ?? 'All products', index }} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="listing__empty">{filters && !filtersIgnored && totalCount === 0 && facets.length ? t('catalog.filters.none') : t('shop.empty')}</p>
      )}
      <Pagination basePath={basePath} current={currentPage} total={totalPages} query={filtersIgnored ? '' : listingSearch({ sort, filters }).toString()} />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
