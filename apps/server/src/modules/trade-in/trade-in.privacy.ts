import type { PrivacyPart } from '../../platform/privacy.js';
import * as store from './trade-in.store.js';

export function tradeInPrivacy(): PrivacyPart {
  return {
    module: 'trade-in',
    personalTables: ['trade_in_claim'],
    otherTables: ['trade_in_offer', 'trade_in_offer_text'],
    export: async (db, subject) => ({ trade_in: { claims: await store.claimsOf(db, subject.uuid) } }),
    erase: (tx, subject) => store.anonymiseClaims(tx, subject.uuid),
    retained: 'Each trade-in claim with its order and device id, without the customer: the credit is part of the order, and a device traded in once is never credited again.',
  };
}
