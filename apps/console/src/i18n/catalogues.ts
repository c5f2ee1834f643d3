import de from './de.json';
import en from './en.json';

type Catalogue = Record<string, unknown>;

/**
 * The console's texts: the shared catalogue plus one file per area (`en/<area>.json`,
 * `de/<area>.json`), each holding its own top-level keys. A key defined twice is a mistake the
 * catalogue test names.
 */
const areaFiles = {
  en: import.meta.glob<Catalogue>('./en/*.json', { eager: true, import: 'default' }),
  de: import.meta.glob<Catalogue>('./de/*.json', { eager: true, import: 'default' }),
};

export function catalogueParts(language: 'en' | 'de'): Catalogue[] {
  return [language === 'en' ? en : de, ...Object.keys(areaFiles[language]).sort().map((file) => areaFiles[language][file]!)];
}

export function catalogue(language: 'en' | 'de'): Catalogue {
  return Object.assign({}, ...catalogueParts(language)) as Catalogue;
}
