import type { Queryable } from '../../platform/db.js';
import { findCountry, type CountryNameRow } from './directory.store.js';

export type { CountryNameRow } from './directory.store.js';

/** The directory as other modules read it (GraphQL's `countries` and `country` read the store directly). */
export class DirectoryService {
  /** A country of the directory by its ISO 3166-1 alpha-2 code, named in `language`; null when the directory does not list it. */
  country(q: Queryable, isoCode: string, language: string): Promise<CountryNameRow | null> {
    return findCountry(q, isoCode.toUpperCase(), language);
  }
}
