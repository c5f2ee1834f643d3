import { holdsNoPersonalData } from '../../platform/privacy.js';

/**
 * Operator accounts, their sessions and the audit log hold no customer's data: operators are the
 * brand's staff, and the log names customers' records by id only (personal fields are withheld from
 * its before and after, `redactForAudit`), so a customer's erasure leaves nothing in it to remove.
 */
export const operatorsPrivacy = holdsNoPersonalData('operators', ['operator_account', 'operator_session', 'operator_audit']);
