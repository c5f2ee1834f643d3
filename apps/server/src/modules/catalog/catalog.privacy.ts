import { holdsNoPersonalData } from '../../platform/privacy.js';

/** Products, categories, prices and stock with its history (an operator named by e-mail at most): no customer's data. */
export const catalogPrivacy = holdsNoPersonalData('catalog', [
  'catalog_product', 'catalog_product_text', 'catalog_product_price', 'catalog_product_tier_price', 'catalog_product_media', 'catalog_product_link',
  'catalog_category', 'catalog_category_text', 'catalog_category_product', 'catalog_bundle_option', 'catalog_bundle_option_text',
  'catalog_bundle_selection', 'catalog_bundle_selection_price', 'catalog_configurable_attribute', 'catalog_configurable_link',
  'catalog_option_label', 'catalog_color', 'catalog_flavor', 'inventory_stock', 'inventory_stock_movement',
]);
