import type { PrivacyPart } from '../../platform/privacy.js';
import * as store from './pack-codes.store.js';

export function packCodesPrivacy(): PrivacyPart {
  return {
    module: 'pack-codes',
    personalTables: ['pack_code_registration', 'pack_code_allowance'],
    otherTables: ['pack_code_batch'],
    export: async (db, subject) => ({ pack_codes: await store.exportConsumer(db, subject.uuid) }),
    erase: (tx, subject) => store.eraseConsumer(tx, subject.uuid),
    retained: 'Each registered pack code stays recorded as used, without whose it was, so it can never register twice.',
  };
}
