import { STORE_SEARCH_LIMIT, type OpeningDay, type StoreDetail, type StoreSearchQuery, type StoreSearchResult, type StoreSummary } from '@ember/contracts';
import type { Reader } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { StoreView } from '../store/store.store.js';
import * as store from './store-locator.store.js';
import type { OpeningRow, PickupRow, StoreRow } from './store-locator.store.js';

/** A point a postcode or city stands for, found by whoever knows addresses (the address suggestions). */
export type Locate = (q: Reader, text: string, countries: string[]) => Promise<{ latitude: number; longitude: number; label: string | null } | null>;

/** The names of the ISO weekdays 1–7 in a language ("Monday", "Montag"). */
const dayNames = new Map<string, string[]>();
function weekdayNames(language: string): string[] {
  let names = dayNames.get(language);
  if (!names) {
    const f = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
    // 1 January 2024 was a Monday.
    names = [1, 2, 3, 4, 5, 6, 7].map((d) => f.format(new Date(Date.UTC(2024, 0, d))));
    dayNames.set(language, names);
  }
  return names;
}

function week(rows: OpeningRow[], language: string): OpeningDay[] {
  const names = weekdayNames(language);
  return names.map((day_name, i) => ({
    weekday: i + 1,
    day_name,
    spans: rows.filter((r) => r.weekday === i + 1).map((r) => ({ opens: r.opens, closes: r.closes })),
  }));
}

/** Rounds a distance to metres. */
const km = (d: number | null) => (d === null ? null : Math.round(d * 1000) / 1000);

/** Shops, kiosks and service points per store view: distance search, store pages, the checkout's pick-up points (spec §7 "Store locator"). */
export class StoreLocatorService {
  constructor(private readonly deps: { locate: Locate }) {}

  /**
   * Stores near a point, or near a postcode or city, nearest first with their distance; without
   * either the store view's stores in its order. A postcode or city no address knows answers no stores.
   */
  async search(q: Reader, view: StoreView, query: StoreSearchQuery): Promise<Omit<StoreSearchResult, 'map'>> {
    const limit = query.limit ?? STORE_SEARCH_LIMIT;
    const type = query.type ?? null;
    let origin: StoreSearchResult['origin'] = null;
    if (query.lat !== undefined && query.lng !== undefined) origin = { latitude: query.lat, longitude: query.lng, label: null };
    else if (query.q !== undefined) {
      origin = await this.deps.locate(q, query.q, [view.default_country]);
      if (!origin) return { origin: null, items: [] };
    }
    const rows = origin
      ? await store.nearestStores(q, view.code, { lat: origin.latitude, lng: origin.longitude }, { maxKm: query.distance ?? null, limit, type })
      : await store.listStores(q, view.code, { limit, type });
    return { origin, items: await this.summaries(q, view, rows) };
  }

  /** A store's page by its id in the shop; one the store view does not show is NOT_FOUND. */
  async byId(q: Reader, view: StoreView, id: string): Promise<Omit<StoreDetail, 'map'>> {
    return this.detail(q, view, await store.findStore(q, view.code, 'id', id));
  }

  /** A store's page by the retail system's id. */
  async byExternalId(q: Reader, view: StoreView, externalId: string): Promise<Omit<StoreDetail, 'map'>> {
    return this.detail(q, view, await store.findStore(q, view.code, 'external_id', externalId));
  }

  /** The store view's pick-up points, in the checkout's shape (its pickupStores and pickupLocations). */
  pickupStores(q: Reader, view: StoreView): Promise<PickupRow[]> {
    return store.pickupStores(q, view.code, view.language);
  }

  private async detail(q: Reader, view: StoreView, row: StoreRow | null): Promise<Omit<StoreDetail, 'map'>> {
    if (!row) throw new AppError('NOT_FOUND', 'Store not found');
    const [summary] = await this.summaries(q, view, [row]);
    const content = await store.storeContent(q, row.id, view.language);
    const { distance_km: _distance, ...rest } = summary!;
    return { ...rest, description: content.description, services: content.services };
  }

  private async summaries(q: Reader, view: StoreView, rows: StoreRow[]): Promise<StoreSummary[]> {
    const hours = await store.openingHours(q, rows.map((r) => r.id));
    const byStore = new Map<string, OpeningRow[]>();
    for (const h of hours) {
      const list = byStore.get(h.store_id);
      if (list) list.push(h);
      else byStore.set(h.store_id, [h]);
    }
    return rows.map((r) => ({
      id: r.id,
      external_id: r.external_id,
      type: r.type,
      name: r.name,
      street: r.street,
      city: r.city,
      postcode: r.postcode,
      country_code: r.country_code,
      telephone: r.telephone,
      latitude: r.latitude,
      longitude: r.longitude,
      timezone: r.timezone,
      is_pickup: r.is_pickup,
      distance_km: km(r.distance_km === null ? null : Number(r.distance_km)),
      opening_hours: week(byStore.get(r.id) ?? [], view.language),
    }));
  }
}
