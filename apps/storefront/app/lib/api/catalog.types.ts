// Shapes of the catalogue documents in catalog.api.ts, field for field (nullable where the schema is).

export interface Money {
  value: number | null;
  currency: string | null;
}

export interface ProductPrice {
  regular_price: Money;
  final_price: Money;
  discount: { amount_off: number | null; percent_off: number | null } | null;
}

export interface PriceRange {
  minimum_price: ProductPrice;
  maximum_price: { final_price: Money } | null;
}

export interface TierPrice {
  quantity: number | null;
  final_price: Money | null;
  discount: { amount_off: number | null; percent_off: number | null } | null;
}

export interface MediaItem {
  url: string | null;
  label: string | null;
  position: number | null;
}

export type StockStatus = 'IN_STOCK' | 'OUT_OF_STOCK';

export type ProductTypename =
  | 'SimpleProduct' | 'VirtualProduct' | 'ConfigurableProduct' | 'BundleProduct';

/** What a product tile shows. */
export interface ProductSummary {
  __typename: ProductTypename;
  uid: string;
  sku: string;
  name: string;
  url_key: string;
  subtitle: string | null;
  product_kind: string | null;
  stock_status: StockStatus | null;
  small_image: MediaItem | null;
  price_range: PriceRange;
}

export interface ProductPage {
  items: ProductSummary[];
  totalCount: number;
  currentPage: number;
  totalPages: number;
  /** Layered navigation of the listing (flavour, intensity, colour), labelled in the store's language. */
  facets: Facet[];
}

/** One facet of a listing (Magento's Aggregation) with its options and how many products each shows. */
export interface Facet {
  attribute_code: string;
  label: string | null;
  options: { value: string; label: string | null; count: number | null }[];
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

export interface ConfigurableOption {
  uid: string;
  attribute_code: string | null;
  label: string | null;
  position: number | null;
  values: {
    uid: string | null;
    label: string | null;
    swatch_data: { value: string | null } | null;
  }[] | null;
}

export interface Variant {
  attributes: { code: string | null; uid: string; label: string | null }[] | null;
  product: {
    uid: string;
    sku: string;
    name: string | null;
    stock_status: StockStatus | null;
    only_x_left_in_stock: number | null;
    color: string | null;
    color_label: string | null;
    flavor: string | null;
    flavor_label: string | null;
    media_gallery: MediaItem[] | null;
    price_range: PriceRange;
    price_tiers: TierPrice[] | null;
  } | null;
}

export interface BundleItem {
  uid: string | null;
  title: string | null;
  required: boolean | null;
  type: string | null;
  position: number | null;
  options: {
    uid: string;
    label: string | null;
    quantity: number | null;
    is_default: boolean | null;
    position: number | null;
    /** What the option adds to the kit's price per unit of it (0: included). */
    price: number | null;
    product: {
      sku: string | null;
      name: string | null;
      stock_status: StockStatus | null;
      small_image: MediaItem | null;
    } | null;
  }[] | null;
}

export type BundleOption = NonNullable<BundleItem['options']>[number];

/** Everything the product details page shows. */
export interface ProductDetail extends ProductSummary {
  meta_title: string | null;
  meta_description: string | null;
  disclaimer: string | null;
  only_x_left_in_stock: number | null;
  enable_order_quantity_limit: boolean | null;
  order_quantity_limit: number | null;
  /** The step the product is sold in (1: any whole quantity). */
  qty_increments: number | null;
  color: string | null;
  color_label: string | null;
  flavor: string | null;
  flavor_label: string | null;
  short_description: { html: string } | null;
  description: { html: string } | null;
  media_gallery: MediaItem[] | null;
  related_products: (ProductSummary | null)[] | null;
  price_tiers: TierPrice[] | null;
  configurable_options?: ConfigurableOption[] | null;
  variants?: Variant[] | null;
  items?: BundleItem[] | null;
}

export interface ListingCategory {
  uid: string;
  name: string;
  url_key: string;
  description: string | null;
  meta_title: string | null;
  meta_description: string | null;
}
