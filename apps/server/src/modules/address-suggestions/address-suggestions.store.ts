import type { Queryable, Reader } from '../../platform/db.js';

/** The only SQL on address_suggestion_address. */

export interface AddressRow {
  id: string;
  street: string;
  number: string | null;
  postcode: string | null;
  city: string;
  region: string | null;
  country_code: string;
}

/**
 * Addresses in the countries with, for every word typed, a token beginning with it ("kaufingerstr 9"
 * finds Kaufingerstraße 9, 90, ...), by city, street and house number; an address with a token equal
 * to the last word (the house number typed in full) first.
 */
export async function matchAddresses(q: Reader, countries: string[], words: string[], limit: number): Promise<AddressRow[]> {
  const { rows } = await q.query<AddressRow>(
    `SELECT hash AS id, street, number, postcode, city, region, country_code::text AS country_code
       FROM address_suggestion_address a
      WHERE country_code = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM unnest($2::text[]) w WHERE NOT EXISTS (SELECT 1 FROM unnest(a.search_tokens) t WHERE left(t, length(w)) = w))
      ORDER BY NOT (search_tokens @> ARRAY[$3::text]), city, street,
               NULLIF(left(regexp_replace(coalesce(number, ''), '[^0-9]', '', 'g'), 9), '')::int NULLS FIRST, number, hash
      LIMIT $4`,
    [countries, words, words.at(-1) ?? '', limit],
  );
  return rows;
}

export interface Centroid {
  latitude: number;
  longitude: number;
  city: string;
  postcode: string | null;
}

/** The middle of the addresses whose postcode begins with `postcodeKey` (upper case, no spaces), with the most common city. */
export async function postcodeCentroid(q: Reader, countries: string[], postcodeKey: string): Promise<Centroid | null> {
  const { rows } = await q.query<Centroid & { n: number }>(
    `SELECT avg(latitude) AS latitude, avg(longitude) AS longitude, mode() WITHIN GROUP (ORDER BY city) AS city,
            min(postcode) AS postcode, count(*)::int AS n
       FROM (SELECT latitude, longitude, city, postcode FROM address_suggestion_address
              WHERE country_code = ANY($1::text[]) AND postcode_key LIKE $2 AND latitude IS NOT NULL LIMIT 2000) a`,
    [countries, `${postcodeKey}%`],
  );
  return rows[0] && rows[0].n > 0 ? { latitude: Number(rows[0].latitude), longitude: Number(rows[0].longitude), city: rows[0].city, postcode: rows[0].postcode } : null;
}

/** The middle of the addresses of a city whose name (accents folded) begins with `cityKey`. */
export async function cityCentroid(q: Reader, countries: string[], cityKey: string): Promise<Centroid | null> {
  const { rows } = await q.query<Centroid & { n: number }>(
    `SELECT avg(latitude) AS latitude, avg(longitude) AS longitude, mode() WITHIN GROUP (ORDER BY city) AS city, NULL AS postcode, count(*)::int AS n
       FROM (SELECT latitude, longitude, city FROM address_suggestion_address
              WHERE country_code = ANY($1::text[]) AND latitude IS NOT NULL
                AND translate(replace(lower(city), 'ß', 'ss'), 'äöüàáâãåèéêëìíîïòóôõùúûçñ', 'aouaaaaaeeeeiiiioooouuucn') LIKE $2
              LIMIT 2000) a`,
    [countries, `${cityKey}%`],
  );
  return rows[0] && rows[0].n > 0 ? { latitude: Number(rows[0].latitude), longitude: Number(rows[0].longitude), city: rows[0].city, postcode: null } : null;
}

/** One address row as an OpenAddresses file has it, with the country the file is of. */
export interface ImportRow {
  hash: string;
  country_code: string;
  number: string | null;
  street: string;
  unit: string | null;
  city: string;
  district: string | null;
  region: string | null;
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Inserts addresses not there yet (by HASH) in one statement; answers how many were new. */
export async function insertAddresses(q: Queryable, rows: ImportRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { rowCount } = await q.query(
    `INSERT INTO address_suggestion_address (hash, country_code, number, street, unit, city, district, region, postcode, latitude, longitude)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::float8[], $11::float8[])
     ON CONFLICT (hash) DO NOTHING`,
    [
      rows.map((r) => r.hash), rows.map((r) => r.country_code), rows.map((r) => r.number), rows.map((r) => r.street), rows.map((r) => r.unit),
      rows.map((r) => r.city), rows.map((r) => r.district), rows.map((r) => r.region), rows.map((r) => r.postcode),
      rows.map((r) => r.latitude), rows.map((r) => r.longitude),
    ],
  );
  return rowCount;
}
