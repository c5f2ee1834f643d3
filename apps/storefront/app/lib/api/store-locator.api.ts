import { DEFAULT_REQUEST_TIMEOUT_MS, type AddressSuggestion, type StoreDetail, type StoreSearchResult, type StoreSummary } from '@ember/contracts';
import type { ServerTarget } from './load-context';
import { contract, restCall, type RestService } from './rest';

/** The store locator (`/api/store-locator`) and address suggestions (`/api/address-suggestions`): the only code that calls them. */

export type { AddressSuggestion, StoreDetail, StoreSearchResult, StoreSummary };

export class StoreLocatorApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: string | undefined) {
    super(message);
    this.name = 'StoreLocatorApiError';
  }
}

const STORE_LOCATOR: RestService = {
  name: 'store locator',
  timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS,
  fail: ({ status, code, message }) => new StoreLocatorApiError(message, status, code),
};

const SUGGESTIONS: RestService = {
  name: 'address suggestions',
  timeoutMs: () => 3_000,
  fail: ({ status, code, message }) => new StoreLocatorApiError(message, status, code),
};

/** Where to search from: a postcode or city, or a point (the shopper's location); neither lists every store. */
export type StoreSearch = { q: string } | { lat: number; lng: number } | Record<string, never>;

/** A postcode or city the server takes: 2 to 60 letters, digits, spaces and . , ' - */
export function isStoreQuery(q: string): boolean {
  const trimmed = q.trim();
  return trimmed.length >= 2 && trimmed.length <= 60 && /^[\p{L}\p{N} .,'-]+$/u.test(trimmed);
}

export function searchStores(store: string, search: StoreSearch, server?: ServerTarget): Promise<StoreSearchResult> {
  const query = new URLSearchParams();
  if ('q' in search) query.set('q', search.q.trim());
  if ('lat' in search) {
    query.set('lat', search.lat.toFixed(5));
    query.set('lng', search.lng.toFixed(5));
  }
  const qs = query.toString();
  return restCall(STORE_LOCATOR, `/api/store-locator/stores${qs ? `?${qs}` : ''}`, { store, server, schema: contract('StoreSearchResultSchema') });
}

export function fetchStore(store: string, id: string, server?: ServerTarget): Promise<StoreDetail> {
  return restCall(STORE_LOCATOR, `/api/store-locator/stores/${encodeURIComponent(id)}`, { store, server, schema: contract('StoreDetailSchema') });
}

/** Addresses for what the shopper typed; any failure is an empty list (spec §8), so the form works on without them. */
export async function suggestAddresses(store: string, text: string, results = 5): Promise<AddressSuggestion[]> {
  const query = new URLSearchParams({ text: text.trim().slice(0, 100), results: String(results) });
  try {
    return await restCall(SUGGESTIONS, `/api/address-suggestions?${query}`, { store, schema: contract('AddressSuggestionsSchema') });
  } catch {
    return [];
  }
}

/** ISO weekday (1 Monday … 7 Sunday) now in a zone. */
export function weekdayIn(timeZone: string, now = new Date()): number {
  const short = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone }).format(now);
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short) + 1;
}

/** A postcode-and-street line as the country writes it: "221 Baker Street" in the UK, "Friedrichstraße 68" elsewhere. */
export function streetLine(s: Pick<AddressSuggestion, 'street' | 'number' | 'country_code'>): string {
  if (!s.number) return s.street;
  return ['GB', 'IE'].includes(s.country_code) ? `${s.number} ${s.street}` : `${s.street} ${s.number}`;
}
