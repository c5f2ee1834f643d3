import type { PrivacyPart } from '../../platform/privacy.js';
import type { MessagingService } from './messaging.service.js';

export function messagingPrivacy(messaging: MessagingService): PrivacyPart {
  return {
    module: 'messaging',
    personalTables: ['messaging_outbox'],
    export: async (db, subject) => ({ messages: await messaging.exportFor(db, subject.identifiers) }),
    erase: async (tx, subject) => {
      await messaging.eraseFor(tx, subject.identifiers);
    },
  };
}
