import { holdsNoPersonalData } from '../../platform/privacy.js';

/** Countries and regions: reference data. */
export const directoryPrivacy = holdsNoPersonalData('directory', [
  'directory_country', 'directory_country_name', 'directory_region',
]);
