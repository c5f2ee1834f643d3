import { lazy, Suspense } from 'react';
import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { LinkCard } from '../components/common/link-card';
import { RouteError } from '../components/common/route-error';
import { ProductCard } from '../components/product/product-card';
import { listProductsInCategories } from '../lib/api/catalog.api';
import { gql, operation } from '../lib/api/gql';
import { browserScope, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { fetchStoreShell } from '../lib/api/store.api';
import { pageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import { htmlToText } from '../lib/text';
import { viewItemListEvent, type PageTracking } from '../lib/tracking/data-layer';

// Only a trial store view's home is the trial's landing page: its code loads there alone (rendered by the server all the same).
const TrialLanding = lazy(() => import('../components/trial/trial-landing').then((m) => ({ default: m.TrialLanding })));

const FEATURED_COUNT = 4;
/** How many of the newest articles the "From the blog" strip shows. */
const BLOG_COUNT = 3;
/** The home page's picture: Ember devices and cartons (db/seed/media/home, decorative). */
const HERO_IMAGE = '/media/home/hero.svg';

export const handle = {
  tracking: {
    pageName: 'home-page',
    section: 'home',
    ecommerce: (data) => viewItemListEvent('featured', 'Featured', data.featured),
  } satisfies PageTracking<Awaited<ReturnType<typeof loadHome>>>,
};

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  return pageMeta(t('home.metaTitle'), t('home.metaDescription'));
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadHome(serverScope(context, params.store));
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadHome(browserScope(params.store));
}

/** Featured products: the first in merchandising order across the menu categories. */
async function loadHome(scope: StoreScope) {
  await requireStore(scope);
  const { categories } = await fetchStoreShell(scope.shell);
  const [page, blog] = await Promise.all([
    listProductsInCategories(scope.catalog, categories.map((c) => c.uid), 1, FEATURED_COUNT, { facets: false }),
    scope.catalog.request(HOME_ARTICLES_QUERY, { pageSize: BLOG_COUNT }),
  ]);
  return { featured: page.items, articles: blog.blogArticles.items };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store, categories } = useStoreLayout();
  const code = store.store_code;
  // A trial store view's home is the free trial's landing page (its kit is the one product it sells).
  if (store.is_trial_store) {
    const kit = loaderData.featured[0] ?? null;
    const price = kit?.price_range.minimum_price.final_price;
    return (
      <Suspense fallback={null}>
        <TrialLanding store={store} kit={kit ? { url_key: kit.url_key ?? null, price: price?.value != null ? { value: price.value, currency: price.currency ?? 'GBP' } : null } : null} />
      </Suspense>
    );
  }
  return (
    <>
      <section className="hero hero--home" aria-labelledby="hero-heading">
        <div className="hero__content">
          <p className="hero__eyebrow">{t('home.eyebrow')}</p>
          <h1 id="hero-heading">{t('home.headline')}</h1>
          <p className="hero__lead">{t('home.lead')}</p>
          <p className="hero__actions">
            <Link className="button" to={storePath(code, '/shop')}>{t('home.shopNow')}</Link>
            <Link className="button button--secondary" to={storePath(code, '/faq')}>{t('home.questions')}</Link>
          </p>
        </div>
        <img className="hero__image" src={HERO_IMAGE} alt="" width={640} height={480} fetchPriority="high" />
      </section>

      <section className="section" aria-labelledby="categories-heading">
        <h2 id="categories-heading">{t('home.categories')}</h2>
        <ul className="category-tiles">
          {categories.map((category) => (
            <li key={category.uid} className="category-tile">
              {category.image ? (
                <img className="category-tile__image" src={category.image} alt="" width={400} height={300} loading="lazy" />
              ) : null}
              <h3>
                <Link to={storePath(code, `/shop/${category.url_key}`)}>{category.name}</Link>
              </h3>
              {category.description && <p>{htmlToText(category.description)}</p>}
            </li>
          ))}
        </ul>
      </section>

      {loaderData.featured.length > 0 && (
        <section className="section" aria-labelledby="featured-heading">
          <h2 id="featured-heading">{t('home.featured')}</h2>
          <ul className="product-grid">
            {loaderData.featured.map((product, index) => (
              <li key={product.uid}>
                <ProductCard product={product} store={code} locale={store.locale} headingLevel={3} list={{ id: 'featured', name: 'Featured', index }} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {loaderData.articles.length > 0 && (
        <section className="section" aria-labelledby="blog-heading">
          <h2 id="blog-heading">{t('blog.fromTheBlog')}</h2>
          <ul className="link-card-list">
            {loaderData.articles.map((article) => (
              <li key={article.slug}>
                <LinkCard title={article.title} to={storePath(code, `/blog/${article.slug}`)}>{article.summary}</LinkCard>
              </li>
            ))}
            <li><LinkCard title={t('blog.allArticles')} to={storePath(code, '/blog')} /></li>
          </ul>
        </section>
      )}
    </>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}

/** The newest articles for the "From the blog" strip: titles and summaries only. */
export const HOME_ARTICLES_QUERY = operation('HomeArticles', gql`
  query HomeArticles($pageSize: Int!) {
    blogArticles(currentPage: 1, pageSize: $pageSize) {
      items {
        slug
        title
        summary
      }
    }
  }
`);
