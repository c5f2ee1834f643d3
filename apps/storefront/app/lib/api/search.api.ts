import { DEFAULT_REQUEST_TIMEOUT_MS, type SearchResultBody, type SearchResultType } from '@ember/contracts';
import type { ServerTarget } from './load-context';
import { contract, restCall, type RestService } from './rest';

/** The site search (`GET /api/search`): the only code that calls it. */

export class SearchApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: string | undefined) {
    super(message);
    this.name = 'SearchApiError';
  }
}

const SEARCH: RestService = {
  name: 'search',
  timeoutMs: () => DEFAULT_REQUEST_TIMEOUT_MS,
  fail: ({ status, code, message }) => new SearchApiError(message, status, code),
};

export type SearchResult = SearchResultBody;
export type SearchType = SearchResultType;
export const SEARCH_TABS: SearchType[] = ['product', 'article', 'faq', 'page'];

export interface SearchParams {
  q: string;
  type?: SearchType | null;
  page?: number;
  perPage?: number;
}

/** A query the server takes: at least two letters or digits, at most 100 characters. */
export function isSearchable(q: string): boolean {
  const trimmed = q.trim();
  return trimmed.length <= 100 && (trimmed.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2;
}

export function searchShop(store: string, params: SearchParams, server?: ServerTarget): Promise<SearchResult> {
  const query = new URLSearchParams({ q: params.q.trim(), highlight: 'true', per_page: String(params.perPage ?? 10), page: String(params.page ?? 1) });
  if (params.type) query.set('type', params.type);
  return restCall(SEARCH, `/api/search?${query}`, { store, server, schema: contract('SearchResultSchema') });
}
