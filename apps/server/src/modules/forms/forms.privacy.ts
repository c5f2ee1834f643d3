import type { PrivacyPart } from '../../platform/privacy.js';
import type { FormsService } from './forms.service.js';

export function formsPrivacy(forms: FormsService): PrivacyPart {
  return {
    module: 'forms',
    personalTables: ['forms_submission'],
    export: async (_db, subject) => ({ form_submissions: await forms.exportFor(subject.uuid) }),
    erase: async (tx, subject) => {
      await forms.anonymiseFor(tx, subject.uuid, subject.identifiers);
    },
    retained: 'The type and time of each submission, anonymised, for complaint statistics.',
  };
}
