import { describe, expect, it } from 'vitest';
import { toLanguage } from '../i18n/i18n';
import { listCountries } from './api/directory.api';
import type { GraphqlClient } from './api/client';
import { compareNames, dateFormat, languageTag, numberFormat, primaryLanguage } from './locale';
import { formatMoney } from './money';

// The store views' locales as the commerce API names them (db/seed/0001_markets.sql).
const STORE_LOCALES = ['en_GB', 'de_DE', 'de_CH'];

describe('languageTag', () => {
  it('turns Magento locales into BCP 47 tags', () => {
    expect(STORE_LOCALES.map(languageTag)).toEqual(['en-GB', 'de-DE', 'de-CH']);
  });

  it('keeps a tag that is already BCP 47 and canonicalises its case', () => {
    expect(languageTag('de-CH')).toBe('de-CH');
    expect(languageTag('DE_ch')).toBe('de-CH');
    expect(languageTag('sr_Latn_RS')).toBe('sr-Latn-RS');
  });

  it('falls back to English for a missing or malformed locale instead of throwing', () => {
    expect(languageTag(null)).toBe('en');
    expect(languageTag('')).toBe('en');
    expect(languageTag('not a locale!')).toBe('en');
  });

  it('names the catalogue language of a locale', () => {
    expect(primaryLanguage('de_CH')).toBe('de');
    expect(toLanguage('de_CH')).toBe('de');
    expect(toLanguage('de-DE')).toBe('de');
    expect(toLanguage('fr_FR')).toBe('en');
  });
});

describe('every Intl use takes a store locale as the API names it', () => {
  it.each(STORE_LOCALES)('%s sorts, formats numbers and dates without a RangeError', (locale) => {
    expect(() => compareNames(locale)('a', 'b')).not.toThrow();
    expect(() => numberFormat(locale, { style: 'percent' }).format(0.1)).not.toThrow();
    expect(() => dateFormat(locale, { dateStyle: 'long' }).format(new Date(0))).not.toThrow();
  });

  it('sorts German country names as German does', () => {
    const names = ['Schweiz', 'Österreich', 'Deutschland', 'Liechtenstein'];
    expect([...names].sort(compareNames('de_DE'))).toEqual(['Deutschland', 'Liechtenstein', 'Österreich', 'Schweiz']);
  });

  it('formats money in each market’s own way', () => {
    expect(formatMoney({ value: 1234.5, currency: 'GBP' }, 'en_GB')).toBe('£1,234.50');
    expect(formatMoney({ value: 1234.5, currency: 'EUR' }, 'de_DE')).toBe('1.234,50\u00a0€');
    expect(formatMoney({ value: 1234.5, currency: 'CHF' }, 'de_CH')).toMatch(/^CHF\s1['’]234\.50$/);
  });

  it('lists a German store’s countries sorted by their German names', async () => {
    const client = {
      store: 'de',
      request: async () => ({
        countries: [
          { id: 'DE', full_name_locale: 'Deutschland', full_name_english: 'Germany' },
          { id: 'AT', full_name_locale: 'Österreich', full_name_english: 'Austria' },
          { id: 'CH', full_name_locale: 'Schweiz', full_name_english: 'Switzerland' },
        ],
      }),
    } as unknown as GraphqlClient;
    expect((await listCountries(client, 'de_DE')).map((c) => c.id)).toEqual(['DE', 'AT', 'CH']);
  });
});
