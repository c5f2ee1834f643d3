import type { GraphqlClient } from './client';
import { gql, withFragments } from './gql';

/** A store view as the storefront uses it (a subset of Magento's `StoreConfig`). */
export interface StoreView {
  store_code: string;
  store_name: string;
  locale: string;
  language: string;
  base_currency_code: string;
  default_country: string | null;
  is_trial_store: boolean | null;
  store_sort_order: number | null;
  grid_per_page: number | null;
  /** Whether age-restricted products need a signed-in customer with a verified age. */
  is_age_verification_enabled: boolean | null;
}

/** A top-level catalogue category shown in the navigation and as a home-page tile. */
export interface NavCategory {
  uid: string;
  name: string;
  url_key: string;
  description: string | null;
  /** The category's picture (/media/...), shown on the home page's category cards. */
  image: string | null;
  position: number | null;
  product_count: number | null;
}

/** Store codes are lowercase identifiers; anything else is never sent as a `Store` header. */
export const STORE_CODE_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;

/** The store views a shopper can switch between, ordered as the shop sorts them. */
export async function listStores(client: GraphqlClient): Promise<StoreView[]> {
  const data = await client.request<{ availableStores: (StoreView | null)[] | null }>(AVAILABLE_STORES_QUERY);
  return (data.availableStores ?? [])
    .filter((s): s is StoreView => !!s?.store_code)
    .sort((a, b) => (a.store_sort_order ?? 0) - (b.store_sort_order ?? 0));
}

/** The store view's configuration and its menu categories, in one request. */
export async function fetchStoreShell(client: GraphqlClient): Promise<{ store: StoreView; categories: NavCategory[] }> {
  const data = await client.request<StoreShellData>(STORE_SHELL_QUERY);
  if (!data.storeConfig) throw new Error(`store ${client.store} has no configuration`);
  const root = data.categories?.items?.[0];
  const categories = (root?.children ?? [])
    .filter((c): c is NavCategory & { include_in_menu: number | null } => !!c?.url_key && c.include_in_menu !== 0)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map(({ uid, name, url_key, description, image, position, product_count }) => ({
      uid, name, url_key, description, image: image ?? null, position, product_count,
    }));
  return { store: data.storeConfig, categories };
}

interface StoreShellData {
  storeConfig: StoreView | null;
  categories: {
    items: ({ children: ((NavCategory & { include_in_menu: number | null }) | null)[] | null } | null)[] | null;
  } | null;
}

export const STORE_VIEW_FRAGMENT = gql`
  fragment StoreViewFields on StoreConfig {
    store_code
    store_name
    locale
    language
    base_currency_code
    default_country
    is_trial_store
    store_sort_order
    grid_per_page
    is_age_verification_enabled
  }
`;

export const AVAILABLE_STORES_QUERY = withFragments(gql`
  query AvailableStores {
    availableStores {
      ...StoreViewFields
    }
  }
`, STORE_VIEW_FRAGMENT);

export const STORE_SHELL_QUERY = withFragments(gql`
  query StoreShell {
    storeConfig {
      ...StoreViewFields
    }
    categories(filters: { url_key: { eq: "catalog" } }) {
      items {
        uid
        children {
          uid
          name
          url_key
          description
          image
          position
          include_in_menu
          product_count
        }
      }
    }
  }
`, STORE_VIEW_FRAGMENT);

/** The store view's rules for carts and checkout addresses (spec §3 store config). */
export interface CheckoutConfig {
  default_country: string | null;
  is_order_limit_enabled: boolean | null;
  order_limit_value: number | null;
  cartons_limit_value: number | null;
  postcode_validation_enabled: boolean | null;
  postcode_is_required: boolean | null;
  postcode_min_length: number | null;
  postcode_max_length: number | null;
  postcode_validate_regex: string | null;
  allow_empty_firstname: boolean | null;
  is_guest_checkout_enabled: boolean | null;
}

export async function fetchCheckoutConfig(client: GraphqlClient): Promise<CheckoutConfig> {
  const data = await client.request<{ storeConfig: CheckoutConfig | null }>(CHECKOUT_CONFIG_QUERY);
  if (!data.storeConfig) throw new Error(`store ${client.store} has no configuration`);
  return data.storeConfig;
}

export const CHECKOUT_CONFIG_QUERY = gql`
  query CheckoutConfig {
    storeConfig {
      default_country
      is_order_limit_enabled
      order_limit_value
      cartons_limit_value
      postcode_validation_enabled
      postcode_is_required
      postcode_min_length
      postcode_max_length
      postcode_validate_regex
      allow_empty_firstname
      is_guest_checkout_enabled
    }
  }
`;
