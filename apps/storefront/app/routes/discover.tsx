import { useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import type { Route } from './+types/discover';
import { RouteError } from '../components/common/route-error';
import { Price } from '../components/product/price';
import { findProductsBySkus } from '../lib/api/catalog.api';
import { findMarketingPage } from '../lib/api/content.api';
import { browserScope, notFound, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { pageMeta, translatorFor } from '../lib/meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import { paragraphs } from '../lib/text';
import { viewItemListEvent, type PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: {
    pageName: 'product-marketing-page',
    section: 'discover',
    ecommerce: (data) =>
      viewItemListEvent(`discover-${data.page.slug}`, data.page.title, data.product ? [data.product] : []),
  } satisfies PageTracking<Awaited<ReturnType<typeof loadDiscover>>>,
};

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  if (!loaderData) return pageMeta(t('error.notFoundTitle'));
  return pageMeta(loaderData.page.title, loaderData.page.headline);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadDiscover(serverScope(context, params.store), params.slug);
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadDiscover(browserScope(params.store), params.slug);
}

/** The marketing page and the product it is about (null when the product is not sold here). */
async function loadDiscover(scope: StoreScope, slug: string) {
  await requireStore(scope);
  const page = await findMarketingPage(scope.catalog, slug);
  if (!page) throw notFound();
  const [product] = await findProductsBySkus(scope.catalog, [page.product_sku]);
  return { page, product: product ?? null };
}

export default function Discover({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const { page, product } = loaderData;
  const productPath = product ? storePath(store.store_code, `/p/${product.url_key}`) : null;
  return (
    <article className="discover">
      <header className="discover__hero">
        <p className="hero__eyebrow">{page.title}</p>
        <h1>{page.headline}</h1>
        {product && productPath && (
          <div className="discover__cta">
            <Price range={product.price_range} locale={store.locale} size="large" />
            <Link className="button" to={productPath}>{t('discover.shop', { name: product.name })}</Link>
          </div>
        )}
      </header>
      {page.sections.map((section, i) => (
        <section key={`${section.heading}-${i}`} className={`discover__section${i % 2 ? ' discover__section--flip' : ''}`}>
          <div className="discover__text">
            <h2>{section.heading}</h2>
            {paragraphs(section.body).map((text, j) => <p key={j}>{text}</p>)}
          </div>
          {section.image && (
            <div className="discover__media">
              <img src={section.image} alt="" loading="lazy" width={640} height={480} />
            </div>
          )}
        </section>
      ))}
      {product && productPath && (
        <aside className="discover__teaser" aria-labelledby="discover-teaser-heading">
          <h2 id="discover-teaser-heading">{product.name}</h2>
          {product.subtitle && <p>{product.subtitle}</p>}
          <Price range={product.price_range} locale={store.locale} />
          <Link className="button" to={productPath}>{t('discover.viewProduct')}</Link>
        </aside>
      )}
    </article>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
