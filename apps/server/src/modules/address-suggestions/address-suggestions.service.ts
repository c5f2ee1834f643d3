import { ADDRESS_SUGGESTIONS_DEFAULT, type AddressSuggestion, type AddressSuggestionQuery } from '@ember/contracts';
import type { Queryable, Reader } from '../../platform/db.js';
import type { AddressSuggestionProvider, ProvidedAddress } from './address-suggestions.provider.js';
import { searchWords } from './address-suggestions.provider.js';
import { cityCentroid, insertAddresses, postcodeCentroid, type ImportRow } from './address-suggestions.store.js';

/** Text shorter than this (trimmed) is not searched: the answer is an empty list. */
export const MIN_TEXT = 3;

const countryNames = new Map<string, Intl.DisplayNames>();
function countryName(code: string, language: string): string {
  let names = countryNames.get(language);
  if (!names) countryNames.set(language, (names = new Intl.DisplayNames([language], { type: 'region' })));
  return (code && names.of(code)) || code;
}

/** Countries that write the house number before the street ("221 Baker Street"); the others after it. */
const NUMBER_FIRST = new Set(['GB', 'IE', 'US', 'CA', 'AU', 'FR']);

function streetLine(a: ProvidedAddress): string {
  if (!a.number) return a.street;
  return NUMBER_FIRST.has(a.country_code) ? `${a.number} ${a.street}` : `${a.street} ${a.number}`;
}

/** The lines of a label in the country's order: UK town then postcode, elsewhere postcode and town on one line. */
function printLines(a: ProvidedAddress, country: string): string[] {
  if (a.country_code === 'GB' || a.country_code === 'IE') return [streetLine(a), a.city.toUpperCase(), ...(a.postcode ? [a.postcode] : []), country.toUpperCase()];
  return [streetLine(a), [a.postcode, a.city].filter(Boolean).join(' '), country.toUpperCase()];
}

function label(a: ProvidedAddress): string {
  const place = a.country_code === 'GB' || a.country_code === 'IE' ? [a.city, a.postcode].filter(Boolean).join(' ') : [a.postcode, a.city].filter(Boolean).join(' ');
  return `${streetLine(a)}, ${place}`;
}

/** Address suggestions for the checkout's and the address book's forms (spec §7), and points for postcodes and cities. */
export class AddressSuggestionsService {
  constructor(private readonly provider: AddressSuggestionProvider | null) {}

  get providerName(): string {
    return this.provider?.name ?? 'none';
  }

  /**
   * Up to `results` (default 5) addresses for what was typed, in the countries given. Too short a
   * text, no provider or a provider that fails: an empty list (`failed` says which, for the log).
   */
  async suggest(q: Reader, countries: string[], language: 'en' | 'de', query: AddressSuggestionQuery): Promise<{ items: AddressSuggestion[]; failed: boolean }> {
    const text = query.text.trim();
    if (!this.provider || text.length < MIN_TEXT || countries.length === 0) return { items: [], failed: false };
    const lang = query.lang ?? language;
    let found: ProvidedAddress[];
    try {
      found = await this.provider.suggest(q, { text, countries, language: lang, results: query.results ?? ADDRESS_SUGGESTIONS_DEFAULT });
    } catch {
      return { items: [], failed: true };
    }
    return {
      failed: false,
      items: found.map((a) => {
        const name = countryName(a.country_code, lang);
        return {
          id: a.id, label: label(a), street: a.street, number: a.number, postcode: a.postcode, city: a.city, region: a.region,
          country_code: a.country_code, country_name: name,
          ...(query.print_address ? { print_address: printLines(a, name) } : {}),
        };
      }),
    };
  }

  /**
   * The point a postcode (or its beginning: "SW1A", "101") or a city stands for: the middle of the
   * shop's addresses there. Null when none is known.
   */
  async locate(q: Reader, text: string, countries: string[]): Promise<{ latitude: number; longitude: number; label: string | null } | null> {
    const compact = text.replace(/\s+/g, '').toUpperCase();
    if (/\d/.test(compact) && /^[A-Z0-9-]{2,10}$/.test(compact)) {
      const p = await postcodeCentroid(q, countries, compact);
      if (p) return { latitude: p.latitude, longitude: p.longitude, label: `${text.trim().toUpperCase()} ${p.city}` };
    }
    const key = searchWords(text).join(' ');
    if (key.length < 2) return null;
    const c = await cityCentroid(q, countries, key);
    return c ? { latitude: c.latitude, longitude: c.longitude, label: c.city } : null;
  }

  /** Adds addresses to the local table (an import's batch); those already there by HASH are left. */
  importBatch(q: Queryable, rows: ImportRow[]): Promise<number> {
    return insertAddresses(q, rows);
  }
}
