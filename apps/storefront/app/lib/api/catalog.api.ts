import type { GraphqlClient } from './client';
import type {
  CategoryByUrlKeyQuery, PriceRangePartsFragment, ProductAttributeFilterInput, ProductAttributeSortInput,
  ProductDetailQuery, ProductListQuery, ProductStockStatus, ProductSummaryFragment, TierPartsFragment,
} from './graphql.generated';
import { compact, type Compact } from './compact';
import { gql, operation, withFragments } from './gql';

// The shapes below are the generated result types of this file's documents (graphql.generated.ts).

/** An amount as a document selects it (`{ value currency }`). */
export type Money = PriceRangePartsFragment['minimum_price']['final_price'];
export type PriceRange = PriceRangePartsFragment;
export type TierPrice = TierPartsFragment;
export type StockStatus = ProductStockStatus;

/** What a product tile shows. */
export type ProductSummary = ProductSummaryFragment;
export type ProductTypename = ProductSummary['__typename'];

type DetailItem = NonNullable<NonNullable<NonNullable<ProductDetailQuery['products']>['items']>[number]>;
type ConfigurableDetail = Extract<DetailItem, { __typename: 'ConfigurableProduct' }>;
type BundleDetail = Extract<DetailItem, { __typename: 'BundleProduct' }>;

/**
 * Everything the product details page shows. The document selects options and variants on
 * configurable products and items on bundles only; on other products they are absent.
 */
export type ProductDetail = Compact<DetailItem
  & Partial<Pick<ConfigurableDetail, 'configurable_options' | 'variants'>>
  & Partial<Pick<BundleDetail, 'items'>>>;

export type MediaItem = NonNullable<ProductDetail['media_gallery']>[number];
/** How the product is offered as a subscription (docs/decisions/0059), when it is. */
export type SubscriptionOffer = NonNullable<ProductDetail['subscription_offer']>;
export type ConfigurableOption = NonNullable<ProductDetail['configurable_options']>[number];
export type Variant = NonNullable<ProductDetail['variants']>[number];
export type BundleItem = NonNullable<ProductDetail['items']>[number];
export type BundleOption = NonNullable<BundleItem['options']>[number];

type Aggregation = NonNullable<NonNullable<NonNullable<ProductListQuery['products']>['aggregations']>[number]>;

/** One facet of a listing (Magento's Aggregation) with its options and how many products each shows. */
export type Facet = Omit<Aggregation, 'options'> & { options: NonNullable<NonNullable<Aggregation['options']>[number]>[] };

export interface ProductPage {
  items: ProductSummary[];
  totalCount: number;
  currentPage: number;
  totalPages: number;
  /** Layered navigation of the listing (flavour, intensity, colour), labelled in the store's language. */
  facets: Facet[];
}

/** The order of a listing, as the URL names it (`?sort=price_asc`). */
export type ListingSort = 'position' | 'price_asc' | 'price_desc' | 'name_asc' | 'name_desc' | 'newest';

/** What a listing shows: facet values by attribute code and a price range in major units. */
export interface ListingFilters {
  flavor: string[];
  intensity: string[];
  color: string[];
  priceFrom: number | null;
  priceTo: number | null;
}

export type ListingCategory = NonNullable<NonNullable<NonNullable<CategoryByUrlKeyQuery['categories']>['items']>[number]>;

/** Magento's sort input for a listing order. */
const SORT_INPUT: Record<ListingSort, ProductAttributeSortInput> = {
  position: { position: 'ASC' },
  price_asc: { price: 'ASC' },
  price_desc: { price: 'DESC' },
  name_asc: { name: 'ASC' },
  name_desc: { name: 'DESC' },
  newest: { created_at: 'DESC' },
};

const NO_FILTERS: ListingFilters = { flavor: [], intensity: [], color: [], priceFrom: null, priceTo: null };

