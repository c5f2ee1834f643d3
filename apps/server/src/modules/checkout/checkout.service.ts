import { PLAIN_TEXT, type Address, type PostalAddress } from '@ember/contracts';
import type { Reader } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { phrase } from '../../platform/messages.js';
import type { StoreView } from '../store/store.service.js';
import { TtlCache } from '../../platform/ttl-cache.js';
import { findStoreCountries, type CountryRow } from '../directory/directory.store.js';
import { shippingAmount } from '../cart/cart.pricing.js';
import { listShippingMethods, type PickupStoreRow, type ShippingMethodRow } from './checkout.store.js';

/** A shipping method priced for one cart. */
export interface PricedShippingMethod {
  row: ShippingMethodRow;
  amount: number;
  available: boolean;
  error_message: string | null;
}

/**
 * An address as a client sends it: the postal Address (packages/contracts) with every field optional
 * and nullable, as Magento's CartAddressInput sends it and cleanAddress checks it, plus the company,
 * the address-book flag and the spec's local-detail fields.
 */
export type AddressInput = { [K in Exclude<keyof Address, 'street'>]?: Address[K] | null } & {
  /** Magento's street lines, empty entries allowed (cleanAddress drops them). */
  street?: (string | null)[] | null;
  company?: string | null;
  save_in_address_book?: boolean | null;
  [extra: string]: unknown;
};

/** The spec's local-detail address fields (§3), kept in the address's `extra`. */
export const EXTRA_ADDRESS_FIELDS = ['province_name', 'district_name', 'premise', 'neighborhood', 'landmark', 'building_number', 'district'] as const;

/** A checked address: the postal Address, the company and the local-detail fields. */
export type CleanAddress = PostalAddress & {
  company: string | null;
  extra: Record<string, string>;
};

function text(value: unknown, field: string, max: number): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  if (s.length > max) throw new AppError('VALIDATION_FAILED', phrase('address.tooLong', { field, max }), { fields: { [field]: 'too_long' } });
  if (!PLAIN_TEXT.test(s)) throw new AppError('VALIDATION_FAILED', phrase('address.badCharacters', { field }), { fields: { [field]: 'invalid' } });
  return s || null;
}

/** Shipping methods, pick-up stores and address rules of the checkout (spec §5). */
export class CheckoutService {
  private readonly countryCache: TtlCache<CountryRow[]>;
  private readonly methodCache: TtlCache<ShippingMethodRow[]>;
  private readonly pickupCache: TtlCache<PickupStoreRow[]>;

  /**
   * Countries, shipping methods and pick-up stores are reference data read on every checkout call:
   * they are kept per process for `ttlMs` (read through the caller's transaction on a miss).
   */
  constructor(
    ttlMs: number,
    /** The store view's pick-up points: the store locator's stores it flags as such (docs/decisions/0060). */
    private readonly pickupSource: (q: Reader, store: StoreView) => Promise<PickupStoreRow[]> = async () => [],
  ) {
    this.countryCache = new TtlCache(ttlMs, 100);
    this.methodCache = new TtlCache(ttlMs, 100);
    this.pickupCache = new TtlCache(ttlMs, 100);
  }

  /** Drops the kept reference data (a configuration change was announced, platform/changes.ts). */
  invalidate(): void {
    this.countryCache.clear();
    this.methodCache.clear();
    this.pickupCache.clear();
  }

  /** The countries a store view ships to, with names in its language. */
  async countries(q: Reader, store: StoreView): Promise<CountryRow[]> {
    const key = `${store.code}:${store.language}`;
    let rows = this.countryCache.get(key);
    if (!rows) this.countryCache.set(key, (rows = await findStoreCountries(q, store.code, store.language)));
    return rows;
  }

