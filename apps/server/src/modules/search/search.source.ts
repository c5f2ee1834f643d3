import type { Reader } from '../../platform/db.js';

/** What the site search shows and finds: one entry per thing, store view and language. */
export type SearchType = 'product' | 'article' | 'faq' | 'page';

export interface SearchDocument {
  type: SearchType;
  /** The owner's own id of the thing (a SKU, an article slug, a FAQ id, a page slug); unique per source, store view and language. */
  ref: string;
  store_code: string;
  /** `en` or `de`: chooses the text search dictionary. */
  language: string;
  /** Weighted highest (A). */
  title: string;
  /** Weighted B: a product's subtitle and flavour, an article's summary, a FAQ's topic. */
  subtitle: string;
  /** Weighted C: plain text, no markup (markdown or HTML is stripped by the source). */
  body: string;
  /** The storefront path the result links to, under the store prefix (`/gb/p/ember-one`). */
  url: string;
  image_url: string | null;
}

/**
 * A module that owns searchable data gives the search index one source per type. The index asks it
 * for every document when it is rebuilt (after the seed, or by the `search reindex` command) and for
 * named ones when the module reports a change in its write transaction (`SearchService.refresh`).
 * A ref the source no longer returns is dropped from the index.
 */
export interface SearchSource {
  /** Unique among sources (`products`, `blog-articles`, ...): a document is keyed by source, ref, store view and language. */
  name: string;
  type: SearchType;
  /** Every document of this type, or, with `refs`, those of the named things (in every store view and language). */
  documents(q: Reader, refs?: readonly string[]): Promise<SearchDocument[]>;
}
