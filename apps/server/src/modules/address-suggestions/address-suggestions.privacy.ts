import { holdsNoPersonalData } from '../../platform/privacy.js';

/** Public postal addresses (OpenAddresses), tied to no person: nothing to export or erase. */
export const addressSuggestionsPrivacy = holdsNoPersonalData('address-suggestions', ['address_suggestion_address']);
