import type { PrivacyPart } from '../../platform/privacy.js';
import type { IdentityService } from './identity.service.js';

/** Identity's share of export and erasure: the profile, sessions and promo codes; cancellation anonymises the account. */
export function identityPrivacy(identity: IdentityService): PrivacyPart {
  return {
    module: 'identity',
    personalTables: [
      'identity_user', 'identity_address', 'identity_credential', 'identity_session', 'identity_password_reset',
      'identity_custom_attribute', 'identity_promo_code',
      // Attempts to register a taken address: the address and a time, pruned after a day.
      'identity_registration_attempt',
    ],
    // No password hash, reset or session token digest is ever exported.
    export: (_db, subject) => identity.exportData(subject.uuid),
    erase: (tx, subject) => identity.cancel(tx, subject.uuid),
  };
}
