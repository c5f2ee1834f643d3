import type { PrivacyPart } from '../../platform/privacy.js';
import type { TrialsService } from './trials.service.js';

export function trialsPrivacy(trials: TrialsService): PrivacyPart {
  return {
    module: 'trials',
    personalTables: ['trials_trial', 'trials_claim', 'trials_event'],
    otherTables: ['trials_program'],
    export: async (db, subject) => ({ trials: await trials.exportFor(db, subject.uuid) }),
    erase: async (tx, subject) => {
      await trials.erase(tx, subject.uuid);
    },
    retained:
      'Each trial with its order number, states and history, without the customer or card; running ones end uncharged. ' +
      'The keyed hashes of the e-mail, phone, address and card it was claimed with stay, so the one-trial-per-person rule holds.',
  };
}
