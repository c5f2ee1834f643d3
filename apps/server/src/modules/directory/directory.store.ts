import type { Queryable } from '../../platform/db.js';

export interface CountryRow {
  id: string;
  three_letter_abbreviation: string;
  full_name_english: string;
  full_name_locale: string;
  regions: { id: number; code: string; name: string }[] | null;
}

/** Countries a store view ships to, names in its language, with their regions. */
export async function findStoreCountries(db: Queryable, store: string, language: string): Promise<CountryRow[]> {
  const { rows } = await db.query<CountryRow>(
    `SELECT c.id, c.three_letter_abbreviation, c.full_name_english,
            COALESCE(n.name, c.full_name_english) AS full_name_locale,
            (SELECT json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name) ORDER BY r.name)
               FROM directory_region r WHERE r.country_id = c.id) AS regions
       FROM store_view_country sc
       JOIN directory_country c ON c.id = sc.country_id
       LEFT JOIN directory_country_name n ON n.country_id = c.id AND n.locale = $2
      WHERE sc.store_code = $1
      ORDER BY full_name_locale`,
    [store, language],
  );
  return rows;
}

export interface CountryNameRow {
  id: string;
  three_letter_abbreviation: string;
  full_name_english: string;
  full_name_locale: string;
}

/** One country of the directory by its two-letter id, named in `language` (English when it has no such name). */
export async function findCountry(db: Queryable, id: string, language: string): Promise<CountryNameRow | null> {
  const { rows } = await db.query<CountryNameRow>(
    `SELECT c.id, c.three_letter_abbreviation, c.full_name_english, COALESCE(n.name, c.full_name_english) AS full_name_locale
       FROM directory_country c
       LEFT JOIN directory_country_name n ON n.country_id = c.id AND n.locale = $2
      WHERE c.id = $1`,
    [id, language],
  );
  return rows[0] ?? null;
}
