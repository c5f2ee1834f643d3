import type { PrivacyPart } from '../../platform/privacy.js';
import * as store from './referral.store.js';

export function referralPrivacy(): PrivacyPart {
  return {
    module: 'referral',
    personalTables: ['referral_customer', 'referral_reward'],
    export: async (db, subject) => ({ referral: await store.exportCustomer(db, subject.uuid) }),
    erase: async () => undefined,
    retained: 'The random referral code and its link to the referrer, so referees\' links and the referrer\'s rewards stay correct; it names no one.',
  };
}
