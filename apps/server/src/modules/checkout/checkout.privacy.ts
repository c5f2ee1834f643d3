import { holdsNoPersonalData } from '../../platform/privacy.js';

/** Shipping methods and pick-up stores: configuration only. */
export const checkoutPrivacy = holdsNoPersonalData('checkout', [
  'shipping_method', 'checkout_pickup_store',
]);
