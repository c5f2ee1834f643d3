import { primaryLanguage } from '../lib/locale';
import deUrl from './de.json?url';
import enUrl from './en.json?url';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export type Catalogue = { [key: string]: string | Catalogue };

/**
 * Each language's catalogue as a file of the build (hashed, so a browser keeps it for good). A page
 * fetches only its own language's, preloaded by the document's head, instead of carrying both in
 * its script (docs/decisions/0043); the server has both from the start (entry.server).
 */
export const CATALOGUE_URLS: Record<Language, string> = { en: enUrl, de: deUrl };

const catalogues = new Map<Language, Catalogue>();
const loading = new Map<Language, Promise<void>>();
const instances = new Map<Language, Translator>();

/** The catalogue for a language or locale (`de`, `de-CH`, `de_CH` → `de`); English for any other. */
export function toLanguage(code: string | null | undefined): Language {
  const language = code ? primaryLanguage(code) : '';
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
}

/** Makes a language's messages available. */
export function addCatalogue(language: Language, catalogue: Catalogue): void {
  catalogues.set(language, catalogue);
}

export function hasCatalogue(code: string | null | undefined): boolean {
  return catalogues.has(toLanguage(code));
}

/**
 * Fetches a language's catalogue unless it is there: before the browser's first render (the page's
 * language, entry.client) and before a page of a store view in another language (store layout).
 */
export function loadCatalogue(code: string | null | undefined): Promise<void> {
  const language = toLanguage(code);
  if (catalogues.has(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = fetch(CATALOGUE_URLS[language], { credentials: 'same-origin' })
      .then((response) => {
        if (!response.ok) throw new Error(`The ${language} catalogue answered ${response.status}`);
        return response.json() as Promise<Catalogue>;
      })
      .then((catalogue) => addCatalogue(language, catalogue))
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** What `t` takes besides the key: values to put in, `count` (picks the plural form), `defaultValue`. */
export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

/** A language's words: `t` as the shop calls it (the subset of i18next it used, docs/decisions/0043). */
export interface Translator {
  language: Language;
  t: TFunction;
}

const INTERPOLATION = /\{\{\s*(\w+)\s*\}\}/g;
const pluralRules = new Map<Language, Intl.PluralRules>();

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The message for a key: with a numeric `count`, its `_zero` form for 0 when there is one, then the
 * form the language's plural rules pick (`_one`, `_other`), then the key itself; English when the
 * language lacks it (the catalogues hold the same keys: catalogues.test.ts); then `defaultValue`,
 * then the key. `{{name}}` takes the option of that name, as it is (React escapes; nothing is HTML),
 * and stays as written without one.
 */
function translate(language: Language, key: string, options?: TOptions): string {
  const count = options?.count;
  const candidates = [key];
  if (typeof count === 'number') {
    let rules = pluralRules.get(language);
    if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
    candidates.unshift(`${key}_${rules.select(count)}`);
    if (count === 0) candidates.unshift(`${key}_zero`);
  }
  let message: string | undefined;
  for (const lng of language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE]) {
    for (const candidate of candidates) {
      message = lookup(catalogues.get(lng), candidate);
      if (message !== undefined) break;
    }
    if (message !== undefined) break;
  }
  message ??= options?.defaultValue ?? key;
  if (!options || !message.includes('{{')) return message;
  return message.replace(INTERPOLATION, (placeholder, name: string) => {
    const value = options[name];
    if (value === undefined) return placeholder;
    return value === null ? '' : String(value);
  });
}

/** The translator for a language; one per language for the life of the process, shared by every request. */
export function i18nFor(code: string | null | undefined): Translator {
  const language = toLanguage(code);
  let instance = instances.get(language);
  if (!instance) {
    instance = { language, t: (key, options) => translate(language, key, options) };
    instances.set(language, instance);
  }
  return instance;
}
