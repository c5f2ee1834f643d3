import i18next, { type i18n } from 'i18next';
import de from './de.json';
import en from './en.json';
import { primaryLanguage } from '../lib/locale';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

const resources = { en: { translation: en }, de: { translation: de } };
const instances = new Map<Language, i18n>();

/** The catalogue for a language or locale (`de`, `de-CH`, `de_CH` → `de`); English for any other. */
export function toLanguage(code: string | null | undefined): Language {
  const language = code ? primaryLanguage(code) : '';
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
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
