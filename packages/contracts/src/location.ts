import { z } from 'zod';

/** Wire contracts of the location service (`/api/location`): the visitor's country by IP and the country→market lookup. */

const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/);

/** A store view that ships to a country: the market a visitor from there is offered. */
export const LocationMarketSchema = z.object({
  store_code: z.string(),
  website_code: z.string(),
  name: z.string(),
  language: z.string(),
});
export type LocationMarket = z.infer<typeof LocationMarketSchema>;

/** A country as the shop's directory knows it, with the markets that ship there. */
export const LocationCountrySchema = z.object({
  /** ISO 3166-1 alpha-2, as the directory names the country (the spec's `isoCode`). */
  iso_code: CountryCodeSchema,
  /** ISO 3166-1 alpha-3. */
  iso_code3: z.string(),
  name: z.string(),
  /** The market suggested to a visitor from the country (the first regular store view shipping there), or null. */
  suggested_store_code: z.string().nullable(),
  markets: z.array(LocationMarketSchema),
});
export type LocationCountry = z.infer<typeof LocationCountrySchema>;

/** `GET /api/location`: where the visitor's address is, as far as the shop can tell. */
export const LocationSchema = z.object({
  /** Two-letter country of the client address; null for private, reserved or unknown addresses. */
  country_code: CountryCodeSchema.nullable(),
  /** The country as the directory knows it (null when the shop's directory does not list it). */
  country: LocationCountrySchema.nullable(),
  /** Where the answer came from: the offline database shipped with the shop, the configured lookup service, or neither. */
  source: z.enum(['offline', 'external', 'none']),
});
export type Location = z.infer<typeof LocationSchema>;

export const LocationCountryParamsSchema = z.strictObject({
  code: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code'),
});
