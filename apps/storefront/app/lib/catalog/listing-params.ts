import type { ListingFilters, ListingSort } from '../api/catalog.api';

/** The orders a listing offers, as the URL names them (`?sort=price_asc`); `position` is the shop's own order. */
export const LISTING_SORTS: readonly ListingSort[] = ['position', 'price_asc', 'price_desc', 'name_asc', 'name_desc', 'newest'];

/** URL parameter → facet attribute code. The URL speaks the shopper's words (`flavour`, `colour`). */
export const FACET_PARAMS = { flavour: 'flavor', intensity: 'intensity', colour: 'color' } as const;
export type FacetParam = keyof typeof FACET_PARAMS;

const CODE = /^[a-z0-9_]{1,32}$/;
const INTENSITY = /^[1-5]$/;
const PRICE = /^\d{1,6}(\.\d{1,2})?$/;
const MAX_VALUES = 20;

export interface ListingParams {
  sort: ListingSort;
  filters: ListingFilters;
  /** Whether the shopper narrowed the listing (a facet value or a price bound). */
  filtered: boolean;
}

function list(search: URLSearchParams, name: string, pattern: RegExp): string[] {
  return [...new Set(search.getAll(name).flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()))]
    .filter((v) => pattern.test(v))
    .slice(0, MAX_VALUES);
}

function price(search: URLSearchParams, name: string): number | null {
  const raw = (search.get(name) ?? '').trim().replace(',', '.');
  return PRICE.test(raw) ? Number(raw) : null;
}

/**
 * Reads a listing's order and filters from its query string (what the GET form sends). Values that
 * cannot be a facet value or a price are dropped, so a mistyped link still shows a listing; a lower
 * bound above the upper one is swapped.
 */
export function readListingParams(search: URLSearchParams): ListingParams {
  const sortParam = search.get('sort') ?? '';
  const sort = (LISTING_SORTS as readonly string[]).includes(sortParam) ? (sortParam as ListingSort) : 'position';
  let priceFrom = price(search, 'price_min');
  let priceTo = price(search, 'price_max');
  if (priceFrom !== null && priceTo !== null && priceFrom > priceTo) [priceFrom, priceTo] = [priceTo, priceFrom];
  const filters: ListingFilters = {
    flavor: list(search, 'flavour', CODE),
    intensity: list(search, 'intensity', INTENSITY),
    color: list(search, 'colour', CODE),
    priceFrom,
    priceTo,
  };
  const filtered = filters.flavor.length + filters.intensity.length + filters.color.length > 0 || priceFrom !== null || priceTo !== null;
  return { sort, filters, filtered };
}

/** The query string of a listing's order and filters (no page: a new choice starts at page 1). */
export function listingSearch({ sort, filters }: Pick<ListingParams, 'sort' | 'filters'>): URLSearchParams {
  const out = new URLSearchParams();
  if (sort !== 'position') out.set('sort', sort);
  for (const [param, code] of Object.entries(FACET_PARAMS)) for (const v of filters[code]) out.append(param, v);
  if (filters.priceFrom !== null) out.set('price_min', String(filters.priceFrom));
  if (filters.priceTo !== null) out.set('price_max', String(filters.priceTo));
  return out;
}

const LISTING_PARAMS = new Set(['sort', 'price_min', 'price_max', ...Object.keys(FACET_PARAMS)]);

/**
 * The query string without what a GET form adds but the listing does not need: empty fields
 * (a price left blank) and the shop's own order. Other parameters (campaign tags, page) stay.
 */
export function tidyListingSearch(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of search) {
    if (LISTING_PARAMS.has(key) && (value.trim() === '' || (key === 'sort' && value === 'position'))) continue;
    out.append(key, value);
  }
  return out;
}
