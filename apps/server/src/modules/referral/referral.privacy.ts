import type { PrivacyPart } from '../../platform/privacy.js';
import * as store from './referral.store.js';

export function referralPrivacy(): PrivacyPart {
  return {
    module: 'referral',
    personalTables: ['referral_customer', 'referral_reward'],
    export: async (db, subject) => ({ referral: await store.exportCustomer(db, subject.uuid) }),
    erase: async () => undefined,
    retained: 'The random referral code, its link to the referrer and when and how far the referral got, so referees\' links and the referrer\'s rewards and history stay correct; it names no one.',
  };
}
