import { holdsNoPersonalData } from '../../platform/privacy.js';

/** Websites and store views: configuration only. */
export const storePrivacy = holdsNoPersonalData('store', [
  'store_website', 'store_view', 'store_view_country',
]);
