import { useTranslation } from '../i18n/react';
import type { Route } from './+types/blog-article';
import { Breadcrumbs } from '../components/common/breadcrumbs';
import { RouteError } from '../components/common/route-error';
import { StructuredData } from '../components/common/structured-data';
import { LegalText } from '../components/legal/legal-text';
import { ProductCard } from '../components/product/product-card';
import { findBlogArticle } from '../lib/api/blog.api';
import { browserScope, notFound, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { dateFormat, languageTag } from '../lib/locale';
import { pageMeta, storeFromMatches, translatorFor } from '../lib/meta';
import { publicUrl } from '../lib/seo';
import { canonicalMeta, openGraphMeta, publicAssetUrl } from '../lib/seo-meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'article-page', section: 'blog' } satisfies PageTracking,
};

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  const store = storeFromMatches(matches);
  if (!loaderData || !store) return pageMeta(t('error.notFoundTitle'));
  const { article } = loaderData;
  const url = publicUrl(store, `/blog/${article.slug}`);
  return [
    ...pageMeta(article.meta_title, article.meta_description),
    canonicalMeta(url),
    ...openGraphMeta({
      type: 'article', title: article.meta_title, description: article.meta_description, url, locale: store.locale,
      image: article.hero_image ? publicAssetUrl(store, article.hero_image) : null,
    }),
    { property: 'article:published_time', content: article.published_at },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadArticle(serverScope(context, params.store), params.slug);
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadArticle(browserScope(params.store), params.slug);
}

/** One article of the store's language; an unknown slug is a 404. Its translations are its hreflang alternates. */
async function loadArticle(scope: StoreScope, slug: string) {
  await requireStore(scope);
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) throw notFound();
  const article = await findBlogArticle(scope.catalog, slug);
  if (!article) throw notFound();
  return { article, alternateStores: article.store_codes };
}

/** An article rendered on the server: hero, byline, markdown body, the products it presents, JSON-LD Article. */
export default function BlogArticlePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const { article } = loaderData;
  const published = dateFormat(store.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(article.published_at));
  const url = publicUrl(store, `/blog/${article.slug}`);
  return (
    <article className="blog-article">
      <Breadcrumbs crumbs={[
        { label: t('breadcrumbs.home'), to: storePath(code) },
        { label: t('blog.title'), to: storePath(code, '/blog') },
        { label: article.title },
      ]} />
      <h1>{article.title}</h1>
      <p className="blog-meta">{t('blog.byline', { author: article.author, date: published })}</p>
      {article.categories.length > 0 && (
        <ul className="blog-article__categories" aria-label={t('blog.topics')}>
          {article.categories.map((c) => <li key={c}>{t(`blog.categories.${c}`, { defaultValue: c })}</li>)}
        </ul>
      )}
      {article.hero_image && (
        <img className="blog-article__hero" src={article.hero_image} alt={article.hero_image_alt} width={960} height={540} fetchPriority="high" />
      )}
      <p className="blog-article__lead">{article.summary}</p>
      <LegalText markdown={article.content} />
      {article.related_products.length > 0 && (
        <section className="section related" aria-labelledby="article-products">
          <h2 id="article-products">{t('blog.related')}</h2>
          <ul className="product-grid product-grid--compact">
            {article.related_products.map((product) => (
              <li key={product.uid}>
                <ProductCard product={product} store={code} locale={store.locale} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <StructuredData data={{
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: article.title,
        description: article.meta_description,
        ...(article.hero_image ? { image: [publicAssetUrl(store, article.hero_image)] } : {}),
        datePublished: article.published_at,
        author: { '@type': 'Person', name: article.author },
        publisher: { '@type': 'Organization', name: 'Ember' },
        inLanguage: languageTag(store.locale),
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      }} />
    </article>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
