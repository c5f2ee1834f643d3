import type { PrivacyPart } from '../../platform/privacy.js';
import type { MarketingService } from './marketing.service.js';

/** A subscriber is known by e-mail address, and by account once tied to one. */
export function marketingPrivacy(marketing: MarketingService): PrivacyPart {
  const emails = (identifiers: string[]) => identifiers.filter((i) => i.includes('@')).map((i) => i.toLowerCase());
  return {
    module: 'marketing',
    personalTables: ['marketing_subscriber', 'marketing_subscriber_event'],
    export: async (db, subject) => ({ newsletter: await marketing.exportFor(db, emails(subject.identifiers), subject.uuid) }),
    erase: async (tx, subject) => {
      await marketing.eraseFor(tx, emails(subject.identifiers), subject.uuid);
    },
  };
}
