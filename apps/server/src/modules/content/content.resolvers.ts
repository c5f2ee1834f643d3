import { AppError } from '../../platform/errors.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { findFaqs, findMarketingPage } from './content.store.js';

export const contentResolvers = {
  Query: {
    async faqs(_: unknown, args: { topic?: string | null }, ctx: GraphQLContext) {
      const rows = await findFaqs(ctx.db, ctx.store.language, args.topic?.slice(0, 64) ?? undefined);
      return rows.map((r) => ({ ...r, id: String(r.id) }));
    },
    async marketingPage(_: unknown, args: { slug: string }, ctx: GraphQLContext) {
      if (!/^[a-z0-9-]{1,64}$/.test(args.slug)) throw new AppError('VALIDATION_FAILED', 'slug must be lower-case letters, digits and dashes');
      const page = await findMarketingPage(ctx.db, ctx.store.language, args.slug);
      if (!page) throw new AppError('ENTITY_NOT_FOUND', `No page "${args.slug}"`);
      return { ...page, sections: page.sections.map((s) => ({ heading: s.heading, body: s.body, image: s.image ?? null })) };
    },
  },
};
