import { z } from 'zod';
import { ConsolePagingQuerySchema, PageInfoSchema } from './operators.js';

/**
 * Wire contracts of the console's catalogue area (docs/decisions/0082): products with their prices
 * per store view and their stock with its history, at `/admin/catalogue/products`.
 */

const SkuSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be a SKU');
const StoreCodeSchema = z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, 'must be a store view code');
const PlainText = (max: number) => z.string().trim().min(1).max(max).regex(/^[^<>{}\p{Cc}]*$/u, 'must be plain text');

export const PRODUCT_KINDS = ['device', 'sticks_pack', 'sticks_carton', 'bundle', 'accessory', 'gift', 'trade_in', 'subscription', 'trial_kit'] as const;

export const CatalogueQuerySchema = ConsolePagingQuerySchema.extend({
  /** A SKU's beginning or words of the English name. */
  q: z.string().trim().min(1).max(80).optional(),
  kind: z.enum(PRODUCT_KINDS).optional(),
  /** Only products sold in this store view (with a price there). */
  store: StoreCodeSchema.optional(),
  /** Only products at or below their low-stock threshold. */
  low_stock: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export type CatalogueQuery = z.infer<typeof CatalogueQuerySchema>;

export const ConsolePriceSchema = z.object({
  store_code: z.string(),
  currency: z.string(),
  regular_minor: z.number().int(),
  special_minor: z.number().int().nullable(),
});

export const CatalogueRowSchema = z.object({
  sku: z.string(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  type_id: z.string(),
  is_active: z.boolean(),
  quantity: z.number().int().nullable(),
  low_stock_threshold: z.number().int().nullable(),
  prices: z.array(ConsolePriceSchema),
});
export const CataloguePageSchema = z.object({ items: z.array(CatalogueRowSchema), page_info: PageInfoSchema });

export const StockMovementSchema = z.object({
  delta: z.number().int(),
  quantity_after: z.number().int(),
  source: z.enum(['sale', 'release', 'operator', 'return', 'import']),
  actor: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export const CatalogueDetailSchema = CatalogueRowSchema.extend({
  /** The latest stock changes, newest first. */
  movements: z.array(StockMovementSchema),
});
export type CatalogueDetail = z.infer<typeof CatalogueDetailSchema>;

export const CatalogueSkuParamsSchema = z.strictObject({ sku: SkuSchema });
export const CataloguePriceParamsSchema = z.strictObject({ sku: SkuSchema, store: StoreCodeSchema });

/** `PUT /admin/catalogue/products/{sku}/prices/{store}`: the price in the store view's currency, minor units. */
export const PriceSetBodySchema = z.strictObject({
  regular_minor: z.number().int().min(0).max(100_000_000),
  special_minor: z.number().int().min(0).max(100_000_000).nullable().default(null),
}).refine((b) => b.special_minor === null || b.special_minor <= b.regular_minor, { path: ['special_minor'], message: 'must not exceed the regular price' });
export type PriceSetBody = z.infer<typeof PriceSetBodySchema>;

/** `POST /admin/catalogue/products/{sku}/stock`: count the shelf (set) or book goods in or out (adjust), with a reason. */
export const StockChangeBodySchema = z.strictObject({
  mode: z.enum(['set', 'adjust']),
  quantity: z.number().int().min(-1_000_000).max(1_000_000),
  reason: PlainText(500),
  low_stock_threshold: z.number().int().min(0).max(1_000_000).optional(),
}).refine((b) => b.mode === 'adjust' ? b.quantity !== 0 : b.quantity >= 0, { path: ['quantity'], message: 'a count is 0 or more; an adjustment is not 0' });
export type StockChangeBody = z.infer<typeof StockChangeBodySchema>;
