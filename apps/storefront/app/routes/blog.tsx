import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import type { Route } from './+types/blog';
import { Breadcrumbs } from '../components/common/breadcrumbs';
import { LinkCard } from '../components/common/link-card';
import { Pagination } from '../components/common/pagination';
import { RouteError } from '../components/common/route-error';
import { listBlogArticles } from '../lib/api/blog.api';
import { browserScope, notFound, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { dateFormat } from '../lib/locale';
import { pageMeta, storeFromMatches, translatorFor } from '../lib/meta';
import { publicUrl } from '../lib/seo';
import { canonicalMeta, openGraphMeta } from '../lib/seo-meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'blog', section: 'blog' } satisfies PageTracking,
};

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  const store = storeFromMatches(matches);
  if (!loaderData || !store) return pageMeta(t('error.notFoundTitle'));
  const title = loaderData.page > 1 ? `${t('blog.title')} · ${t('blog.pageOf', { page: loaderData.page, total: loaderData.listing.page_info.total_pages })}` : t('blog.title');
  const url = publicUrl(store, `/blog${loaderData.search}`);
  return [
    ...pageMeta(title, t('blog.metaDescription')),
    canonicalMeta(url),
    ...openGraphMeta({ title, description: t('blog.metaDescription'), url, locale: store.locale }),
  ];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  return loadBlog(serverScope(context, params.store), new URL(request.url).searchParams);
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return loadBlog(browserScope(params.store), new URL(request.url).searchParams);
}

/** A page of articles (`?page=2`), optionally of one topic (`?category=devices`); a page past the end is a 404. */
async function loadBlog(scope: StoreScope, params: URLSearchParams) {
  await requireStore(scope);
  const pageParam = params.get('page');
  const page = pageParam === null ? 1 : Number(pageParam);
  if (!Number.isInteger(page) || page < 1 || page > 1000) throw notFound();
  const category = params.get('category') || undefined;
  if (category !== undefined && !/^[a-z0-9-]{1,40}$/.test(category)) throw notFound();
  const listing = await listBlogArticles(scope.catalog, page, category);
  if (page > 1 && page > (listing.page_info.total_pages ?? 0)) throw notFound();
  const search = new URLSearchParams();
  if (category) search.set('category', category);
  if (page > 1) search.set('page', String(page));
  return { listing, page, category: category ?? null, search: search.size ? `?${search.toString()}` : '' };
}

/** The blog: the newest articles as picture cards, topics to filter by, numbered pages. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const { listing, page, category } = loaderData;
  const date = dateFormat(store.locale, { dateStyle: 'long', timeZone: 'UTC' });
  const topicName = (c: string) => t(`blog.categories.${c}`, { defaultValue: c });
  return (
    <div className="blog-page">
      <Breadcrumbs crumbs={[{ label: t('breadcrumbs.home'), to: storePath(code) }, { label: t('blog.title') }]} />
      <h1>{t('blog.title')}</h1>
      <p className="blog-meta">{t('blog.lead')}</p>
      {listing.categories.length > 0 && (
        <nav aria-label={t('blog.topics')}>
          <ul className="blog-topics">
            <li><Link to={storePath(code, '/blog')} aria-current={category === null ? 'page' : undefined}>{t('blog.allTopics')}</Link></li>
            {listing.categories.map((c) => (
              <li key={c}>
                <Link to={storePath(code, `/blog?category=${c}`)} aria-current={category === c ? 'page' : undefined}>{topicName(c)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {listing.items.length === 0 ? (
        <p>{t('blog.empty')}</p>
      ) : (
        <ul className="link-card-grid">
          {listing.items.map((article) => (
            <li key={article.slug}>
              <LinkCard variant="withImage" title={article.title} to={storePath(code, `/blog/${article.slug}`)} image={article.hero_image}>
                {date.format(new Date(article.published_at))}
              </LinkCard>
            </li>
          ))}
        </ul>
      )}
      <Pagination basePath={storePath(code, '/blog')} current={page} total={listing.page_info.total_pages ?? 1} query={category ? `category=${category}` : ''} />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
