import type { PrivacyPart } from '../../platform/privacy.js';
import * as store from './cart.store.js';

export function cartPrivacy(): PrivacyPart {
  return {
    module: 'cart',
    personalTables: ['cart_cart', 'cart_item', 'cart_address', 'cart_coupon', 'cart_rule_usage'],
    otherTables: ['cart_rule', 'cart_promotion', 'cart_tax_rate'],
    export: async (db, subject) => ({ carts: await store.cartsForExport(db, subject.uuid) }),
    erase: async (tx, subject) => {
      await store.deleteCustomerCarts(tx, subject.uuid);
    },
    retained: 'Coupon use counts per customer, under the account\'s uuid, so a once-per-customer coupon stays used.',
  };
}
