import type { PrivacyPart } from '../../platform/privacy.js';
import type { OfflinePurchasesService } from './offline-purchases.service.js';

/** A customer's purchases in stores are theirs: exported; at erasure they stay in the store's books naming no one. */
export function offlinePurchasesPrivacy(purchases: OfflinePurchasesService): PrivacyPart {
  return {
    module: 'offline-purchases',
    personalTables: ['offline_purchase'],
    otherTables: [],
    export: async (db, subject) => ({ offline_purchases: await purchases.exportFor(db, subject.uuid) }),
    erase: async (tx, subject) => {
      await purchases.eraseFor(tx, subject.uuid);
    },
  };
}
