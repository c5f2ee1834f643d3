import { StockLevelSchema as StockLevel, StockSkuParamsSchema as SkuParams } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { findStockBySku } from './catalog.inventory.js';

const tags = ['catalog-admin'];

/**
 * Operator endpoint at /admin (an operator with catalogue access, or ADMIN_TOKEN): a product's stock as it is now,
 * e.g. to check that a cancellation or an expired order gave its units back.
 */
export async function catalogAdminRoutes(scope: FastifyInstance, opts: { db: Db; services: Services }) {
  const app = restScope(scope);

  app.get('/stock/:sku', { schema: { tags, params: SkuParams, response: { 200: StockLevel } } }, async (request) => {
    await opts.services.operators.authorize(request, 'catalogue:read');
    const stock = await findStockBySku(opts.db, request.params.sku);
    if (!stock) throw new AppError('PRODUCT_NOT_FOUND', 'No stock is kept for this SKU');
    return { ...stock, updated_at: new Date(stock.updated_at).toISOString() };
  });
}