/** The filter input of a listing: its categories plus the shopper's facet values and price range. */
function filterInput(categoryUids: string[], f: ListingFilters): ProductAttributeFilterInput {
  const filter: ProductAttributeFilterInput = { category_uid: { in: categoryUids } };
  if (f.flavor.length) filter.flavor = { in: f.flavor };
  if (f.intensity.length) filter.intensity = { in: f.intensity };
  if (f.color.length) filter.color = { in: f.color };
  if (f.priceFrom !== null || f.priceTo !== null) {
    filter.price = {
      ...(f.priceFrom !== null ? { from: String(f.priceFrom) } : {}),
      ...(f.priceTo !== null ? { to: String(f.priceTo) } : {}),
    };
  }
  return filter;
}

function present<T>(items: (T | null)[] | null | undefined): T[] {
  return (items ?? []).filter((i): i is T => i !== null);
}

/**
 * One page of the products in any of the given categories, in the chosen order, narrowed by the
 * shopper's filters, with the listing's facets unless `facets: false`.
 */
export async function listProductsInCategories(
  client: GraphqlClient, categoryUids: string[], page: number, pageSize: number,
  options: { sort?: ListingSort; filters?: ListingFilters; facets?: boolean } = {},
): Promise<ProductPage> {
  if (!categoryUids.length) return { items: [], totalCount: 0, currentPage: 1, totalPages: 0, facets: [] };
  const data = await client.request(PRODUCT_LIST_QUERY, {
    filter: filterInput(categoryUids, options.filters ?? NO_FILTERS),
    sort: SORT_INPUT[options.sort ?? 'position'],
    pageSize,
    currentPage: page,
    // Counting facets costs a query; only listings show them.
    withFacets: options.facets ?? true,
  });
  const totalCount = data.products?.total_count ?? 0;
  const facets: Facet[] = present(data.products?.aggregations ?? []).map((a) => ({
    attribute_code: a.attribute_code,
    label: a.label,
    options: present(a.options),
  }));
  return {
    items: present(data.products?.items),
    totalCount,
    currentPage: data.products?.page_info?.current_page ?? page,
    totalPages: data.products?.page_info?.total_pages ?? Math.ceil(totalCount / pageSize),
    facets,
  };
}

/** Spec §9: the query key of the products-essentials-by-SKU query. */
export const PRODUCT_ESSENTIAL_QUERY = 'PRODUCT_ESSENTIAL_QUERY';

/**
 * The query-cache options of products' essentials by SKU (spec §7): one entry per store view and
 * set of SKUs, whatever their order, run only when there are SKUs (spec §4).
 */
export function productEssentialsQuery(client: GraphqlClient, skus: string[]) {
  return {
    queryKey: [PRODUCT_ESSENTIAL_QUERY, client.store, [...skus].sort()],
    queryFn: () => findProductsBySkus(client, skus),
    enabled: skus.length > 0,
  };
}

/** Product tiles by SKU, in the order asked for; SKUs not sold in the store are left out. */
export async function findProductsBySkus(client: GraphqlClient, skus: string[]): Promise<ProductSummary[]> {
  if (!skus.length) return [];
  const data = await client.request(PRODUCTS_BY_SKU_QUERY, {
    skus,
    pageSize: skus.length,
  });
  const found = present(data.products?.items);
  return skus.flatMap((sku) => found.filter((p) => p.sku === sku));
}

/** The category a listing URL names, or null when the store has none with that URL key. */
export async function findCategory(client: GraphqlClient, urlKey: string): Promise<ListingCategory | null> {
  const data = await client.request(
    CATEGORY_QUERY,
    { urlKey },
  );
  return present(data.categories?.items).find((c) => c.url_key === urlKey) ?? null;
}

/** A product page's data, and whether a marketing page tells the product's story. */
export async function findProductPage(
  client: GraphqlClient, urlKey: string,
): Promise<{ product: ProductDetail; marketingSlug: string | null } | null> {
  const data = await client.request(PRODUCT_DETAIL_QUERY, { urlKey }, { nullable: ['marketingPage'] });
  const product = present(data.products?.items).find((p) => p.url_key === urlKey);
  if (!product) return null;
  return { product: compact(product), marketingSlug: data.marketingPage?.slug ?? null };
}

