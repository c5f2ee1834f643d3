import { describe, expect, it } from 'vitest';
import de from '../../i18n/de.json';
import en from '../../i18n/en.json';
import { NEWSLETTER_CONSENT_VERSION } from './newsletter-signup';

type Words = Record<string, string>;

/** The form as the footer renders it, filled the way NewsletterSignup fills it. */
function formOf(words: Words, values: Record<string, string>): string {
  return words.form!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

describe('the newsletter sign-up markup', () => {
  for (const [language, catalogue] of [['en', en], ['de', de]] as const) {
    const words = catalogue.newsletter as unknown as Words;
    const html = formOf(words, { store: 'gb', language, prefix: 'footer-newsletter', version: String(NEWSLETTER_CONSENT_VERSION) });

    it(`posts e-mail, age statement, consent version and language to the store's newsletter page (${language})`, () => {
      expect(html).toMatch(/^<form class="newsletter-signup" method="post" action="\/gb\/newsletter" aria-labelledby="footer-newsletter-title">/);
      expect(html).toContain('<input id="footer-newsletter-email" name="email" type="email" required');
      expect(html).toContain('<input id="footer-newsletter-age" name="ageConfirmed" type="checkbox" value="yes" required');
      expect(html).toContain(`<input type="hidden" name="consentVersion" value="${NEWSLETTER_CONSENT_VERSION}">`);
      expect(html).toContain(`<input type="hidden" name="language" value="${language}">`);
      expect(html).not.toContain('{{');
    });

    it(`says the same words as the plain messages, each field with its label (${language})`, () => {
      for (const key of ['title', 'email', 'age', 'submit']) expect(html, key).toContain(`>${words[key]}<`);
      expect(html).toContain(`>${words.consent} <small>`);
      expect(html).toContain(words.version!.replace('{{version}}', String(NEWSLETTER_CONSENT_VERSION)));
      expect(html).toContain('<label for="footer-newsletter-email">');
      expect(html).toContain('<label for="footer-newsletter-age" class="choice__label">');
      // Only the shop's own words: nothing that runs.
      expect(html).not.toMatch(/<script|\son\w+=|javascript:/i);
    });
  }
});
