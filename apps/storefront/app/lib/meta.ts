import type { TFunction } from '../i18n/i18n';
import type { MetaDescriptor } from 'react-router';
import { i18nFor } from '../i18n/i18n';
import type { StoreView } from './api/store.api';
import { STORE_LAYOUT_ROUTE_ID, type StoreLayoutData } from './store-layout-data';

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The store view from a meta function's matches (undefined when the store is unknown). */
export function storeFromMatches(matches: readonly MatchLike[]): StoreView | undefined {
  const match = matches.find((m) => m?.id === STORE_LAYOUT_ROUTE_ID);
  return (match?.loaderData as StoreLayoutData | undefined)?.store;
}

/** A translator in the store view's language, for meta functions (they cannot use hooks). */
export function translatorFor(matches: readonly MatchLike[]): TFunction {
  return i18nFor(storeFromMatches(matches)?.language).t;
}

/** Title and description of a page; the brand is appended unless the title already ends with it. */
export function pageMeta(title: string, description?: string | null): MetaDescriptor[] {
  return [
    { title: /\bEmber$/.test(title) ? title : `${title} · Ember` },
    ...(description ? [{ name: 'description', content: description }] : []),
  ];
}

/** A page personal to the shopper (the cart, the account's pages): titled like any page, kept out of search engines. */
export function privatePageMeta(title: string, description?: string): MetaDescriptor[] {
  return [...pageMeta(title, description), { name: 'robots', content: 'noindex' }];
}
