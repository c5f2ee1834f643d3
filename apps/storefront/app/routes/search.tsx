import { Link } from 'react-router';
import type { Route } from './+types/search';
import { Breadcrumbs } from '../components/common/breadcrumbs';
import { Pagination } from '../components/common/pagination';
import { RouteError } from '../components/common/route-error';
import { MarkedText } from '../components/search/marked-text';
import { useTranslation } from '../i18n/react';
import { apiTargetFrom, type ServerTarget } from '../lib/api/load-context';
import { browserScope, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { isSearchable, SEARCH_TABS, SearchApiError, searchShop, type SearchResult, type SearchType } from '../lib/api/search.api';
import { privatePageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import { pushEcommerceEvent, type EcommerceEvent, type PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: {
    pageName: 'search-results',
    section: 'search',
    ecommerce: (data) => searchListEvent('view_item_list', data.result?.items ?? []),
  } satisfies PageTracking<SearchPageData>,
};

const SEARCH_LIST = { item_list_id: 'search_results', item_list_name: 'Search results' };

/** GA4's list events of the results' products (a product result's id is its SKU): the list shown, or the one opened. */
function searchListEvent(event: 'view_item_list' | 'select_item', items: SearchResult['items'], only?: SearchResult['items'][number]): EcommerceEvent | null {
  const products = items.map((item, index) => ({ item, index })).filter(({ item }) => item.type === 'product' && (!only || item === only));
  if (!products.length) return null;
  return { event, ecommerce: { ...SEARCH_LIST, items: products.map(({ item, index }) => ({ item_id: item.id, item_name: item.title, index, ...SEARCH_LIST })) } };
}

const PER_PAGE = 10;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = translatorFor(matches);
  // Result pages are many and thin: kept out of search engines, as every shop does.
  return privatePageMeta(loaderData?.q ? t('search.titleFor', { query: loaderData.q }) : t('search.title'));
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return loadSearch(serverScope(context, params.store), request.url, apiTargetFrom(context));
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadSearch(browserScope(params.store), request.url);
}

interface SearchPageData {
  q: string;
  type: SearchType | null;
  page: number;
  result: SearchResult | null;
  /** Why there are no results to show: a query the search refuses, or a search that failed. */
  problem: 'invalid' | 'failed' | null;
}

async function loadSearch(scope: StoreScope, url: string, server?: ServerTarget): Promise<SearchPageData> {
  await requireStore(scope);
  const params = new URL(url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const typeParam = params.get('type');
  const type = SEARCH_TABS.includes(typeParam as SearchType) ? (typeParam as SearchType) : null;
  const page = Math.min(Math.max(Number.parseInt(params.get('page') ?? '1', 10) || 1, 1), 100);
  if (!q) return { q, type, page, result: null, problem: null };
  if (!isSearchable(q)) return { q, type, page, result: null, problem: 'invalid' };
  try {
    return { q, type, page, result: await searchShop(scope.code, { q, type, page, perPage: PER_PAGE }, server), problem: null };
  } catch (error) {
    return { q, type, page, result: null, problem: error instanceof SearchApiError && error.status === 400 ? 'invalid' : 'failed' };
  }
}

/** The results of the header's search: a tab per kind with its count, ten per page. */
export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const { q, type, page, result, problem } = loaderData;
  const basePath = storePath(code, '/search');
  const searchFor = (query: string, tab: SearchType | null = null) => {
    const p = new URLSearchParams({ q: query });
    if (tab) p.set('type', tab);
    return `${basePath}?${p}`;
  };
  const all = result ? SEARCH_TABS.reduce((n, tab) => n + result.counts[tab], 0) : 0;

  return (
    <div className="search-page">
      <Breadcrumbs crumbs={[{ label: t('breadcrumbs.home'), to: storePath(code) }, { label: t('search.title') }]} />
      <h1>{q ? t('search.titleFor', { query: q }) : t('search.title')}</h1>
      {!q && <p>{t('search.empty')}</p>}
      {problem === 'invalid' && <p role="alert">{t('search.invalid')}</p>}
      {problem === 'failed' && <p role="alert">{t('search.failed')}</p>}
      {result && (
        <>
          {result.corrected_query && result.total > 0 && (
            <p className="search-page__corrected">{t('search.showingFor', { query: result.corrected_query })}</p>
          )}
          {all > 0 && (
            <nav className="search-page__tabs" aria-label={t('search.typesLabel')}>
              <ul>
                <li>
                  <Link to={searchFor(q)} aria-current={type === null ? 'page' : undefined}>
                    {t('search.types.all')} <span className="search-page__count">({all})</span>
                  </Link>
                </li>
                {SEARCH_TABS.filter((tab) => result.counts[tab] > 0 || tab === type).map((tab) => (
                  <li key={tab}>
                    <Link to={searchFor(q, tab)} aria-current={type === tab ? 'page' : undefined}>
                      {t(`search.typesPlural.${tab}`)} <span className="search-page__count">({result.counts[tab]})</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <p className="search-page__summary" role="status">{t('search.resultCount', { count: result.total })}</p>
          {result.total === 0 && (
            <div className="search-page__none">
              <p>{t('search.noResults', { query: q })}</p>
              {result.suggestions.length > 0 && (
                <>
                  <p>{t('search.tryInstead')}</p>
                  <ul className="search-page__suggestions">
                    {result.suggestions.map((s) => <li key={s}><Link to={searchFor(s)}>{s}</Link></li>)}
                  </ul>
                </>
              )}
              <p><Link to={storePath(code, '/shop')}>{t('search.browseShop')}</Link> · <Link to={storePath(code, '/faq')}>{t('search.browseFaq')}</Link></p>
            </div>
          )}
          <ol className="search-results" start={(page - 1) * PER_PAGE + 1}>
            {result.items.map((item) => (
              <li key={`${item.type}-${item.id}`} className="search-result">
                {item.image_url && <img src={item.image_url} alt="" width={72} height={72} loading="lazy" className="search-result__image" />}
                <div className="search-result__text">
                  <span className="search-result__type">{t(`search.types.${item.type}`)}</span>
                  <h2 className="search-result__title">
                    <Link to={item.url} onClick={() => pushEcommerceEvent(searchListEvent('select_item', result.items, item))}><MarkedText html={item.title_html} text={item.title} /></Link>
                  </h2>
                  {item.subtitle && <p className="search-result__subtitle">{item.subtitle}</p>}
                  {item.snippet && <p className="search-result__snippet"><MarkedText html={item.snippet} text={item.snippet.replace(/<\/?mark>/g, '')} /></p>}
                </div>
              </li>
            ))}
          </ol>
          <Pagination basePath={basePath} current={page} total={Math.min(result.total_pages, 100)} query={new URLSearchParams({ q, ...(type ? { type } : {}) }).toString()} />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
