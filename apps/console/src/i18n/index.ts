import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogue } from './catalogues';
import { initialLanguage, STORAGE_KEY, type Language } from './language';

export { LANGUAGES, type Language } from './language';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setupI18n() {
  const lng = initialLanguage(readStored(), navigator.languages ?? [navigator.language]);
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: catalogue('en') }, de: { translation: catalogue('de') } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return i18next;
}

export async function changeLanguage(lng: Language): Promise<void> {
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
  try {
    window.localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Private windows may refuse storage; the choice then lasts for this page only.
  }
}
