import type { GraphqlClient } from './client';
import type { CheckoutConfigQuery, StoreShellQuery, StoreViewFieldsFragment } from './graphql.generated';
import { gql, operation, withFragments } from './gql';

type StoreViewFields = StoreViewFieldsFragment;
type ShellCategory = NonNullable<NonNullable<NonNullable<NonNullable<NonNullable<StoreShellQuery['categories']>['items']>[number]>['children']>[number]>;

/**
 * A store view as the storefront uses it (`StoreViewFields`, a subset of Magento's `StoreConfig`),
 * with the code, name, locale, language and currency every store view has.
 */
export type StoreView = StoreViewFields & {
  store_code: string;
  store_name: string;
  locale: string;
  language: string;
  base_currency_code: string;
};

const isStoreView = (s: StoreViewFields | null): s is StoreView => !!s?.store_code;

/** A top-level catalogue category shown in the navigation and as a home-page tile (`image`: its /media/ picture). */
export type NavCategory = Omit<ShellCategory, 'include_in_menu' | 'name' | 'url_key'> & { name: string; url_key: string };

/** Store codes are lowercase identifiers; anything else is never sent as a `Store` header. */
export const STORE_CODE_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;

/** The store views a shopper can switch between, ordered as the shop sorts them. */
export async function listStores(client: GraphqlClient): Promise<StoreView[]> {
  const data = await client.request(AVAILABLE_STORES_QUERY);
  return (data.availableStores ?? [])
    .filter(isStoreView)
    .sort((a, b) => (a.store_sort_order ?? 0) - (b.store_sort_order ?? 0));
}

/** The store view's configuration and its menu categories, in one request. */
export async function fetchStoreShell(client: GraphqlClient): Promise<{ store: StoreView; categories: NavCategory[] }> {
  const data = await client.request(STORE_SHELL_QUERY);
  const store = data.storeConfig;
  if (!isStoreView(store)) throw new Error(`store ${client.store} has no configuration`);
  const root = data.categories?.items?.[0];
  const categories = (root?.children ?? [])
    .filter((c): c is ShellCategory & { name: string; url_key: string } => !!c?.url_key && c.include_in_menu !== 0)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map(({ uid, name, url_key, description, image, position, product_count }) => ({
      uid, name, url_key, description, image: image ?? null, position, product_count,
    }));
  return { store, categories };
}

/**
 * The store view's feature flags from the platform configuration; asked apart from the shell, whose
 * answer a server keeps a minute, so an operator's change shows on the next page (docs/decisions/0066).
 * Null when they cannot be read: a page never fails for them.
 */
export async function fetchFeatureFlags(client: GraphqlClient): Promise<Partial<Record<string, boolean>> | null> {
  try {
    return (await client.request(STORE_FEATURES_QUERY)).storeConfig?.features ?? null;
  } catch {
    return null;
  }
}

export const STORE_FEATURES_QUERY = operation('StoreFeatures', gql`
  query StoreFeatures {
    storeConfig {
      features { loyalty trials subscriptions devices search store_locator }
    }
  }
`);

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
    secure_base_link_url
    tax_display
    tax_rate_bp
  }
`;

export const AVAILABLE_STORES_QUERY = operation('AvailableStores', withFragments(gql`
  query AvailableStores {
    availableStores {
      ...StoreViewFields
    }
  }
`, STORE_VIEW_FRAGMENT));

export const STORE_SHELL_QUERY = operation('StoreShell', withFragments(gql`
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
`, STORE_VIEW_FRAGMENT));

/** The store view's rules for carts and checkout addresses (spec §3 store config). */
export type CheckoutConfig = NonNullable<CheckoutConfigQuery['storeConfig']>;

export async function fetchCheckoutConfig(client: GraphqlClient): Promise<CheckoutConfig> {
  const data = await client.request(CHECKOUT_CONFIG_QUERY);
  if (!data.storeConfig) throw new Error(`store ${client.store} has no configuration`);
  return data.storeConfig;
}

export const CHECKOUT_CONFIG_QUERY = operation('CheckoutConfig', gql`
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
`);
