import type { GraphQLContext } from '../../graphql/context.js';
import type { FilterTypeInput, QueryPickupLocationsArgs, QueryResolvers } from '../../graphql/generated/schema-types.js';
import { AppError } from '../../platform/errors.js';
import type { PickupStoreRow } from './checkout.store.js';

type TextFilter = FilterTypeInput;
type Filterable = 'name' | 'pickup_location_code' | 'country_id' | 'postcode' | 'city' | 'street';

function field(s: PickupStoreRow, f: Filterable): string {
  return ({ name: s.name, pickup_location_code: s.code, country_id: s.country_code, postcode: s.postcode ?? '', city: s.city, street: s.street })[f];
}

function matches(value: string, f: TextFilter): boolean {
  if (f.eq != null && value !== f.eq) return false;
  if (f.in && !f.in.includes(value)) return false;
  if (f.like != null) {
    // Magento's `like`: % is the wildcard; everything else is literal, compared case-insensitively.
    const pattern = f.like.slice(0, 100).split('%').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    if (!new RegExp(`^${pattern}$`, 'i').test(value)) return false;
  }
  return true;
}

/** Magento MSI's `pickupLocations`: the store view's pick-up stores (spec §3 pickupInformation). */
export const checkoutResolvers = {
  Query: {
    async pickupLocations(
      _: unknown,
      args: QueryPickupLocationsArgs,
      ctx: GraphQLContext,
    ) {
      const pageSize = args.pageSize ?? 20;
      const currentPage = args.currentPage ?? 1;
      if (pageSize < 1 || pageSize > 100) throw new AppError('VALIDATION_FAILED', 'pageSize value must be between 1 and 100.');
      if (currentPage < 1) throw new AppError('VALIDATION_FAILED', 'currentPage value must be greater than 0.');
      let stores = await ctx.services.checkout.pickupStores(ctx.db, ctx.store);
      for (const [name, f] of Object.entries(args.filters ?? {})) {
        if (!f) continue;
        if (name === 'region' || name === 'region_id') stores = [];
        else stores = stores.filter((s) => matches(field(s, name as Filterable), f));
      }
      const sortBy = Object.entries(args.sort ?? {}).find(([k, v]) => v && ['name', 'city', 'postcode', 'country_id', 'pickup_location_code', 'street'].includes(k));
      if (sortBy) {
        const dir = sortBy[1] === 'DESC' ? -1 : 1;
        stores = [...stores].sort((a, b) => dir * field(a, sortBy[0] as Filterable).localeCompare(field(b, sortBy[0] as Filterable)));
      }
      const total = stores.length;
      return {
        total_count: total,
        page_info: { page_size: pageSize, current_page: currentPage, total_pages: Math.ceil(total / pageSize) },
        items: stores.slice((currentPage - 1) * pageSize, currentPage * pageSize).map((s) => ({
          pickup_location_code: s.code,
          name: s.name,
          description: s.description,
          latitude: s.latitude === null ? null : Number(s.latitude),
          longitude: s.longitude === null ? null : Number(s.longitude),
          country_id: s.country_code,
          region: null,
          region_id: null,
          city: s.city,
          street: s.street,
          postcode: s.postcode,
          phone: s.telephone,
          email: null,
          fax: null,
          contact_name: null,
        })),
      };
    },
  } satisfies QueryResolvers,
};
