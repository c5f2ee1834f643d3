import { AppError } from '../../platform/errors.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type {
  QueryBlogArticleArgs, QueryBlogArticlesArgs, QueryCmsPageArgs, QueryContentPageArgs, QueryFaqsArgs, QueryMarketingPageArgs, QueryResolvers,
} from '../../graphql/generated/schema-types.js';
import { toGraphQLProduct } from '../catalog/catalog.mapper.js';
import { findFaqs, findMarketingPage, type LegalPageRow } from './content.store.js';
import { findBlogArticle, findBlogArticles, findBlogCategories, findContentPage } from './content.store.blog.js';
import { BLOG_MAX_PAGE_SIZE, SLUG_PATTERN, storesShowingArticle, toBlogArticle, toContentPage } from './content.blog.js';

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
    /** The store language's published articles, newest first (docs/decisions/0063). */
    async blogArticles(_: unknown, args: QueryBlogArticlesArgs, ctx: GraphQLContext) {
      const currentPage = args.currentPage ?? 1;
      const pageSize = args.pageSize ?? 6;
      if (!Number.isInteger(currentPage) || currentPage < 1 || currentPage > 10_000) throw new AppError('VALIDATION_FAILED', 'currentPage value must be greater than 0.');
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > BLOG_MAX_PAGE_SIZE) throw new AppError('VALIDATION_FAILED', `pageSize must be between 1 and ${BLOG_MAX_PAGE_SIZE}.`);
      const category = args.category ?? undefined;
      // A category no article can carry selects none.
      const known = category === undefined || (category.length <= 40 && SLUG_PATTERN.test(category));
      const { rows, total } = known
        ? await findBlogArticles(ctx.db, ctx.store.language, { offset: (currentPage - 1) * pageSize, limit: pageSize, category })
        : { rows: [], total: 0 };
      return {
        items: rows.map((r) => toBlogArticle(r, false)),
        total_count: total,
        page_info: { current_page: currentPage, page_size: pageSize, total_pages: Math.ceil(total / pageSize) },
        categories: await findBlogCategories(ctx.db, ctx.store.language),
      };
    },
    async blogArticle(_: unknown, args: QueryBlogArticleArgs, ctx: GraphQLContext) {
      const row = args.slug.length <= 100 && SLUG_PATTERN.test(args.slug) ? await findBlogArticle(ctx.db, ctx.store.language, args.slug) : null;
      if (!row) throw new AppError('ENTITY_NOT_FOUND', `No article "${args.slug.slice(0, 100)}"`);
      return toBlogArticle(row, true);
    },
    async contentPage(_: unknown, args: QueryContentPageArgs, ctx: GraphQLContext) {
      const row = SLUG_PATTERN.test(args.identifier) ? await findContentPage(ctx.db, args.identifier, ctx.store.language) : null;
      if (!row) throw new AppError('ENTITY_NOT_FOUND', `No page "${args.identifier.slice(0, 64)}"`);
      return toContentPage(row);
    },
  } satisfies QueryResolvers,
  BlogArticle: {
    /** Only the related products the store view sells and shows, in the article's order. */
    async related_products(a: { __related_skus: string[] }, _: unknown, ctx: GraphQLContext) {
      if (!a.__related_skus.length) return [];
      const docs = await ctx.services.catalog.productsBySkus(ctx.store, a.__related_skus);
      return docs.filter((d) => d.is_visible).map((d) => toGraphQLProduct(d, ctx.store.language));
    },
    async store_codes(a: { slug: string }, _: unknown, ctx: GraphQLContext) {
      return storesShowingArticle(ctx.db, await ctx.services.stores.list(), a.slug);
    },
  },
};
