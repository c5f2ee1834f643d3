import { useTranslation } from '../../i18n/react';

/**
 * The version of the consent text the sign-up shows (`newsletter.consent`): the consents module's
 * `email_marketing` purpose version. The server refuses a sign-up given to another version, so a
 * change of the text comes with a new version here and in the database (docs/decisions/0070).
 */
export const NEWSLETTER_CONSENT_VERSION = 1;

/**
 * The newsletter sign-up: a plain HTML form posted to `/{store}/newsletter`, whose route action
 * answers, so it needs no script. The footer is on every page and the public pages' script budget is
 * spent, so its markup is the catalogue's `newsletter.form` in the page's language (the one message
 * that is HTML; its words are the plain messages beside it, newsletter-signup.test.ts), filled with
 * the store view, its language and the ids' prefix: a few bytes of script instead of a component's
 * elements. It holds nothing of the visitor, so a cached public page can carry it.
 */
export function NewsletterSignup({ store, language, idPrefix }: { store: string; language: string; idPrefix: string }) {
  const { t } = useTranslation();
  return <div className="newsletter" dangerouslySetInnerHTML={{ __html: t('newsletter.form', { store, language, prefix: idPrefix, version: NEWSLETTER_CONSENT_VERSION }) }} />;
}
