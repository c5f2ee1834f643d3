import { z } from 'zod';
import { ConsolePagingQuerySchema, PageInfoSchema } from './operators.js';
import { STORE_TYPES } from './store-locator.js';

/**
 * Wire contracts of the console's content area (docs/decisions/0086): the FAQ, blog articles, the
 * content pages at `/admin/content/...` and the store locator's stores at `/admin/stores`.
 */

const LanguageSchema = z.string().regex(/^[a-z]{2}$/, 'must be a two-letter language code');
const StoreCodeSchema = z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, 'must be a store view code');
const SkuSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be a SKU');
/** One line of text: no markup, no control characters. */
const Line = (max: number) => z.string().trim().min(1).max(max).regex(/^[^<>\p{Cc}]*$/u, 'must be plain text');
/**
 * Markdown as the storefront renders it (raw HTML is skipped there, so it is refused here: what is
 * saved is what shoppers see); links only to the web, mail or the shop's own paths.
 */
const Markdown = (min: number, max: number) =>
  z.string().trim().min(min).max(max)
    .refine((s) => !/\p{Cc}/u.test(s.replace(/[\t\n\r]/g, '')), { message: 'must be text' })
    .refine((s) => !/<\/?[A-Za-z!?][^>]*>/.test(s), { message: 'HTML is not allowed: use markdown' })
    .refine((s) => !/\]\(\s*(?!https?:|mailto:|\/|#)[a-z][a-z0-9+.-]*:/i.test(s), { message: 'links go to http(s), mailto or the shop\'s own paths' });
const SearchText = z.string().trim().min(1).max(80).optional();
const BoolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The languages content is written in: those of the shop's active store views, with them. */
export const ContentLanguagesSchema = z.object({
  languages: z.array(z.object({ language: z.string(), store_views: z.array(z.object({ code: z.string(), name: z.string() })) })),
});

// ---------------------------------------------------------------- FAQ

export const FAQ_TOPIC_PATTERN = /^[a-z][a-z0-9_-]{1,39}$/;
export const FaqQuerySchema = ConsolePagingQuerySchema.extend({
  /** Words of the question or answer. */
  q: SearchText,
  language: LanguageSchema.optional(),
  topic: z.string().regex(FAQ_TOPIC_PATTERN).optional(),
});
export type FaqQuery = z.infer<typeof FaqQuerySchema>;

export const FaqEntrySchema = z.object({
  id: z.number().int(),
  language: z.string(),
  topic: z.string(),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
});
export type FaqEntry = z.infer<typeof FaqEntrySchema>;
export const FaqPageSchema = z.object({ items: z.array(FaqEntrySchema), page_info: PageInfoSchema, topics: z.array(z.string()) });

/** `POST /admin/content/faq` and `PUT /admin/content/faq/{id}`: one entry in one language. */
export const FaqBodySchema = z.strictObject({
  language: LanguageSchema,
  topic: z.string().trim().regex(FAQ_TOPIC_PATTERN, 'must be a topic code (a–z, 0–9, _ and -)'),
  question: Line(300),
  answer: Markdown(1, 5000),
  position: z.number().int().min(0).max(100_000).default(0),
});
export type FaqBody = z.infer<typeof FaqBodySchema>;
export const ContentIdParamsSchema = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

// ---------------------------------------------------------------- blog

export const BLOG_STATES = ['draft', 'scheduled', 'published'] as const;
export type BlogState = (typeof BLOG_STATES)[number];
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const BlogQuerySchema = ConsolePagingQuerySchema.extend({
  /** Words of the title, or the slug's beginning. */
  q: SearchText,
  language: LanguageSchema.optional(),
  state: z.enum(BLOG_STATES).optional(),
});
export type BlogQuery = z.infer<typeof BlogQuerySchema>;

export const BlogRowSchema = z.object({
  id: z.number().int(),
  language: z.string(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  state: z.enum(BLOG_STATES),
  published_at: z.string().nullable(),
});
export const BlogPageSchema = z.object({ items: z.array(BlogRowSchema), page_info: PageInfoSchema });

export const BlogArticleSchema = BlogRowSchema.extend({
  summary: z.string(),
  body: z.string(),
  hero_image: z.string().nullable(),
  hero_image_alt: z.string(),
  categories: z.array(z.string()),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  /** The related products' SKUs, in order. */
  products: z.array(z.string()),
});
export type BlogArticle = z.infer<typeof BlogArticleSchema>;

const optionalLine = (max: number) => z.union([Line(max), z.literal('').transform(() => null), z.null()]).default(null);

/** `POST /admin/content/blog` (a draft) and `PUT /admin/content/blog/{id}`. */
export const BlogBodySchema = z.strictObject({
  language: LanguageSchema,
  slug: z.string().trim().max(100).regex(BLOG_SLUG_PATTERN, 'must be lower-case words joined by hyphens'),
  title: Line(200),
  summary: Line(500),
  body: Markdown(1, 100_000),
  author: Line(120),
  hero_image: z.union([z.string().regex(/^\/media\/[a-z0-9/_-]+\.(svg|png|jpe?g|webp)$/, 'must be a /media/ image path'), z.literal('').transform(() => null), z.null()]).default(null),
  hero_image_alt: z.string().trim().max(200).regex(/^[^<>\p{Cc}]*$/u).default(''),
  categories: z.array(z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a category code')).max(10).default([]),
  seo_title: optionalLine(200),
  seo_description: optionalLine(320),
  products: z.array(SkuSchema).max(12).default([]),
}).refine((b) => new Set(b.products).size === b.products.length, { path: ['products'], message: 'a product is named once' })
  .refine((b) => new Set(b.categories).size === b.categories.length, { path: ['categories'], message: 'a category is named once' })
  .refine((b) => !b.hero_image || b.hero_image_alt.length > 0, { path: ['hero_image_alt'], message: 'an image needs its text alternative' });
export type BlogBody = z.infer<typeof BlogBodySchema>;

/** `POST /admin/content/blog/{id}/publication`: publish now or at a time, or take back to a draft. */
export const BlogPublicationBodySchema = z.strictObject({
  published: z.boolean(),
  /** When it becomes public (default now); only with `published: true`. */
  at: z.iso.datetime({ offset: true }).optional(),
}).refine((b) => b.published || b.at === undefined, { path: ['at'], message: 'a draft has no publication time' });
export type BlogPublicationBody = z.infer<typeof BlogPublicationBodySchema>;

// ---------------------------------------------------------------- content pages

/** The pages with a fixed storefront route whose texts operators edit (the table's CHECK). */
export const CONTENT_PAGE_IDENTIFIERS = ['contact', 'get-started'] as const;
export const ContentPageRowSchema = z.object({
  identifier: z.enum(CONTENT_PAGE_IDENTIFIERS),
  language: z.string(),
  title: z.string().nullable(),
  /** False when the language has no text yet (the storefront then shows none for it). */
  exists: z.boolean(),
});
export const ContentPageListSchema = z.object({ items: z.array(ContentPageRowSchema) });
export const ContentPageSchema = z.object({
  identifier: z.enum(CONTENT_PAGE_IDENTIFIERS),
  language: z.string(),
  title: z.string(),
  meta_description: z.string(),
  body: z.string(),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;
export const ContentPageParamsSchema = z.strictObject({ identifier: z.enum(CONTENT_PAGE_IDENTIFIERS), language: LanguageSchema });
export const ContentPageBodySchema = z.strictObject({
  title: Line(200),
  meta_description: z.string().trim().max(320).regex(/^[^<>\p{Cc}]*$/u, 'must be plain text').default(''),
  body: Markdown(0, 20_000),
});
export type ContentPageBody = z.infer<typeof ContentPageBodySchema>;

// ---------------------------------------------------------------- stores

export const LOCATOR_STORE_ID_PATTERN = /^[a-z0-9_-]{2,40}$/;
export const LocatorStoreQuerySchema = ConsolePagingQuerySchema.extend({
  /** Words of the name or city, or the id's or external id's beginning. */
  q: SearchText,
  /** Only stores this store view shows. */
  store: StoreCodeSchema.optional(),
  enabled: BoolParam.optional(),
  type: z.enum(STORE_TYPES).optional(),
});
export type LocatorStoreQuery = z.infer<typeof LocatorStoreQuerySchema>;

export const LocatorStoreRowSchema = z.object({
  id: z.string(),
  external_id: z.string(),
  type: z.enum(STORE_TYPES),
  name: z.string(),
  city: z.string(),
  country_code: z.string(),
  is_active: z.boolean(),
  store_views: z.array(z.string()),
});
export const LocatorStorePageSchema = z.object({ items: z.array(LocatorStoreRowSchema), page_info: PageInfoSchema });

const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time hh:mm');
export const LocatorHoursSchema = z.object({ weekday: z.number().int().min(1).max(7), opens: TimeSchema, closes: TimeSchema });
export const LocatorStoreViewSchema = z.object({ store_code: StoreCodeSchema, is_pickup: z.boolean().default(false), position: z.number().int().min(0).max(100_000).default(0) });
export const LocatorTextSchema = z.object({ language: LanguageSchema, description: z.string().trim().min(1).max(1000).regex(/^[^<>\p{Cc}]*$/u, 'must be plain text') });

export const LocatorStoreSchema = z.object({
  id: z.string(),
  external_id: z.string(),
  type: z.enum(STORE_TYPES),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  postcode: z.string().nullable(),
  country_code: z.string(),
  telephone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string(),
  is_active: z.boolean(),
  store_views: z.array(z.object({ store_code: z.string(), is_pickup: z.boolean(), position: z.number().int() })),
  texts: z.array(z.object({ language: z.string(), description: z.string() })),
  hours: z.array(z.object({ weekday: z.number().int(), opens: z.string(), closes: z.string() })),
  services: z.array(z.string()),
});
export type LocatorStore = z.infer<typeof LocatorStoreSchema>;

const nullableLine = (max: number, pattern?: RegExp, message?: string) =>
  z.union([(pattern ? z.string().trim().max(max).regex(pattern, message) : Line(max)), z.literal('').transform(() => null), z.null()]).default(null);

const LocatorStoreFields = {
  external_id: z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/, 'must be the retail system\'s id (letters, digits, _ . : -)'),
  type: z.enum(STORE_TYPES).default('shop'),
  name: Line(120),
  street: Line(120),
  city: Line(80),
  postcode: nullableLine(16, /^[\p{L}\p{N} -]{1,16}$/u, 'must be a postcode'),
  country_code: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
  telephone: nullableLine(16, /^\+[0-9]{6,15}$/, 'must be an international number (+ and digits)'),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  timezone: z.string().regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/, 'must be an IANA time zone').default('Europe/London'),
  is_active: z.boolean().default(true),
  store_views: z.array(LocatorStoreViewSchema).max(50).default([]),
  texts: z.array(LocatorTextSchema).max(20).default([]),
  hours: z.array(LocatorHoursSchema).max(70).default([]),
  services: z.array(z.string().regex(/^[a-z][a-z0-9_]{1,39}$/)).max(40).default([]),
};

type StoreDraft = { latitude: number | null; longitude: number | null; store_views: { store_code: string }[]; texts: { language: string }[]; hours: { weekday: number; opens: string; closes: string }[]; services: string[] };
/** The rules the tables hold, said before they are reached. */
const storeRules = <T extends z.ZodType<StoreDraft>>(schema: T) =>
  schema
    .refine((b) => (b.latitude === null) === (b.longitude === null), { path: ['longitude'], message: 'latitude and longitude come together' })
    .refine((b) => new Set(b.store_views.map((v) => v.store_code)).size === b.store_views.length, { path: ['store_views'], message: 'a store view is named once' })
    .refine((b) => new Set(b.texts.map((v) => v.language)).size === b.texts.length, { path: ['texts'], message: 'one description per language' })
    .refine((b) => new Set(b.services).size === b.services.length, { path: ['services'], message: 'a service is named once' })
    .refine((b) => b.hours.every((h) => h.closes > h.opens), { path: ['hours'], message: 'a span closes after it opens' })
    .refine((b) => b.hours.every((h, i) => b.hours.every((o, j) => i === j || o.weekday !== h.weekday || o.closes <= h.opens || o.opens >= h.closes)), { path: ['hours'], message: 'spans of one day must not overlap' });

/** `POST /admin/stores`. */
export const LocatorStoreCreateBodySchema = storeRules(z.strictObject({ id: z.string().trim().regex(LOCATOR_STORE_ID_PATTERN, 'must be 2–40 of a–z, 0–9, _ and -'), ...LocatorStoreFields }));
export type LocatorStoreCreateBody = z.infer<typeof LocatorStoreCreateBodySchema>;
/** `PUT /admin/stores/{id}`: everything but the id. */
export const LocatorStoreUpdateBodySchema = storeRules(z.strictObject(LocatorStoreFields));
export type LocatorStoreUpdateBody = z.infer<typeof LocatorStoreUpdateBodySchema>;
export const LocatorStoreParamsSchema = z.strictObject({ id: z.string().regex(LOCATOR_STORE_ID_PATTERN) });
/** `POST /admin/stores/{id}/state`: shown in the store locator (and as a pick-up point) or not. */
export const LocatorStoreStateBodySchema = z.strictObject({ is_active: z.boolean() });
export const LocatorServicesSchema = z.object({ items: z.array(z.object({ code: z.string(), labels: z.record(z.string(), z.string()) })) });
