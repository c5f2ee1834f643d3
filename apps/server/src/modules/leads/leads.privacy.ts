import type { PrivacyPart } from '../../platform/privacy.js';
import type { LeadsService } from './leads.service.js';

/** A lead is known by e-mail address only: the subject's addresses find theirs. */
export function leadsPrivacy(leads: LeadsService): PrivacyPart {
  return {
    module: 'leads',
    personalTables: ['leads_lead', 'leads_purchase'],
    export: async (db, subject) => ({ leads: await leads.exportFor(db, subject.identifiers.map((i) => i.toLowerCase())) }),
    erase: async (tx, subject) => {
      await leads.eraseFor(tx, subject.identifiers.map((i) => i.toLowerCase()));
    },
  };
}
