import type { GraphQLContext } from '../../graphql/context.js';

/** A product's subscription choice (`ProductInterface.subscription_offer`, docs/decisions/0059), asked only by the pages that show it. */
const offer = {
  subscription_offer(p: { sku: string }, _: unknown, ctx: GraphQLContext) {
    return ctx.services.subscriptions.offerFor(ctx.db, ctx.store, p.sku);
  },
};

export const subscriptionsResolvers = Object.fromEntries(
  ['SimpleProduct', 'VirtualProduct', 'ConfigurableProduct', 'BundleProduct'].map((type) => [type, offer]),
);
