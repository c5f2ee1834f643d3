import { LOCALE_HEADER } from '@ember/contracts';

/**
 * Adds the page's language (`<html lang>`, e.g. `de-DE`) as the `Locale` header of a browser call
 * (spec §6, docs/decisions/0074): the server says its messages and e-mails in it. A server render
 * sends none; its calls speak the store view's language, which is the page's.
 */
export function withPageLocale(headers: Record<string, string>): Record<string, string> {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang) headers[LOCALE_HEADER] = lang;
  return headers;
}
