/** A path inside a store view: `storePath('de', '/shop')` → `/de/shop`. */
export function storePath(store: string, path = '/'): string {
  return `/${store}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The same page in another store view: the store prefix is swapped and the rest of the path
 * kept (product and category URL keys are shared by all store views).
 */
export function switchStorePath(pathname: string, search: string, target: string): string {
  const rest = pathname.split('/').slice(2).join('/');
  const keptSearch = new URLSearchParams(search);
  keptSearch.delete('page');
  const query = keptSearch.toString();
  return `/${target}/${rest}${query ? `?${query}` : ''}`;
}

/** The market the bare domain and store-less error pages lead to. */
export const DEFAULT_STORE_CODE = 'gb';
