import type { MetaDescriptor } from 'react-router';
import type { StoreView } from './api/store.api';

/** Canonical and Open Graph tags of public pages (docs/decisions/0064); URLs come from `publicUrl` (lib/seo.ts). */

/** An absolute URL of a /media/ picture or another path of the shop. */
export function publicAssetUrl(store: Pick<StoreView, 'secure_base_link_url'>, path: string): string {
  return `${(store.secure_base_link_url ?? '').replace(/\/+$/, '')}${path}`;
}

/** The canonical link of a page. */
export function canonicalMeta(href: string): MetaDescriptor {
  return { tagName: 'link', rel: 'canonical', href };
}

/** Open Graph tags of a shared page. */
export function openGraphMeta(og: { title: string; description?: string | null; url: string; image?: string | null; type?: 'website' | 'article'; locale: string }): MetaDescriptor[] {
  return [
    { property: 'og:type', content: og.type ?? 'website' },
    { property: 'og:title', content: og.title },
    ...(og.description ? [{ property: 'og:description', content: og.description }] : []),
    { property: 'og:url', content: og.url },
    ...(og.image ? [{ property: 'og:image', content: og.image }] : []),
    { property: 'og:locale', content: og.locale.replace('-', '_') },
    { property: 'og:site_name', content: 'Ember' },
  ];
}

