import { holdsNoPersonalData } from '../../platform/privacy.js';

/** Stores, their hours and services: public places of business, no person's data. */
export const storeLocatorPrivacy = holdsNoPersonalData('store-locator', [
  'store_locator_store', 'store_locator_store_view', 'store_locator_store_text', 'store_locator_opening_hours',
  'store_locator_service', 'store_locator_service_text', 'store_locator_store_service',
]);
