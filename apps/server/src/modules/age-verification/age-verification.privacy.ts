import type { PrivacyPart } from '../../platform/privacy.js';
import type { AgeVerificationService } from './age-verification.service.js';
import * as store from './age-verification.store.js';

export function ageVerificationPrivacy(ageVerification: AgeVerificationService): PrivacyPart {
  return {
    module: 'age-verification',
    personalTables: [
      'age_verification_request', 'age_verification_event', 'age_verification_callback', 'age_verification_test_session', 'age_verification_sale',
    ],
    otherTables: ['age_verification_country', 'age_verification_method'],
    export: async (db, subject) => ({
      age_verifications: await ageVerification.exportFor(db, subject.uuid),
      age_restricted_sales: await store.salesForExport(db, subject.uuid),
    }),
    erase: async () => undefined,
    retained: 'Age verifications and restricted sales: the proof that age-restricted products went to a verified adult.',
  };
}
