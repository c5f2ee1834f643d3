import type { GraphQLContext } from '../../graphql/context.js';
import { AppError } from '../../platform/errors.js';
import type { PickupStoreRow } from './checkout.store.js';

/** Magento's FilterTypeInput, as far as text fields use it. */
interface TextFilter {
  eq?: string | null;
  neq?: string | null;
  in?: (string | null)[] | null;
  nin?: (string | null)[] | null;
  like?: string | null;
}

type FilterField = 'name' | 'pickup_location_code' | 'country_id' | 'postcode' | 'region' | 'region_id' | 'city' | 'street';

interface PickupLocationsArgs {
  area?: { search_term?: string | null; radius?: number | null } | null;
  filters?: Partial<Record<FilterField, TextFilter | null>> | null;
  pageSize?: number | null;
  currentPage?: number | null;
}

function valueOf(store: PickupStoreRow, field: FilterField): string | null {
  switch (field) {
    case 'name': return store.name;
    case 'pickup_location_code': return store.code;
    case 'country_id': return store.country_code;
    case 'postcode': return store.postcode;
    case 'city': return store.city;
    case 'street': return store.street;
    default: return null; // The shop's stores carry no region.
  }
}

/** SQL LIKE on one value: `%` any run, `_` one character, case-insensitive as MySQL compares. */
function like(value: string, pattern: string): boolean {
  const re = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*').replace(/_/g, '.');
  return new RegExp(`^${re}$`, 'i').test(value);
}

function matches(store: PickupStoreRow, filters: PickupLocationsArgs['filters']): boolean {
  for (const [field, filter] of Object.entries(filters ?? {}) as [FilterField, TextFilter | null][]) {
    if (!filter) continue;
    const value = valueOf(store, field) ?? '';
    if (filter.eq != null && value.toLowerCase() !== filter.eq.toLowerCase()) return false;
    if (filter.neq != null && value.toLowerCase() === filter.neq.toLowerCase()) return false;
    if (filter.in && !filter.in.some((v) => v?.toLowerCase() === value.toLowerCase())) return false;
    if (filter.nin && filter.nin.some((v) => v?.toLowerCase() === value.toLowerCase())) return false;
    if (filter.like != null && !like(value, filter.like)) return false;
  }
  return true;
}

/**
 * Magento MSI's `pickupLocations`: the pick-up stores of the request's store view (checkout's
 * table), filtered by the text filters and paged. A search by distance (`area`) needs geocoding
 * the shop does not have, so it is refused rather than ignored.
 */
export const checkoutPickupResolvers = {
  Query: {
    async pickupLocations(_: unknown, args: PickupLocationsArgs, ctx: GraphQLContext) {
      if (args.area) throw new AppError('VALIDATION_FAILED', 'Searching pick-up locations by area is not supported; use filters.');
      const pageSize = args.pageSize ?? 20;
      const currentPage = args.currentPage ?? 1;
      if (pageSize < 1 || currentPage < 1) throw new AppError('VALIDATION_FAILED', 'pageSize and currentPage must be at least 1.');
      const stores = (await ctx.services.checkout.pickupStores(ctx.db, ctx.store)).filter((s) => matches(s, args.filters));
      const start = (currentPage - 1) * pageSize;
      return {
        items: stores.slice(start, start + pageSize).map((s) => ({
          pickup_location_code: s.code,
          name: s.name,
          description: s.description,
          phone: s.telephone,
          street: s.street,
          city: s.city,
          postcode: s.postcode,
          country_id: s.country_code,
          latitude: s.latitude === null ? null : Number(s.latitude),
          longitude: s.longitude === null ? null : Number(s.longitude),
          region: null,
          region_id: null,
          email: null,
          fax: null,
          contact_name: null,
        })),
        total_count: stores.length,
        page_info: { page_size: pageSize, current_page: currentPage, total_pages: Math.ceil(stores.length / pageSize) },
      };
    },
  },
};
