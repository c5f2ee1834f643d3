import type { LocatorStore, LocatorStoreQuery, LocatorStoreUpdateBody } from '@ember/contracts';
import { AppError } from '../../platform/errors.js';
import type { Reader, Tx } from '../../platform/transaction.js';
import type { StoreView } from '../store/store.store.js';
import * as store from './store-locator.console.store.js';

/** A zone name the runtime knows (the storefront formats a store's hours in it). */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The console's stores of the store locator (docs/decisions/0086): shops, kiosks and service points
 * with their address, coordinates, hours, services, descriptions and the store views that show them.
 * The tables' triggers announce `config`, so every instance drops its pick-up points and pages.
 */
export class StoreLocatorConsole {
  constructor(private readonly views: (q: Reader) => Promise<StoreView[]>) {}

  async list(q: Reader, query: LocatorStoreQuery) {
    const { rows, total } = await store.listStores(q, { ...query, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    return {
      items: rows.map((r) => ({ id: r.id, external_id: r.external_id, type: r.type, name: r.name, city: r.city, country_code: r.country_code, is_active: r.is_active, store_views: r.store_views })),
      page_info: { page: query.page, page_size: query.page_size, total },
    };
  }

  async get(q: Reader, id: string): Promise<LocatorStore> {
    const row = await store.storeById(q, id);
    if (!row) throw new AppError('NOT_FOUND', 'Store not found');
    const { total: _total, ...rest } = row;
    void _total;
    return { ...rest, latitude: rest.latitude === null ? null : Number(rest.latitude), longitude: rest.longitude === null ? null : Number(rest.longitude) };
  }

  services(q: Reader) {
    return store.services(q).then((items) => ({ items }));
  }

  /** The rules that need the database: the store views, languages, country, services and zone must exist. */
  private async check(q: Reader, b: LocatorStoreUpdateBody): Promise<void> {
    const views = await this.views(q);
    const fail = (field: string, code: string, message: string) => new AppError('VALIDATION_FAILED', message, { fields: { [field]: code } });
    const unknownView = b.store_views.find((v) => !views.some((x) => x.code === v.store_code));
    if (unknownView) throw fail('store_views', 'unknown_store', `Unknown store view ${unknownView.store_code}`);
    const unknownLanguage = b.texts.find((t) => !views.some((x) => x.language === t.language));
    if (unknownLanguage) throw fail('texts', 'unknown_language', `No store view speaks the language ${unknownLanguage.language}`);
    if (!(await store.countryExists(q, b.country_code))) throw fail('country_code', 'unknown_country', `Unknown country ${b.country_code}`);
    const unknownServices = await store.unknownServices(q, b.services);
    if (unknownServices.length) throw fail('services', 'unknown_service', `Unknown services: ${unknownServices.join(', ')}`);
    if (!knownZone(b.timezone)) throw fail('timezone', 'unknown_zone', `Unknown time zone ${b.timezone}`);
  }

  private async assertFree(q: Reader, id: string, externalId: string, except: string | null): Promise<void> {
    const taken = await store.takenBy(q, id, externalId, except);
    if (taken) {
      const field = taken.external_id === externalId ? 'external_id' : 'id';
      throw new AppError('ALREADY_EXISTS', field === 'id' ? 'A store with this id exists already' : 'A store with this external id exists already', { fields: { [field]: 'taken' } });
    }
  }

  async create(tx: Tx, id: string, b: LocatorStoreUpdateBody): Promise<LocatorStore> {
    await this.check(tx, b);
    await this.assertFree(tx, id, b.external_id, null);
    await store.insertStore(tx, id, b);
    await store.replaceParts(tx, id, b);
    return this.get(tx, id);
  }

  async update(tx: Tx, id: string, b: LocatorStoreUpdateBody): Promise<{ before: LocatorStore; after: LocatorStore }> {
    const before = await this.get(tx, id);
    await this.check(tx, b);
    await this.assertFree(tx, id, b.external_id, id);
    await store.updateStore(tx, id, b);
    await store.replaceParts(tx, id, b);
    return { before, after: await this.get(tx, id) };
  }

  /** Shows a store in the store locator (and as a pick-up point where it is one) or hides it; a closed store is kept, never deleted. */
  async setActive(tx: Tx, id: string, active: boolean): Promise<{ before: LocatorStore; after: LocatorStore }> {
    const before = await this.get(tx, id);
    await store.setActive(tx, id, active);
    return { before, after: await this.get(tx, id) };
  }
}
