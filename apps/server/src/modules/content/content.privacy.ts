import { holdsNoPersonalData } from '../../platform/privacy.js';

/** FAQs, marketing, legal and content pages, blog articles (an author's published byline): published texts. */
export const contentPrivacy = holdsNoPersonalData('content', [
  'content_faq', 'content_marketing_page', 'content_legal_page',
  'content_blog_article', 'content_blog_article_product', 'content_page',
]);
