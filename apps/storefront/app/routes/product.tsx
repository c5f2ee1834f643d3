import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/product';
import { Breadcrumbs } from '../components/common/breadcrumbs';
import { RouteError } from '../components/common/route-error';
import { jsonLd } from '../components/common/structured-data';
import { useNonce } from '../lib/nonce';
import { AddToCart } from '../components/cart/add-to-cart';
import { BundleContents } from '../components/product/bundle-contents';
import { BundleOptions } from '../components/product/bundle-options';
import { Gallery } from '../components/product/gallery';
import { PointsBadge } from '../components/product/points-badge';
import { Price } from '../components/product/price';
import { PriceTiers } from '../components/product/price-tiers';
import { RelatedProducts } from '../components/product/related-products';
import { StockStatus } from '../components/product/stock-status';
import { Swatches } from '../components/product/swatches';
import { TradeInSlot } from '../components/trade-in/trade-in-slot';
import { findProductPage, type ProductDetail, type ProductSummary } from '../lib/api/catalog.api';
import { bundleMedia, bundlePriceFor, chooseBundleOption, initialBundleChoice, type BundleChoice } from '../lib/catalog/bundle-choice';
import { browserScope, notFound, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { pageMeta, translatorFor } from '../lib/meta';
import { productStructuredData } from '../lib/product-structured-data';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import { htmlToText, paragraphs } from '../lib/text';
import { viewItemEvent, type PageTracking } from '../lib/tracking/data-layer';
import {
  configurableOptions, findVariant, initialSelection, selectionToSearch, sortedMedia, type Selection,
} from '../lib/variants';

// The subscription choice comes with its own code: the server renders it with the page, and the pages
// of products without a subscription (most of them) carry none of it in their first scripts.
// A trial kit's terms come in the same file (docs/decisions/0057).
const ProductOffer = lazy(() => import('../components/product/offers'));

export const handle = {
  tracking: {
    pageName: 'product-details-page',
    section: 'shop',
    ecommerce: (data) => viewItemEvent(data.product),
    ignoreSearch: true,
  } satisfies PageTracking<Awaited<ReturnType<typeof loadProduct>>>,
};

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  if (!loaderData) return pageMeta(t('error.notFoundTitle'));
  const { product } = loaderData;
  return pageMeta(product.meta_title ?? product.name ?? '', product.meta_description ?? product.subtitle);
}

// The product's JSON-LD (schema.org Product with its offer, docs/decisions/0064) is for crawlers,
// which get the server's render: made by the server loader only, so its code never ships to the
// browser (a navigation in the browser renders none).
export async function loader({ params, context }: Route.LoaderArgs) {
  const scope = serverScope(context, params.store);
  const page = await loadProduct(scope, params.urlKey);
  const store = await requireStore(scope);
  const image = sortedMedia(page.product.media_gallery)[0]?.url ?? null;
  return { ...page, structuredData: jsonLd(productStructuredData(page.product, store, image)) as string | undefined };
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadProduct(browserScope(params.store), params.urlKey);
}

async function loadProduct(scope: StoreScope, urlKey: string) {
  await requireStore(scope);
  const page = await findProductPage(scope.catalog, urlKey);
  if (!page) throw notFound();
  return page;
}