  /** The store view's shipping methods (reference data, kept per process). */
  async shippingMethods(q: Reader, store: StoreView): Promise<ShippingMethodRow[]> {
    let rows = this.methodCache.get(store.code);
    if (!rows) this.methodCache.set(store.code, (rows = await listShippingMethods(q, store.code)));
    return rows;
  }
  /** Validates an address against the store view's rules: names, street, country shipped to, postcode rules. */
  async cleanAddress(q: Reader, store: StoreView, a: AddressInput, opts: { skipPostcode?: boolean } = {}): Promise<CleanAddress> {
    const firstname = text(a.firstname, 'firstname', 80);
    const lastname = text(a.lastname, 'lastname', 80);
    if (!firstname && !store.allow_empty_firstname) throw new AppError('VALIDATION_FAILED', phrase('address.required', { field: 'firstname' }), { fields: { firstname: 'required' } });
    if (!lastname) throw new AppError('VALIDATION_FAILED', phrase('address.required', { field: 'lastname' }), { fields: { lastname: 'required' } });
    const street = (a.street ?? []).map((s, i) => text(s, `street[${i}]`, 120) ?? '');
    if (street.length > 3) throw new AppError('VALIDATION_FAILED', phrase('address.streetLines'), { fields: { street: 'too_long' } });
    if (!street[0]) throw new AppError('VALIDATION_FAILED', phrase('address.required', { field: 'street' }), { fields: { street: 'required' } });
    const city = text(a.city, 'city', 80);
    if (!city) throw new AppError('VALIDATION_FAILED', phrase('address.required', { field: 'city' }), { fields: { city: 'required' } });
    const country = String(a.country_code ?? '').trim().toUpperCase();
    const countries = await this.countries(q, store);
    if (!countries.some((c) => c.id === country)) {
      throw new AppError('VALIDATION_FAILED', phrase('address.countryNotShipped', { country: country.slice(0, 2) }), { fields: { country_code: 'invalid' } });
    }
    const postcode = text(a.postcode, 'postcode', 16);
    if (!opts.skipPostcode) this.checkPostcode(store, postcode);
    const extra: Record<string, string> = {};
    for (const f of EXTRA_ADDRESS_FIELDS) {
      const v = text(a[f], f, 120);
      if (v) extra[f] = v;
    }
    return {
      firstname: firstname ?? '',
      lastname,
      company: text(a.company, 'company', 120),
      street,
      city,
      postcode,
      country_code: country,
      region: text(a.region, 'region', 80),
      telephone: text(a.telephone, 'telephone', 32),
      extra,
    };
  }

  /** Postcode rules from store config: enabled, required, min and max length, pattern. */
  checkPostcode(store: StoreView, postcode: string | null): void {
    if (!store.postcode_validation_enabled) return;
    if (!postcode) {
      if (store.postcode_is_required) throw new AppError('VALIDATION_FAILED', phrase('address.required', { field: 'postcode' }), { fields: { postcode: 'required' } });
      return;
    }
    if (postcode.length < store.postcode_min_length || postcode.length > store.postcode_max_length) {
      throw new AppError('VALIDATION_FAILED', phrase('address.postcodeLength', { min: store.postcode_min_length, max: store.postcode_max_length }), { fields: { postcode: 'length' } });
    }
    if (store.postcode_validate_regex && !new RegExp(store.postcode_validate_regex).test(postcode)) {
      throw new AppError('VALIDATION_FAILED', phrase('address.postcodeInvalid'), { fields: { postcode: 'invalid' } });
    }
  }

  async pickupStores(q: Reader, store: StoreView): Promise<PickupStoreRow[]> {
    let rows = this.pickupCache.get(store.code);
    if (!rows) this.pickupCache.set(store.code, (rows = await this.pickupSource(q, store)));
    return rows;
  }

  /**
   * Methods for an address, sorted by ascending amount (spec §5): pick-up methods for a pick-up
   * address, delivery methods otherwise; free above the threshold; unavailable for subscriptions
   * when the method says so.
   */
  async methodsFor(q: Reader, store: StoreView, opts: { pickup: boolean; itemsAfterDiscount: number; hasSubscription: boolean }): Promise<PricedShippingMethod[]> {
    return priceShippingMethods(await this.shippingMethods(q, store), opts);
  }
}

/**
 * Methods priced for a cart, pure, sorted by ascending amount (spec §5): pick-up methods for a
 * pick-up address, delivery methods otherwise; free above the threshold; unavailable for
 * subscriptions when the method says so.
 */
export function priceShippingMethods(rows: ShippingMethodRow[], opts: { pickup: boolean; itemsAfterDiscount: number; hasSubscription: boolean }): PricedShippingMethod[] {
  return rows
    .filter((r) => r.is_pickup === opts.pickup)
    .map((row) => {
      const blocked = row.disable_for_subscription && opts.hasSubscription;
      return {
        row,
        amount: shippingAmount(row, opts.itemsAfterDiscount),
        available: !blocked,
        error_message: blocked ? 'This shipping method is not available for subscriptions.' : null,
      };
    })
    .sort((a, b) => a.amount - b.amount || a.row.carrier_code.localeCompare(b.row.carrier_code));
}
