import type { PrivacyPart } from '../../platform/privacy.js';
import type { VerificationService } from './verification.service.js';

export function verificationPrivacy(verification: VerificationService): PrivacyPart {
  return {
    module: 'verification',
    personalTables: ['verification_item'],
    export: async (db, subject) => ({ verification_items: await verification.exportFor(db, subject.identifiers) }),
    erase: async (tx, subject) => {
      await verification.eraseFor(tx, subject.identifiers);
    },
  };
}
