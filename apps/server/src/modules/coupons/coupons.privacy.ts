import type { PrivacyPart } from '../../platform/privacy.js';
import type { CouponsService } from './coupons.service.js';

/**
 * The codes a customer was given are theirs: exported, and at erasure the codes stay taken (each is
 * single-use) with no one named. The offers hold no one's data.
 */
export function couponsPrivacy(coupons: CouponsService): PrivacyPart {
  return {
    module: 'coupons',
    personalTables: ['coupon_code'],
    otherTables: ['coupon_provider', 'coupon_provider_text'],
    export: async (db, subject) => ({ coupon_codes: await coupons.exportFor(db, subject.uuid) }),
    erase: async (tx, subject) => {
      await coupons.eraseFor(tx, subject.uuid);
    },
  };
}