/** Choosing a colour only rewrites the query string: the product is already loaded. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  // A new product starts with a fresh selection and gallery.
  return (
    <ProductDetails
      key={loaderData.product.sku} product={loaderData.product} marketingSlug={loaderData.marketingSlug}
      structuredData={'structuredData' in loaderData ? loaderData.structuredData : undefined}
    />
  );
}

function ProductDetails({ product, marketingSlug, structuredData }: { product: ProductDetail; marketingSlug: string | null; structuredData?: string }) {
  const { t } = useTranslation();
  // The JSON-LD script carries the document's nonce like its other inline scripts.
  const nonce = useNonce();
  const { store } = useStoreLayout();
  const [searchParams, setSearchParams] = useSearchParams();
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product, searchParams));
  const [bundleChoice, setBundleChoice] = useState<BundleChoice>(() => initialBundleChoice(product));
  const code = store.store_code;
  const isBundle = product.__typename === 'BundleProduct' && !!product.items?.length;
  const related = (product.related_products ?? []).filter((p): p is ProductSummary => p !== null);

  const variant = findVariant(product, selection)?.product ?? null;
  const variantMedia = sortedMedia(variant?.media_gallery);
  const ownMedia = sortedMedia(product.media_gallery);
  // A kit shows its own picture, then a picture of each product the shopper has chosen for it.
  const images = variantMedia.length
    ? variantMedia
    : isBundle
      ? [...ownMedia.slice(0, 1), ...bundleMedia(product, bundleChoice)]
      : ownMedia;
  const tiers = variant?.price_tiers?.length ? variant.price_tiers : (product.price_tiers ?? []);
  const lead = paragraphs(htmlToText(product.short_description?.html));
  const description = paragraphs(htmlToText(product.description?.html));

  const select = (attribute: string, valueUid: string) => {
    const next = { ...selection, [attribute]: valueUid };
    setSelection(next);
    setSearchParams(selectionToSearch(product, next), { replace: true, preventScrollReset: true });
  };

  return (
    <div className="pdp">
      <Breadcrumbs
        crumbs={[
          { label: t('breadcrumbs.home'), to: storePath(code) },
          { label: t('header.shopAll'), to: storePath(code, '/shop') },
          { label: product.name ?? '' },
        ]}
      />
      <div className="pdp__grid">
        <Gallery key={variant?.sku ?? (isBundle ? images.map((i) => i.url).join() : product.sku)} images={images} productName={product.name ?? ''} />
        <div className="pdp__info">
          <h1 className="pdp__name">{product.name}</h1>
          {product.subtitle && <p className="pdp__subtitle">{product.subtitle}</p>}
          <PointsBadge sku={variant?.sku ?? product.sku ?? ''} />
          <Price
            range={variant?.price_range ?? (isBundle ? bundlePriceFor(product, bundleChoice) : product.price_range)}
            locale={store.locale}
            size="large"
          />
          <StockStatus
            status={variant?.stock_status ?? product.stock_status}
            onlyLeft={variant ? variant.only_x_left_in_stock : product.only_x_left_in_stock}
          />
          {configurableOptions(product).map((option) => (
            <Swatches key={option.uid} product={product} option={option} selection={selection} onSelect={select} />
          ))}
          {isBundle && (
            <BundleOptions
              product={product}
              choice={bundleChoice}
              onChoose={(item, option, on) => setBundleChoice((c) => chooseBundleOption(product, c, item, option, on))}
              locale={store.locale}
            />
          )}
          <AddToCart key={product.sku} store={code} product={product} variant={variant} bundle={isBundle ? bundleChoice : undefined}>
            {(product.subscription_offer || product.product_kind === 'trial_kit') && (
              <Suspense>
                <ProductOffer offer={product.subscription_offer} price={product.price_range} urlKey={product.url_key ?? ''} store={code} locale={store.locale} />
              </Suspense>
            )}
          </AddToCart>
          {(product.product_kind === 'device' || product.product_kind === 'bundle') && <TradeInSlot store={code} />}
          <PriceTiers tiers={tiers} locale={store.locale} />
          {lead.length > 0 && (
            <div className="pdp__lead">
              {lead.map((text, i) => <p key={i}>{text}</p>)}
            </div>
          )}
          {marketingSlug && (
            <p>
              <Link className="text-link" to={storePath(code, `/discover/${marketingSlug}`)}>
                {t('product.discover', { name: product.name })}
              </Link>
            </p>
          )}
          {product.disclaimer && (
            <p className="pdp__disclaimer" role="note">{product.disclaimer}</p>
          )}
        </div>
      </div>
      {isBundle && <BundleContents product={product} choice={bundleChoice} />}
      {description.length > 0 && (
        <section className="pdp__description" aria-labelledby="description-heading">
          <h2 id="description-heading">{t('catalog.description.heading')}</h2>
          {description.map((text, i) => <p key={i}>{text}</p>)}
        </section>
      )}
      <RelatedProducts products={related} store={code} locale={store.locale} />
      {structuredData && <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: structuredData }} />}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
