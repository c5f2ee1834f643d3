/**
 * A list's search, filters, sorting and page live in the page's query string, so a reload or a
 * shared link shows the same list. The query string holds the API's own parameters.
 */

export interface SortState {
  id: string;
  desc: boolean;
}

/** The named parameters that are set (non-empty) in the query string. */
export function readParams<K extends string>(search: URLSearchParams, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = search.get(key)?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/** A positive whole number from the query string, else the fallback (clamped to max). */
export function readInt(search: URLSearchParams, key: string, fallback: number, max = 10_000): number {
  const raw = search.get(key);
  if (!raw || !/^\d+$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 ? Math.min(n, max) : fallback;
}

/**
 * The query string with the given values set (empty or undefined removes them). Any change other
 * than the page itself starts the list again at page 1.
 */
export function withParams(search: URLSearchParams, changes: Record<string, string | number | undefined | null>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** `sort=-created_at` is newest first; `sort=number` ascending. */
export function readSort(search: URLSearchParams, allowed: readonly string[]): SortState | null {
  const raw = search.get('sort');
  if (!raw) return null;
  const desc = raw.startsWith('-');
  const id = desc ? raw.slice(1) : raw;
  return allowed.includes(id) ? { id, desc } : null;
}

export function sortParam(sort: SortState | null | undefined): string | undefined {
  if (!sort) return undefined;
  return (sort.desc ? '-' : '') + sort.id;
}

/** How many pages a total fills (at least one, so an empty list reads "page 1 of 1"). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
