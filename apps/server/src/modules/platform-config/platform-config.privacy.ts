import { holdsNoPersonalData } from '../../platform/privacy.js';

/**
 * Settings, their values and the history of changes: the history names operators (staff with the
 * operator token), never a customer, so no customer's export or erasure touches it.
 */
export const platformConfigPrivacy = holdsNoPersonalData('platform-config', [
  'platform_config_setting', 'platform_config_value', 'platform_config_change',
]);
