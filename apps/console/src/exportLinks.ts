/**
 * The CSV exports' addresses (`GET /admin/exports/orders.csv`, `…/customers.csv`): a plain download
 * with the session cookie, carrying the list's current filters where the export knows them.
 */
import { queryString } from './api';

/** The filters an export shares with its list (the export has no search text, paging or sorting). */
const EXPORT_FILTERS = ['store', 'status', 'from', 'to'] as const;

export function exportHref(kind: 'orders' | 'customers', search: URLSearchParams): string {
  const params: Record<string, string | undefined> = {};
  for (const key of EXPORT_FILTERS) params[key] = search.get(key)?.trim() || undefined;
  return `/admin/exports/${kind}.csv${queryString(params)}`;
}
