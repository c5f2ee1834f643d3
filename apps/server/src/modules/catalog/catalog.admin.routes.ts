import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../../platform/admin.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { restScope } from '../../platform/rest.js';
import { findStockBySku } from './catalog.inventory.js';

const tags = ['catalog-admin'];

const SkuParams = z.strictObject({ sku: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/) });

const StockLevel = z.object({ sku: z.string(), quantity: z.number().int(), low_stock_threshold: z.number().int(), updated_at: z.string() });

/**
 * Operator endpoint at /admin (only when ADMIN_TOKEN is configured): a product's stock as it is now,
 * e.g. to check that a cancellation or an expired order gave its units back.
 */
export async function catalogAdminRoutes(scope: FastifyInstance, opts: { db: Db; token: string }) {
  const app = restScope(scope);

  app.get('/stock/:sku', { schema: { tags, params: SkuParams, response: { 200: StockLevel } } }, async (request) => {
    requireAdmin(request, opts.token);
    const stock = await findStockBySku(opts.db, request.params.sku);
    if (!stock) throw new AppError('PRODUCT_NOT_FOUND', 'No stock is kept for this SKU');
    return { ...stock, updated_at: new Date(stock.updated_at).toISOString() };
  });
}
