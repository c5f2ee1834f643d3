import type { Location, LocationCountry } from '@ember/contracts';
import type { Reader } from '../../platform/db.js';
import { TtlCache } from '../../platform/ttl-cache.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type { StoreService, StoreView } from '../store/store.service.js';
import type { GeoIpLookup } from './location.geoip.js';

/**
 * Location by IP (spec §7 "Location-by-IP GET to a configurable URL. Country region lookup giving
 * isoCode"): the country of a client address from the offline database or the configured lookup
 * service, and the country as the directory knows it with the markets that ship there. It keeps no
 * address: a lookup is answered and forgotten.
 */
export class LocationService {
  /** Countries with their markets, per language; dropped on a `config` change announcement and after a minute. */
  private readonly countries = new TtlCache<LocationCountry | null>(60_000, 500);

  constructor(
    private readonly deps: { stores: StoreService; directory: DirectoryService; geoIp: GeoIpLookup },
  ) {}

  invalidate(): void {
    this.countries.clear();
  }

  /**
   * A country (ISO 3166-1 alpha-2, any case) with the markets shipping there, named in `language`;
   * null when the directory does not list it. The suggested market is the first regular (not trial) one.
   */
  country(q: Reader, isoCode: string, language: string): Promise<LocationCountry | null> {
    const code = isoCode.toUpperCase();
    return this.countries.through(`${code}:${language}`, async () => {
      const found = await this.deps.directory.country(q, code, language);
      if (!found) return null;
      const views = await this.deps.stores.shippingTo(code, q);
      const suggested = views.find((v) => !v.is_trial) ?? null;
      return {
        iso_code: found.id,
        iso_code3: found.three_letter_abbreviation,
        name: found.full_name_locale,
        suggested_store_code: suggested?.code ?? null,
        markets: views.map((v: StoreView) => ({ store_code: v.code, website_code: v.website_code, name: v.name, language: v.language })),
      };
    });
  }

  /** `GET /api/location`: the client address's country and its markets; nothing of the address is kept. */
  async locate(q: Reader, clientAddress: string, language: string): Promise<Location> {
    const answer = await this.deps.geoIp.lookup(clientAddress);
    const country = answer.country_code ? await this.country(q, answer.country_code, language) : null;
    return { country_code: answer.country_code, country, source: answer.source };
  }
}
