import { holdsNoPersonalData } from '../../platform/privacy.js';

/** The index holds copies of published texts (products, articles, FAQ, pages), never a customer's data. */
export const searchPrivacy = holdsNoPersonalData('search', ['search_document', 'search_source', 'search_word']);
