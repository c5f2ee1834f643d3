import { z } from 'zod';

/** Wire contracts of the catalogue's operator endpoint (`/admin/stock/{sku}`). */

export const StockSkuParamsSchema = z.strictObject({ sku: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/) });

export const StockLevelSchema = z.object({ sku: z.string(), quantity: z.number().int(), low_stock_threshold: z.number().int(), updated_at: z.string() });
export type StockLevel = z.infer<typeof StockLevelSchema>;
