import { z } from 'zod';

/** Wire contracts of the store locator (`/api/store-locator/...`, spec §7 "Store locator", §9 limit 1000). */

export const STORE_TYPES = ['shop', 'kiosk', 'service_point'] as const;
export type StoreType = (typeof STORE_TYPES)[number];

/** Stores a search answers at most, and when no limit is given (spec §9). */
export const STORE_SEARCH_LIMIT = 1000;

/** A query value that is a decimal number (no exponent, no hex, no blanks). */
const decimal = (min: number, max: number, what: string) =>
  z.string().regex(/^-?\d{1,3}(\.\d{1,10})?$/, `${what} must be a decimal number`).transform(Number).pipe(z.number().min(min, `${what} must be at least ${min}`).max(max, `${what} must be at most ${max}`));

/**
 * `GET /api/store-locator/stores`: near a point (`lat` and `lng` together), or near a postcode or
 * city (`q`, resolved through the address table); neither lists the store view's stores by name.
 */
export const StoreSearchQuerySchema = z
  .strictObject({
    lat: decimal(-90, 90, 'lat').optional(),
    lng: decimal(-180, 180, 'lng').optional(),
    q: z.string().trim().min(2).max(60).regex(/^[\p{L}\p{N} .,'-]+$/u, 'q must be a postcode or a city').optional(),
    /** Only stores at most this many kilometres away. */
    distance: z.string().regex(/^\d{1,5}(\.\d{1,3})?$/, 'distance must be a number of kilometres').transform(Number).pipe(z.number().gt(0).max(20_000)).optional(),
    limit: z.string().regex(/^\d{1,5}$/, 'limit must be a whole number').transform(Number).pipe(z.number().int().min(1).max(STORE_SEARCH_LIMIT)).optional(),
    type: z.enum(STORE_TYPES).optional(),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), { message: 'lat and lng come together', path: ['lat'] })
  .refine((v) => !(v.q !== undefined && v.lat !== undefined), { message: 'either a point or q, not both', path: ['q'] });
export type StoreSearchQuery = z.infer<typeof StoreSearchQuerySchema>;

/** One span of opening hours, local time of the store ("09:00" to "18:00"). */
export const OpeningSpanSchema = z.object({ opens: z.string(), closes: z.string() });

/** A store's hours on one ISO weekday (1 Monday … 7 Sunday) with the day's name in the store view's language; no span: closed. */
export const OpeningDaySchema = z.object({
  weekday: z.number().int().min(1).max(7),
  day_name: z.string(),
  spans: z.array(OpeningSpanSchema),
});
export type OpeningDay = z.infer<typeof OpeningDaySchema>;

/** A store as a search lists it. */
export const StoreSummarySchema = z.object({
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
  /** IANA zone of the opening hours. */
  timezone: z.string(),
  /** Whether the checkout of this store view can send an order here for pick-up. */
  is_pickup: z.boolean(),
  /** Kilometres from the searched point (great circle), null without one. */
  distance_km: z.number().nullable(),
  opening_hours: z.array(OpeningDaySchema),
});
export type StoreSummary = z.infer<typeof StoreSummarySchema>;

export const StoreSearchResultSchema = z.object({
  /** The point searched from: the one given, or the one a postcode or city resolved to; null when q matched nothing or none was asked. */
  origin: z.object({ latitude: z.number(), longitude: z.number(), label: z.string().nullable() }).nullable(),
  items: z.array(StoreSummarySchema),
  /** The tile server to draw a map with (`{z}/{x}/{y}` template) and its attribution; null when the shop has none. */
  map: z.object({ tile_url: z.string(), attribution: z.string() }).nullable(),
});
export type StoreSearchResult = z.infer<typeof StoreSearchResultSchema>;

/** `GET /api/store-locator/stores/{id}`: the store's page, in the store view's language. */
export const StoreDetailSchema = StoreSummarySchema.omit({ distance_km: true }).extend({
  description: z.string().nullable(),
  services: z.array(z.object({ code: z.string(), label: z.string() })),
  map: z.object({ tile_url: z.string(), attribution: z.string() }).nullable(),
});
export type StoreDetail = z.infer<typeof StoreDetailSchema>;

export const StoreIdParamsSchema = z.strictObject({ id: z.string().regex(/^[a-z0-9_-]{2,40}$/, 'not a store id') });
export const StoreExternalIdParamsSchema = z.strictObject({ externalId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/, 'not an external store id') });
