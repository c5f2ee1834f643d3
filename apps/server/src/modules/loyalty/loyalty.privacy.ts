import type { PrivacyPart } from '../../platform/privacy.js';
import * as store from './loyalty.store.js';

export function loyaltyPrivacy(): PrivacyPart {
  return {
    module: 'loyalty',
    personalTables: ['loyalty_account', 'loyalty_ledger', 'loyalty_order_points', 'loyalty_redemption', 'loyalty_cart_campaign'],
    otherTables: [
      'loyalty_tier', 'loyalty_tier_text', 'loyalty_earning_rule', 'loyalty_earning_rule_text', 'loyalty_product_points', 'loyalty_reward',
      'loyalty_reward_text', 'loyalty_article', 'loyalty_article_text', 'loyalty_qr_code', 'loyalty_market',
    ],
    export: async (db, subject) => ({ loyalty: await store.exportConsumer(db, subject.uuid) }),
    erase: async () => undefined,
    retained: 'The points ledger is append-only book-keeping under the account\'s uuid; it holds no name, address or e-mail.',
  };
}
