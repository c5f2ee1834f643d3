import type { GraphQLContext } from '../../graphql/context.js';
import type { PointsLookup } from './cart.view.js';

/**
 * The loyalty points of cart items (spec §3 `points`, `rules`), resolved after the cart's
 * transaction: one product-points lookup per request and cart, from loyalty. Where the store view
 * has no loyalty club or the lookup fails, both are null and the item shows without them (spec §7).
 */

interface UnitPoints {
  points: number;
  rules: string[];
}

const lookups = new WeakMap<object, Map<string, Promise<Map<string, UnitPoints> | null>>>();

function cartPoints(ctx: GraphQLContext, skus: string[]): Promise<Map<string, UnitPoints> | null> {
  let perRequest = lookups.get(ctx);
  if (!perRequest) lookups.set(ctx, (perRequest = new Map()));
  const key = `${ctx.store.code}:${skus.join(',')}`;
  let found = perRequest.get(key);
  if (!found) {
    found = (async () => {
      if (!(await ctx.services.loyalty.enabledIn(ctx.store.code))) return null;
      const rows = await ctx.services.loyalty.productPoints(ctx.store.code, skus);
      return new Map(rows.map((r) => [r.sku, { points: r.points, rules: r.rules }]));
    })().catch(() => null);
    perRequest.set(key, found);
  }
  return found;
}

/** The points one unit of the line earns and the rules that give them: the sold product's, else its parent's. */
async function linePoints(item: { points_lookup: PointsLookup }, ctx: GraphQLContext): Promise<UnitPoints | null> {
  const all = await cartPoints(ctx, item.points_lookup.cart);
  if (!all) return null;
  if (!item.points_lookup.paid) return { points: 0, rules: [] };
  return item.points_lookup.skus.map((sku) => all.get(sku)).find((p) => p !== undefined && p.points > 0) ?? { points: 0, rules: [] };
}

const fields = {
  async points(item: { points_lookup: PointsLookup }, _: unknown, ctx: GraphQLContext) {
    return (await linePoints(item, ctx))?.points ?? null;
  },
  async rules(item: { points_lookup: PointsLookup }, _: unknown, ctx: GraphQLContext) {
    return (await linePoints(item, ctx))?.rules ?? null;
  },
};

/** The `points` and `rules` resolvers of every cart item type the cart renders. */
export const cartItemPointsResolvers = {
  SimpleCartItem: fields,
  VirtualCartItem: fields,
  ConfigurableCartItem: fields,
  BundleCartItem: fields,
};
