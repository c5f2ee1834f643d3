import { languageTag } from './locale';
import type { StoreView } from './api/store.api';

/**
 * Search-engine links of public pages (docs/decisions/0064): absolute URLs are made of the store
 * view's configured public origin (`secure_base_link_url`, from the server's configuration, never
 * from a request's Host), so a cached page is the same for every visitor.
 */

type StoreOrigin = Pick<StoreView, 'store_code'> & { secure_base_link_url?: string | null };

/** The absolute URL of a path inside a store view (`/blog` → `https://shop.example/gb/blog`). */
export function publicUrl(store: StoreOrigin, path = '/'): string {
  const origin = (store.secure_base_link_url ?? '').replace(/\/+$/, '');
  return `${origin}/${store.store_code}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The hreflang alternates of a page: itself and the same path in the store views of other languages
 * (trial shops left out), or only in `only` when the page says where it exists.
 */
export function hreflangAlternates(current: StoreView, stores: readonly StoreView[], path: string, only?: readonly string[]): { hrefLang: string; href: string }[] {
  if (current.is_trial_store) return [];
  return stores
    .filter((s) => s.store_code === current.store_code || (!s.is_trial_store && s.language !== current.language && (!only || only.includes(s.store_code))))
    .map((s) => ({ hrefLang: languageTag(s.locale), href: publicUrl(s, path) }));
}
