import { toMinor } from '@ember/contracts';
import { AppError } from '../../platform/errors.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type {
  FilterEqualTypeInput, QueryCategoriesArgs, QueryCategoryListArgs, QueryProductPriceArgs, QueryProductsArgs, QueryResolvers,
} from '../../graphql/generated/schema-types.js';
import type { CategoryRow, ProductSearch } from './catalog.store.js';
import { decodeUid, encodeUid, productPrice, toGraphQLProduct } from './catalog.mapper.js';
import { finalMinor, unitPriceForQuantity } from './catalog.service.js';

type EqIn = FilterEqualTypeInput;

const MAX_TEXT = 200;

const AGGREGATION_LABELS: Record<string, Record<'flavor' | 'intensity' | 'color', string>> = {
  en: { flavor: 'Flavour', intensity: 'Intensity', color: 'Colour' },
  de: { flavor: 'Geschmack', intensity: 'Intensität', color: 'Farbe' },
};

function values(f: EqIn | null | undefined, max: number): string[] | undefined {
  if (!f) return undefined;
  const list = [...(f.eq != null ? [f.eq] : []), ...(f.in ?? []).filter((v): v is string => v != null)];
  if (list.length > max) throw new AppError('VALIDATION_FAILED', `A filter may list at most ${max} values`);
  return list;
}

function ints(list: string[] | undefined, what: string): number[] | undefined {
  if (!list) return undefined;
  return list.map((v) => {
    if (!/^\d{1,9}$/.test(v)) throw new AppError('VALIDATION_FAILED', `${what} must be a numeric id`);
    return Number(v);
  });
}

function fromUids(list: string[] | undefined, what: string): number[] | undefined {
  return ints(list?.map(decodeUid), what);
}

function text(value: string | null | undefined, what: string): string | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (trimmed.length > MAX_TEXT) throw new AppError('VALIDATION_FAILED', `${what} may be at most ${MAX_TEXT} characters`);
  return trimmed || undefined;
}

function paging(args: { pageSize?: number | null; currentPage?: number | null }, max: number, defaultSize = 20) {
  const pageSize = args.pageSize ?? defaultSize;
  const currentPage = args.currentPage ?? 1;
  if (pageSize < 1) throw new AppError('VALIDATION_FAILED', 'pageSize value must be greater than 0.');
  if (pageSize > max) throw new AppError('VALIDATION_FAILED', `pageSize value must be at most ${max}.`);
  if (currentPage < 1) throw new AppError('VALIDATION_FAILED', 'currentPage value must be greater than 0.');
  return { pageSize, currentPage };
}

function pageInfo(total: number, pageSize: number, currentPage: number) {
  const totalPages = Math.ceil(total / pageSize);
  if (total > 0 && currentPage > totalPages) {
    throw new AppError('VALIDATION_FAILED', `currentPage value ${currentPage} specified is greater than the ${totalPages} page(s) available.`);
  }
  return { page_size: pageSize, current_page: currentPage, total_pages: totalPages };
}

function sortOf(sort: QueryProductsArgs['sort'], hasSearch: boolean): ProductSearch['sort'] {
  for (const field of ['relevance', 'position', 'name', 'price', 'created_at'] as const) {
    const dir = sort?.[field];
    if (dir) return { field, dir };
  }
  return hasSearch ? { field: 'relevance', dir: 'DESC' } : { field: 'position', dir: 'ASC' };
}

function categoryLevel(c: CategoryRow, all: CategoryRow[]): number {
  let level = 1;
  let parent = c.parent_id;
  while (parent !== null && level < 20) {
    level += 1;
    parent = all.find((x) => x.id === parent)?.parent_id ?? null;
  }
  return level;
}

function toCategory(c: CategoryRow, all: CategoryRow[]) {
  return {
    __typename: 'CategoryTree',
    id: c.id,
    uid: encodeUid(c.id),
    name: c.name,
    description: c.description,
    url_key: c.url_key,
    url_path: c.url_key,
    position: c.position,
    level: categoryLevel(c, all),
    product_count: c.product_count,
    include_in_menu: c.include_in_menu ? 1 : 0,
    meta_title: c.name,
    meta_description: c.description,
    store_locator_name: c.store_locator_name,
    image: c.image,
    __children: all.filter((x) => x.parent_id === c.id).map((x) => x.id),
  };
}

