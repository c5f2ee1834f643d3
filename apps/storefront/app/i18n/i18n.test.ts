import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import { addCatalogue, hasCatalogue, i18nFor, type Catalogue } from './i18n';
import { Trans, TranslationProvider } from './react';

beforeAll(() => {
  addCatalogue('en', en as Catalogue);
  addCatalogue('de', de as Catalogue);
});

describe('the translator', () => {
  it('puts values in and leaves a placeholder without a value as written', () => {
    const { t } = i18nFor('en-GB');
    expect(t('ageGate.heading', { age: 18 })).toBe(en.ageGate.heading.replace('{{age}}', '18'));
    expect(t('ageGate.heading')).toBe(en.ageGate.heading);
  });

  it('picks the plural form by the language’s rules and takes the language from a locale', () => {
    const key = Object.keys(en.cart).find((k) => k.endsWith('_one'))!.replace(/_one$/, '');
    const forms = en.cart as unknown as Record<string, string>;
    expect(i18nFor('en').t(`cart.${key}`, { count: 1 })).toBe(forms[`${key}_one`]!.replace('{{count}}', '1'));
    expect(i18nFor('en').t(`cart.${key}`, { count: 0 })).toBe(forms[`${key}_other`]!.replace('{{count}}', '0'));
    expect(i18nFor('de_CH').t(`cart.${key}`, { count: 3 })).toBe((de.cart as unknown as Record<string, string>)[`${key}_other`]!.replace('{{count}}', '3'));
  });

  it('answers a missing message with the default value, else the key', () => {
    expect(i18nFor('de').t('no.such.key', { defaultValue: 'Karte' })).toBe('Karte');
    expect(i18nFor('de').t('no.such.key')).toBe('no.such.key');
    expect(hasCatalogue('fr')).toBe(true); // any other language is English
  });

  it('renders a message’s tags as the given elements', () => {
    const trans = createElement(Trans, { i18nKey: 'contact.faqHint', components: { faq: createElement('a', { href: '/gb/faq' }) } });
    const html = renderToStaticMarkup(createElement(TranslationProvider, { translator: i18nFor('en'), children: trans }));
    const [, before, inside, after] = /^(.*)<faq>(.*)<\/faq>(.*)$/.exec(en.contact.faqHint)!;
    expect(html).toBe(`${before}<a href="/gb/faq">${inside}</a>${after}`.replace(/'/g, '&#x27;'));
  });
});