export const PRODUCT_SUMMARY_FRAGMENT = gql`
  fragment ProductSummary on ProductInterface {
    __typename
    uid
    sku
    name
    url_key
    subtitle
    product_kind
    stock_status
    small_image {
      url
      label
    }
    price_range {
      minimum_price {
        regular_price { value currency }
        final_price { value currency }
        discount { amount_off percent_off }
      }
      maximum_price {
        final_price { value currency }
      }
    }
  }
`;

export const PRODUCT_LIST_QUERY = operation('ProductList', withFragments(gql`
  query ProductList(
    $filter: ProductAttributeFilterInput!, $sort: ProductAttributeSortInput, $pageSize: Int!, $currentPage: Int!, $withFacets: Boolean!
  ) {
    products(filter: $filter, pageSize: $pageSize, currentPage: $currentPage, sort: $sort) {
      total_count
      page_info {
        current_page
        page_size
        total_pages
      }
      items {
        ...ProductSummary
      }
      aggregations @include(if: $withFacets) {
        attribute_code
        label
        options {
          value
          label
          count
        }
      }
    }
  }
`, PRODUCT_SUMMARY_FRAGMENT));

export const PRODUCTS_BY_SKU_QUERY = operation('ProductsBySku', withFragments(gql`
  query ProductsBySku($skus: [String], $pageSize: Int!) {
    products(filter: { sku: { in: $skus } }, pageSize: $pageSize) {
      total_count
      page_info {
        current_page
        page_size
        total_pages
      }
      items {
        ...ProductSummary
      }
    }
  }
`, PRODUCT_SUMMARY_FRAGMENT));

export const CATEGORY_QUERY = operation('CategoryByUrlKey', gql`
  query CategoryByUrlKey($urlKey: String!) {
    categories(filters: { url_key: { eq: $urlKey } }) {
      items {
        uid
        name
        url_key
        description
        meta_title
        meta_description
      }
    }
  }
`);

export const PRODUCT_DETAIL_QUERY = operation('ProductDetail', withFragments(gql`
  query ProductDetail($urlKey: String!) {
    products(filter: { url_key: { eq: $urlKey } }, pageSize: 1) {
      total_count
      page_info {
        current_page
        page_size
        total_pages
      }
      items {
        __typename
        uid
        sku
        name
        url_key
        subtitle
        product_kind
        stock_status
        only_x_left_in_stock
        meta_title
        meta_description
        disclaimer
        enable_order_quantity_limit
        order_quantity_limit
        qty_increments
        color
        color_label
        flavor
        flavor_label
        short_description {
          html
        }
        description {
          html
        }
        small_image {
          url
          label
        }
        media_gallery {
          url
          label
          position
        }
        price_range {
          ...PriceRangeParts
        }
        price_tiers {
          ...TierParts
        }
        related_products {
          ...ProductSummary
        }
        subscription_offer {
          frequencies_weeks
          default_frequency_weeks
          minimum_deliveries
          subscription { url_key price { value currency } }
          one_time { url_key price { value currency } }
        }
        ... on ConfigurableProduct {
          configurable_options {
            uid
            attribute_code
            label
            position
            values {
              uid
              label
              swatch_data {
                value
              }
            }
          }
          variants {
            attributes {
              code
              uid
              label
            }
            product {
              uid
              sku
              name
              stock_status
              only_x_left_in_stock
              color
              color_label
              flavor
              flavor_label
              media_gallery {
                url
                label
                position
              }
              price_range {
                ...PriceRangeParts
              }
              price_tiers {
                ...TierParts
              }
            }
          }
        }
        ... on BundleProduct {
          items {
            uid
            title
            required
            type
            position
            options {
              uid
              label
              quantity
              is_default
              position
              price
              product {
                sku
                name
                stock_status
                small_image {
                  url
                  label
                }
              }
            }
          }
        }
      }
    }
    marketingPage(slug: $urlKey) {
      slug
    }
  }

  fragment PriceRangeParts on PriceRange {
    minimum_price {
      regular_price { value currency }
      final_price { value currency }
      discount { amount_off percent_off }
    }
    maximum_price {
      final_price { value currency }
    }
  }

  fragment TierParts on TierPrice {
    quantity
    final_price { value currency }
    discount { amount_off percent_off }
  }
`, PRODUCT_SUMMARY_FRAGMENT));
