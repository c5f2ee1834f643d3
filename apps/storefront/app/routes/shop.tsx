import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
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

/** One page of a category's products, or of every menu category's when none is named. */
async function loadListing(scope: StoreScope, categoryKey: string | undefined, url: URL) {
  const store = await requireStore(scope);
  const pageParam = url.searchParams.get('page') ?? '1';
  if (!/^[1-9]\d{0,3}$/.test(pageParam)) throw notFound();
  const page = Number(pageParam);
  const { categories } = await fetchStoreShell(scope.shell);
  const category = categoryKey ? await findCategory(scope.catalog, categoryKey) : null;
  if (categoryKey && !category) throw notFound();
  const uids = category ? [category.uid] : categories.map((c) => c.uid);
  const result = await listProductsInCategories(scope.catalog, uids, page, store.grid_per_page ?? DEFAULT_PAGE_SIZE)
    .catch((error: unknown) => {
      // The API refuses a page past the last one; for the shopper that page does not exist.
      if (page > 1 && error instanceof GraphqlRequestError && error.errors.some((e) => e.extensions?.category === 'graphql-input')) {
        throw notFound();
      }
      throw error;
    });
  if (page > 1 && page > result.totalPages) throw notFound();
  return {
    category,
    products: result.items,
    totalCount: result.totalCount,
    currentPage: page,
    totalPages: result.totalPages,
  };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store, categories } = useStoreLayout();
  const { category, products, totalCount, currentPage, totalPages } = loaderData;
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
      <p className="listing__count" role="status">{t('shop.count', { count: totalCount })}</p>
      {products.length > 0 ? (
        <ul className="product-grid">
          {products.map((product) => (
            <li key={product.uid}>
              <ProductCard product={product} store={code} locale={store.locale} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="listing__empty">{t('shop.empty')}</p>
      )}
      <Pagination basePath={basePath} current={currentPage} total={totalPages} />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
