/** The console's languages and which one it opens in. */

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const STORAGE_KEY = 'ember-console-language';

/** The remembered language, else the browser's first supported one, else English. */
export function initialLanguage(stored: string | null, preferred: readonly string[]): Language {
  if (stored === 'en' || stored === 'de') return stored;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'de' || base === 'en') return base;
  }
  return 'en';
}
