import i18next, { type i18n } from 'i18next';
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
const instances = new Map<Language, i18n>();

/** The catalogue for a language or locale (`de`, `de-CH`, `de_CH` → `de`); English for any other. */
export function toLanguage(code: string | null | undefined): Language {
  const language = code ? primaryLanguage(code) : '';
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
}

/** Makes a language's messages available; an instance made before gets them too. */
export function addCatalogue(language: Language, catalogue: Catalogue): void {
  catalogues.set(language, catalogue);
  instances.get(language)?.addResourceBundle(language, 'translation', catalogue, true, true);
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

/**
 * The i18next instance for a language. One per language for the life of the process, shared by
 * every request: creating one per request costs about a third of a render.
 */
export function i18nFor(code: string | null | undefined): i18n {
  const language = toLanguage(code);
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    const resources: Record<string, { translation: Catalogue }> = {};
    for (const [lng, catalogue] of catalogues) resources[lng] = { translation: catalogue };
    void instance.init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    instances.set(language, instance);
  }
  return instance;
}
