/**
 * The one place where a store view's locale becomes what the platform's language APIs take.
 *
 * The commerce API names locales as Magento does (`de_DE`, `de_CH`, `en_GB`). `Intl` (number,
 * date and collation), HTML `lang`/`hreflang` attributes and the catalogues all expect a BCP 47 tag
 * (`de-DE`); an underscore makes `Intl` throw a RangeError. Every use of the store's locale goes
 * through `languageTag` (or the helpers below, which call it), so no caller converts by hand.
 */

/** Used when a store view's locale is missing or no valid tag can be made of it. */
export const FALLBACK_TAG = 'en';

const tags = new Map<string, string>();

/**
 * The canonical BCP 47 tag of a Magento (`de_CH`) or BCP 47 (`de-CH`) locale; `en` for a missing
 * or malformed one, so a bad configuration degrades the formatting instead of breaking the page.
 */
export function languageTag(locale: string | null | undefined): string {
  const raw = (locale ?? '').trim();
  if (!raw) return FALLBACK_TAG;
  let tag = tags.get(raw);
  if (tag === undefined) {
    try {
      tag = Intl.getCanonicalLocales(raw.replaceAll('_', '-'))[0] ?? FALLBACK_TAG;
    } catch {
      tag = FALLBACK_TAG;
    }
    tags.set(raw, tag);
  }
  return tag;
}

/** The primary language of a locale (`de_CH` → `de`), for choosing a message catalogue. */
export function primaryLanguage(locale: string | null | undefined): string {
  return new Intl.Locale(languageTag(locale)).language;
}

const collators = new Map<string, Intl.Collator>();

/** Sorts names as the store's language orders them (`Österreich` next to `Ostern`, not after `Z`). */
export function compareNames(locale: string | null | undefined): (a: string, b: string) => number {
  const tag = languageTag(locale);
  let collator = collators.get(tag);
  if (!collator) {
    collator = new Intl.Collator(tag);
    collators.set(tag, collator);
  }
  return collator.compare;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A cached number format in the store's locale (building one is costly; every product tile needs two). */
export function numberFormat(locale: string | null | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const tag = languageTag(locale);
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A date format in the store's locale. */
export function dateFormat(locale: string | null | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(languageTag(locale), options);
}
