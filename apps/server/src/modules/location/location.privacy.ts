import { holdsNoPersonalData } from '../../platform/privacy.js';

/** Location by IP has no table and keeps no address: each lookup is answered and forgotten (docs/decisions/0065). */
export const locationPrivacy = holdsNoPersonalData('location', []);
