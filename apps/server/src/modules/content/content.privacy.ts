import { holdsNoPersonalData } from '../../platform/privacy.js';

/** FAQs, marketing and legal pages: published texts. */
export const contentPrivacy = holdsNoPersonalData('content', [
  'content_faq', 'content_marketing_page', 'content_legal_page',
]);
