import { z } from 'zod';

/** Wire contracts of the site search (`GET /api/search`, spec §7, docs/decisions/0067). */

export const SEARCH_TYPES = ['product', 'article', 'faq', 'page'] as const;
export type SearchResultType = (typeof SEARCH_TYPES)[number];

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const SearchQuerySchema = z.strictObject({
  /** What the shopper typed: 2–100 characters with at least two letters or digits, at most 8 words. */
  q: z.string().max(200),
  per_page: z.coerce.number().int().min(1).max(50).default(10),
  page: z.coerce.number().int().min(1).max(100).default(1),
  /** The language of the documents; the store view's own when absent. */
  lang: z.enum(['en', 'de']).optional(),
  type: z.enum(SEARCH_TYPES).optional(),
  /** Titles and excerpts as HTML whose only markup is `<mark>` around the matched words. */
  highlight: flag.default(false),
});

export const SearchItemSchema = z.object({
  type: z.enum(SEARCH_TYPES),
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The storefront path, under the store view's prefix. */
  url: z.string(),
  image_url: z.string().nullable(),
  title_html: z.string().nullable(),
  /** HTML (only `<mark>`) with `highlight`, plain text without. */
  snippet: z.string(),
});

export const SearchResultSchema = z.object({
  query: z.string(),
  /** The query with misspelt words replaced by the closest known ones, when some were. */
  corrected_query: z.string().nullable(),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
  counts: z.object({ product: z.number().int(), article: z.number().int(), faq: z.number().int(), page: z.number().int() }),
  items: z.array(SearchItemSchema),
  /** Other searches to try when this one found nothing (or little). */
  suggestions: z.array(z.string()),
});
export type SearchResultBody = z.infer<typeof SearchResultSchema>;
