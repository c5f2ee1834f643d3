import { data, type AppLoadContext } from 'react-router';
import type { GraphqlClient } from './client';
import { browserClient, cachedServerClient, serverClient } from './clients';
import { listStores, STORE_CODE_PATTERN, type StoreView } from './store.api';

/** The clients a loader needs for one store view. */
export interface StoreScope {
  /** The store code from the URL, not yet checked against the shop's store views. */
  code: string;
  /** Default-store client: reads the list of store views. */
  directory: GraphqlClient;
  /** Store-scoped client for data shared by every page (store config, menu). */
  shell: GraphqlClient;
  /** Store-scoped client for page data (products, content). */
  catalog: GraphqlClient;
}

export function serverScope(context: AppLoadContext, code: string): StoreScope {
  const safe = STORE_CODE_PATTERN.test(code) ? code : '';
  return {
    code,
    directory: cachedServerClient(context),
    shell: cachedServerClient(context, safe),
    catalog: serverClient(context, safe),
  };
}

export function browserScope(code: string): StoreScope {
  const safe = STORE_CODE_PATTERN.test(code) ? code : '';
  const client = browserClient(safe);
  return { code, directory: browserClient(), shell: client, catalog: client };
}

/** A 404 response for the nearest error boundary. */
export function notFound(): ReturnType<typeof data<string>> {
  return data('Not found', { status: 404 });
}

/**
 * The store view the URL names. Unknown codes answer 404 before any store-scoped call is made,
 * so a made-up prefix never reaches the API as a `Store` header.
 */
export async function requireStore(scope: StoreScope): Promise<StoreView> {
  if (!STORE_CODE_PATTERN.test(scope.code)) throw notFound();
  const store = (await listStores(scope.directory)).find((s) => s.store_code === scope.code);
  if (!store) throw notFound();
  return store;
}

/**
 * The loader of a page whose content is the shopper's own (cart, checkout, order confirmation): the
 * server renders only the store's frame and the browser loads the rest, so the loader only answers
 * 404 for an unknown store view. The same on the server and in the browser; only the scope differs.
 */
export async function loadStoreFrame(scope: StoreScope): Promise<Record<string, never>> {
  await requireStore(scope);
  return {};
}
