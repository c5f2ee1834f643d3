import { holdsNoPersonalData } from '../../platform/privacy.js';

/** Shipping methods: configuration only (the pick-up stores are the store locator's). */
export const checkoutPrivacy = holdsNoPersonalData('checkout', [
  'shipping_method',
]);
