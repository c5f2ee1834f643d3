import { AppError } from '../../platform/errors.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type { QueryCmsPageArgs, QueryFaqsArgs, QueryMarketingPageArgs, QueryResolvers } from '../../graphql/generated/schema-types.js';
import { findFaqs, findMarketingPage, type LegalPageRow } from './content.store.js';

/** A legal page in Magento's CmsPage shape; `content` is markdown (content_format). */
function cmsPage(row: LegalPageRow, withContent: boolean) {
  return {
    identifier: row.kind,
    url_key: row.kind,
    title: row.title,
    content_heading: row.title,
    meta_title: row.title,
    meta_description: row.meta_description,
    content: withContent ? row.body : '',
    content_format: 'markdown',
    version: row.version,
    published_at: row.published_at.toISOString(),
  };
}

export const contentResolvers = {
  Query: {
    async faqs(_: unknown, args: QueryFaqsArgs, ctx: GraphQLContext) {
      const rows = await findFaqs(ctx.db, ctx.store.language, args.topic?.slice(0, 64) ?? undefined);
      return rows.map((r) => ({ ...r, id: String(r.id) }));
    },
    async marketingPage(_: unknown, args: QueryMarketingPageArgs, ctx: GraphQLContext) {
      // A slug no page can have (slugs are lower-case letters, digits and dashes) names no page.
      const page = /^[a-z0-9-]{1,64}$/.test(args.slug) ? await findMarketingPage(ctx.db, ctx.store.language, args.slug) : null;
      if (!page) throw new AppError('ENTITY_NOT_FOUND', `No page "${args.slug}"`);
      return { ...page, sections: page.sections.map((s) => ({ heading: s.heading, body: s.body, image: s.image ?? null })) };
    },
    /** Magento's cmsPage by identifier; the shop's CMS pages are its legal pages. */
    async cmsPage(_: unknown, args: QueryCmsPageArgs, ctx: GraphQLContext) {
      const identifier = args.identifier ?? '';
      if (!identifier) throw new AppError('VALIDATION_FAILED', 'Page id/identifier should be specified');
      const page = /^[a-z0-9-]{1,64}$/.test(identifier) ? await ctx.services.legal.page(ctx.store, identifier) : null;
      if (!page) throw new AppError('ENTITY_NOT_FOUND', `The CMS page with the "${identifier}" ID doesn't exist.`);
      return cmsPage(page, true);
    },
    async legalPages(_: unknown, _args: unknown, ctx: GraphQLContext) {
      return (await ctx.services.legal.pages(ctx.store)).map((p) => cmsPage(p, false));
    },
    async checkoutAgreements(_: unknown, _args: unknown, ctx: GraphQLContext) {
      return ctx.services.legal.checkoutAgreements(ctx.db, ctx.store);
    },
  } satisfies QueryResolvers,
};
