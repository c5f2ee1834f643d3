import { publicBaseUrl, type Config } from '../../config.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { PLATFORM_FEATURES } from '@ember/contracts';
import type { QueryAvailableStoresArgs, QueryResolvers } from '../../graphql/generated/schema-types.js';
import { isFeatureOn } from '../platform-config/platform-config.service.js';
import type { StoreView } from './store.service.js';

const TAX_DISPLAY_CODES = { EXCLUDING: 1, INCLUDING: 2, BOTH: 3 } as const;

/** Magento's StoreConfig shape plus the spec's store-config fields. */
export function toStoreConfig(v: StoreView, config: Pick<Config, 'STORE_MODE' | 'PUBLIC_BASE_URL' | 'PUBLIC_BASE_URLS' | 'PORT'>) {
  return {
    id: null,
    code: v.code,
    store_code: v.code,
    store_name: v.name,
    store_sort_order: v.sort_order,
    is_default_store: v.is_default,
    store_group_code: v.group_code,
    store_group_name: v.website_name,
    is_default_store_group: v.is_default,
    website_id: null,
    website_code: v.website_code,
    website_name: v.website_name,
    locale: v.locale,
    language: v.language,
    base_currency_code: v.base_currency_code,
    default_display_currency_code: v.base_currency_code,
    timezone: v.timezone,
    weight_unit: v.weight_unit,
    default_country: v.default_country,
    is_guest_checkout_enabled: v.is_guest_checkout_enabled,
    newsletter_enabled: v.newsletter_enabled,
    order_cancellation_enabled: v.order_cancellation_enabled,
    minimum_password_length: String(v.minimum_password_length),
    required_character_classes_number: String(v.required_character_classes_number),
    grid_per_page: 12,
    catalog_default_sort_by: 'position',
    root_category_uid: null,
    default_title: 'Ember',
    copyright: '© Ember',
    is_order_limit_enabled: v.is_order_limit_enabled,
    is_age_verification_enabled: v.is_age_verification_enabled,
    is_free_gifts_enabled: v.is_free_gifts_enabled,
    gift_basket_quantity_limitation: v.gift_basket_quantity_limitation,
    order_limit_value: v.order_limit_value,
    postcode_validation_enabled: v.postcode_validation_enabled,
    postcode_is_required: v.postcode_is_required,
    postcode_max_length: v.postcode_max_length,
    postcode_min_length: v.postcode_min_length,
    postcode_validate_regex: v.postcode_validate_regex,
    allow_empty_firstname: v.allow_empty_firstname,
    cartons_limit_value: v.cartons_limit_value,
    is_trial_store: v.is_trial,
    store_mode: config.STORE_MODE,
    tax_display: v.tax_display,
    // Magento's tax/cart_display settings: 1 excluding tax, 2 including, 3 both.
    shopping_cart_display_price: TAX_DISPLAY_CODES[v.tax_display],
    shopping_cart_display_shipping: TAX_DISPLAY_CODES[v.tax_display],
    shopping_cart_display_subtotal: TAX_DISPLAY_CODES[v.tax_display],
    tenant_token: v.tenant_token,
    orders_page_size: v.orders_page_size,
    // The origin the store view's links are made of (configuration only, never a request's Host):
    // canonical and hreflang links (docs/decisions/0064).
    secure_base_link_url: `${publicBaseUrl(config, v.code)}/`,
  };
}

export const storeResolvers = {
  Query: {
    storeConfig: (_: unknown, __: unknown, ctx: GraphQLContext) => toStoreConfig(ctx.store, ctx.config),
    availableStores: async (_: unknown, args: QueryAvailableStoresArgs, ctx: GraphQLContext) => {
      const views = await ctx.services.stores.list();
      const chosen = args.useCurrentGroup ? views.filter((v) => v.group_code === ctx.store.group_code) : views;
      return chosen.map((v) => toStoreConfig(v, ctx.config));
    },
  } satisfies QueryResolvers,
  StoreConfig: {
    tax_rate_bp: (parent: { store_code?: string | null }, _: unknown, ctx: GraphQLContext) =>
      parent.store_code ? ctx.services.cart.taxRateBp(ctx.db, parent.store_code) : null,
    // The layout's flags come with the store's configuration: one call for every page (docs/decisions/0066).
    features: async (parent: { store_code?: string | null }, _: unknown, ctx: GraphQLContext) => {
      const view = parent.store_code === ctx.store.code ? ctx.store : (await ctx.services.stores.list()).find((v) => v.code === parent.store_code);
      if (!view) return null;
      const { settings } = await ctx.services.platformConfig.configuration(ctx.db, view);
      return Object.fromEntries(PLATFORM_FEATURES.map((f) => [f, isFeatureOn(settings, f)]));
    },
  },
};