async function findCategoryTrees(args: QueryCategoriesArgs, ctx: GraphQLContext) {
  const all = await ctx.services.catalog.categories(ctx.store);
  const f = args.filters ?? {};
  const max = ctx.config.GRAPHQL_MAX_PAGE_SIZE;
  const ids = [...(ints(values(f.ids, max), 'ids') ?? []), ...(fromUids(values(f.category_uid, max), 'category_uid') ?? [])];
  const parents = [...(ints(values(f.parent_id, max), 'parent_id') ?? []), ...(fromUids(values(f.parent_category_uid, max), 'parent_category_uid') ?? [])];
  const keys = [...(values(f.url_key, max) ?? []), ...(values(f.url_path, max) ?? [])];
  const name = text(f.name?.match, 'name')?.toLowerCase();
  const anyFilter = f.ids || f.category_uid || f.parent_id || f.parent_category_uid || f.url_key || f.url_path || name;
  const matched = all.filter((c) =>
    anyFilter
      ? (!(f.ids || f.category_uid) || ids.includes(c.id)) &&
        (!(f.parent_id || f.parent_category_uid) || (c.parent_id !== null && parents.includes(c.parent_id))) &&
        (!(f.url_key || f.url_path) || keys.includes(c.url_key)) &&
        (!name || c.name.toLowerCase().includes(name))
      : c.parent_id === null,
  );
  return { matched, all };
}

