import type { Reader } from '../../platform/db.js';
import { matchAddresses, type AddressRow } from './address-suggestions.store.js';

/** What a provider is asked: the text typed so far, the countries to look in, how many answers. */
export interface SuggestionRequest {
  text: string;
  countries: string[];
  language: 'en' | 'de';
  results: number;
}

/** An address a provider suggests, split as the shop's address forms take it. */
export type ProvidedAddress = AddressRow;

/**
 * A source of address suggestions. The built-in one searches the shop's own address table; an
 * adapter for a hosted service (Loqate-style Find/Retrieve) implements the same method. Whatever it
 * throws, the shopper gets an empty list (spec §8).
 */
export interface AddressSuggestionProvider {
  readonly name: string;
  suggest(q: Reader, request: SuggestionRequest): Promise<ProvidedAddress[]>;
}

/** Folds text the way the address table's search tokens are made: lower case, ß and accents folded, words of letters and digits. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** The built-in provider: the local address table (seeded for the demo markets, filled from OpenAddresses files). */
export class LocalAddressProvider implements AddressSuggestionProvider {
  readonly name = 'local';

  async suggest(q: Reader, request: SuggestionRequest): Promise<ProvidedAddress[]> {
    const words = searchWords(request.text).slice(0, 8);
    if (words.length === 0) return [];
    return matchAddresses(q, request.countries, words, request.results);
  }
}
