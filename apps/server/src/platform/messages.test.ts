import { ERROR_CODES } from '@ember/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { CODE_SENTENCES, LANGUAGES, PHRASES, phrase, placeholdersOf, render, say, type PhraseKey } from './messages.js';

const GERMAN = { language: 'de', locale: 'de_DE' };
const SWISS = { language: 'de', locale: 'de_CH' };

describe('server messages', () => {
  it('has a sentence in every language for every error code a shopper can meet, German unlike the English', () => {
    for (const code of Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]) {
      for (const language of LANGUAGES) expect(CODE_SENTENCES[code]?.[language], `${code} in ${language}`).toMatch(/\S/);
      expect(CODE_SENTENCES[code].de, code).not.toBe(CODE_SENTENCES[code].en);
    }
  });

  it('has every phrase in every language with the same parameters', () => {
    for (const [key, templates] of Object.entries(PHRASES)) {
      const english = placeholdersOf(templates.en);
      for (const language of LANGUAGES) {
        expect(templates[language], `${key} in ${language}`).toMatch(/\S/);
        expect(placeholdersOf(templates[language]), `${key} in ${language}`).toEqual(english);
      }
      if (key !== 'text.asIs') expect(templates.de, key).not.toBe(templates.en);
    }
  });

  it('says an error code\'s sentence in German when the message has no phrase, and the message itself in English', () => {
    for (const code of Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]) {
      const error = new AppError(code, 'An English sentence only the server wrote');
      expect(say(error, GERMAN)).toBe(CODE_SENTENCES[code].de);
      expect(say(error)).toBe('An English sentence only the server wrote');
    }
  });

  it('renders the coupon minimum with the store view\'s money format', () => {
    const p = phrase('coupon.minSubtotal', { code: 'SOMMER5', amount: { minor: 4000, currency: 'EUR' } });
    expect(render(p)).toBe('The coupon code "SOMMER5" needs a subtotal of at least €40.00.');
    expect(render(p, GERMAN)).toBe('Der Gutscheincode „SOMMER5“ gilt ab einer Zwischensumme von 40,00\u00a0€.');
    expect(render(phrase('coupon.minSubtotal', { code: 'X', amount: { minor: 4000, currency: 'CHF' } }), SWISS)).toMatch(/CHF.40\.00/);
  });

  it('keeps the English text on the error for logs and the phrase for the edge', () => {
    const error = new AppError('VALIDATION_FAILED', phrase('coupon.invalid', { code: 'NOPE' }));
    expect(error.message).toBe('The coupon code "NOPE" is not valid.');
    expect(say(error, GERMAN)).toBe('Der Gutscheincode „NOPE“ ist nicht gültig.');
    expect(Object.keys(PHRASES)).toContain('coupon.invalid' satisfies PhraseKey);
  });
});