export const catalogResolvers = {
  Query: {
    async products(_: unknown, args: QueryProductsArgs, ctx: GraphQLContext) {
      const max = ctx.config.GRAPHQL_MAX_PAGE_SIZE;
      const { pageSize, currentPage } = paging(args, max);
      const f = args.filter ?? {};
      const search = text(args.search, 'search');
      if (args.search == null && !args.filter) throw new AppError('VALIDATION_FAILED', "'search' or 'filter' input argument is required.");
      const skus = values(f.sku, max);
      const other = f.url_key || f.category_id || f.category_uid || f.category_url_path || f.name || f.description || f.short_description || f.price
        || f.flavor || f.intensity || f.color;
      // SKU lookups (product pages, cart lines, essentials) are served from the catalogue cache.
      if (skus && !other && !search && !args.sort) {
        const docs = await ctx.services.catalog.productsBySkus(ctx.store, [...new Set(skus)]);
        const start = (currentPage - 1) * pageSize;
        return {
          items: docs.slice(start, start + pageSize).map((d) => toGraphQLProduct(d, ctx.store.language)),
          total_count: docs.length,
          page_info: pageInfo(docs.length, pageSize, currentPage),
        };
      }
      const all = await ctx.services.catalog.categories(ctx.store);
      const categoryIds = [
        ...(ints(values(f.category_id, max), 'category_id') ?? []),
        ...(fromUids(values(f.category_uid, max), 'category_uid') ?? []),
        ...(values(f.category_url_path, max) ?? []).map((k) => all.find((c) => c.url_key === k)?.id ?? -1),
      ];
      const price = (v: string | null | undefined, what: string) => {
        if (v == null || v === '') return undefined;
        const n = Number(v);
        if (!Number.isFinite(n) || n < 0) throw new AppError('VALIDATION_FAILED', `price.${what} must be a non-negative number`);
        return toMinor(n, ctx.store.base_currency_code);
      };
      const options = f.flavor || f.color ? await ctx.services.catalog.options(ctx.store) : [];
      const known = (kind: 'flavor' | 'color', list: string[] | undefined) => {
        for (const v of list ?? []) {
          if (!options.some((o) => o.kind === kind && o.code === v)) throw new AppError('VALIDATION_FAILED', `Unknown ${kind} "${v.slice(0, 40)}"`);
        }
        return list;
      };
      const intensities = values(f.intensity, 5)?.map((v) => {
        if (!/^[1-5]$/.test(v)) throw new AppError('VALIDATION_FAILED', 'intensity must be a whole number from 1 to 5');
        return Number(v);
      });
      const query: ProductSearch = {
        skus,
        urlKeys: values(f.url_key, max),
        categoryIds: f.category_id || f.category_uid || f.category_url_path ? categoryIds : undefined,
        nameMatch: text(f.name?.match, 'name'),
        text: search ?? text(f.short_description?.match ?? f.description?.match, 'description'),
        priceFrom: price(f.price?.from, 'from'),
        priceTo: price(f.price?.to, 'to'),
        flavors: known('flavor', values(f.flavor, max)),
        intensities,
        colors: known('color', values(f.color, max)),
        visibleOnly: !skus && !f.url_key,
        sort: sortOf(args.sort, !!search),
        limit: pageSize,
        offset: (currentPage - 1) * pageSize,
      };
      const { items, total } = await ctx.services.catalog.search(ctx.store, query);
      return {
        items: items.map((d) => toGraphQLProduct(d, ctx.store.language)),
        total_count: total,
        page_info: pageInfo(total, pageSize, currentPage),
        __search: query,
      };
    },

    async categoryList(_: unknown, args: QueryCategoryListArgs, ctx: GraphQLContext) {
      const { matched, all } = await findCategoryTrees(args, ctx);
      return matched.map((c) => toCategory(c, all));
    },

    async categories(_: unknown, args: QueryCategoriesArgs, ctx: GraphQLContext) {
      const { pageSize, currentPage } = paging(args, ctx.config.GRAPHQL_MAX_PAGE_SIZE);
      const { matched, all } = await findCategoryTrees(args, ctx);
      const start = (currentPage - 1) * pageSize;
      return {
        items: matched.slice(start, start + pageSize).map((c) => toCategory(c, all)),
        total_count: matched.length,
        page_info: pageInfo(matched.length, pageSize, currentPage),
      };
    },

    async productPrice(_: unknown, args: QueryProductPriceArgs, ctx: GraphQLContext) {
      const quantity = args.quantity ?? 1;
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10_000) {
        throw new AppError('VALIDATION_FAILED', 'quantity must be a whole number from 1 to 10000');
      }
      const [doc] = await ctx.services.catalog.productsBySkus(ctx.store, [args.sku.slice(0, 64)]);
      if (!doc) throw new AppError('PRODUCT_NOT_FOUND', `Product "${args.sku.slice(0, 64)}" is not sold in this store`);
      const unit = doc.type_id === 'configurable' ? finalMinor(doc) : unitPriceForQuantity(doc, quantity);
      return { sku: doc.sku, quantity, price: productPrice(doc.regular_minor, unit, doc.currency) };
    },

    async sticksMatrix(_: unknown, __: unknown, ctx: GraphQLContext) {
      const rows = await ctx.services.catalog.sticks(ctx.store);
      const group = () => ({ onetime: [] as unknown[], subscription: [] as unknown[] });
      const packs = group();
      const cartons = group();
      for (const r of rows) {
        const item = { flavour: r.flavor, flavour_label: r.flavor_label ?? r.flavor, sku: r.sku, swatch_data: { __typename: 'ColorSwatchData', value: r.flavor_hex } };
        const target = r.kind === 'sticks_pack' ? packs : cartons;
        (r.is_subscription || r.kind === 'subscription' ? target.subscription : target.onetime).push(item);
      }
      return { single_packs: packs, cartons, mix_n_match: rows.filter((r) => r.is_mix_n_match).map((r) => r.sku) };
    },
  } satisfies QueryResolvers,

  ProductInterface: { resolveType: (p: { __typename: string }) => p.__typename },
  MediaGalleryInterface: { resolveType: () => 'ProductImage' },
  SwatchDataInterface: { resolveType: (s: { __typename?: string }) => s.__typename ?? 'ColorSwatchData' },
  CategoryInterface: { resolveType: () => 'CategoryTree' },

  Products: {
    /** Layered navigation, computed only when asked for; SKU lookups have none. */
    async aggregations(parent: { __search?: ProductSearch }, _: unknown, ctx: GraphQLContext) {
      if (!parent.__search) return [];
      const labels = AGGREGATION_LABELS[ctx.store.language] ?? AGGREGATION_LABELS.en!;
      const facets = await ctx.services.catalog.facets(ctx.store, parent.__search);
      return facets.map((facet, position) => ({
        attribute_code: facet.attribute_code,
        label: labels[facet.attribute_code],
        count: facet.options.length,
        position,
        options: facet.options.map((o) => ({ __typename: 'AggregationOption', value: o.value, label: o.label, count: o.count })),
      }));
    },
  },

  CategoryTree: {
    async children(parent: { __children: number[] }, _: unknown, ctx: GraphQLContext) {
      if (!parent.__children.length) return [];
      const all = await ctx.services.catalog.categories(ctx.store);
      return all.filter((c) => parent.__children.includes(c.id)).map((c) => toCategory(c, all));
    },
  },
};

/** Products list their categories (resolved per request from the cached category list) and related products. */
const productCategories = {
  async related_products(p: { __related_ids?: number[] }, _: unknown, ctx: GraphQLContext) {
    if (!p.__related_ids?.length) return [];
    const docs = await ctx.services.catalog.productsByIds(ctx.store, p.__related_ids);
    return docs.filter((d) => d.is_visible).map((d) => toGraphQLProduct(d, ctx.store.language));
  },
  async categories(p: { category_ids: number[] }, _: unknown, ctx: GraphQLContext) {
    if (!p.category_ids.length) return [];
    const all = await ctx.services.catalog.categories(ctx.store);
    return all.filter((c) => p.category_ids.includes(c.id)).map((c) => toCategory(c, all));
  },
};

for (const type of ['SimpleProduct', 'VirtualProduct', 'ConfigurableProduct', 'BundleProduct']) {
  (catalogResolvers as Record<string, unknown>)[type] = productCategories;
}
