import { StockLevelSchema as StockLevel, StockSkuParamsSchema as SkuParams } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../platform/admin.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { restScope } from '../../platform/rest.js';
import { findStockBySku } from './catalog.inventory.js';

const tags = ['catalog-admin'];

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
