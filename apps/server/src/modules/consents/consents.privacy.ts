import type { PrivacyPart } from '../../platform/privacy.js';
import type { ConsentService } from './consents.service.js';

export function consentsPrivacy(consents: ConsentService): PrivacyPart {
  return {
    module: 'consents',
    personalTables: ['consent_user', 'consent_history'],
    otherTables: ['consent_purpose', 'consent_purpose_text', 'consent_purpose_text_version'],
    export: async (_db, subject) => ({ consents: await consents.userConsents(subject.uuid), consent_history: await consents.history(subject.uuid) }),
    erase: (tx, subject) => consents.eraseFor(tx, subject.uuid),
    retained: 'The history of consents given and withdrawn, without addresses, as proof of consent (GDPR Art. 7(1)).',
  };
}
