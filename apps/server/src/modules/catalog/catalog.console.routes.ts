import {
  CatalogueDetailSchema, CataloguePageSchema, CataloguePriceParamsSchema, CatalogueQuerySchema, CatalogueSkuParamsSchema, PriceSetBodySchema, StockChangeBodySchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { CatalogueConsole } from './catalog.console.js';

const tags = ['catalogue-admin'];

/**
 * The console's catalogue at `/admin/catalogue/products` (docs/decisions/0082): everyone with the
 * catalogue reads; prices are marketing's and owners' (`catalogue:write`), stock counts fulfilment's
 * and owners' (`stock:write`). Every change is audited with the product before and after.
 */
export async function catalogueConsoleRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { operators, stores } = opts.services;
  const catalogue = new CatalogueConsole();
  const pick = (d: Awaited<ReturnType<CatalogueConsole['detail']>>) => ({ quantity: d.quantity, low_stock_threshold: d.low_stock_threshold, prices: d.prices });

  app.get('/catalogue/products', { schema: { tags, querystring: CatalogueQuerySchema, response: { 200: CataloguePageSchema } } }, async (request) => {
    await operators.authorize(request, 'catalogue:read');
    return catalogue.list(app.db, request.query);
  });

  app.get('/catalogue/products/:sku', { schema: { tags, params: CatalogueSkuParamsSchema, response: { 200: CatalogueDetailSchema } } }, async (request) => {
    await operators.authorize(request, 'catalogue:read');
    return catalogue.detail(app.db, request.params.sku);
  });

  app.put('/catalogue/products/:sku/prices/:store', { schema: { tags, params: CataloguePriceParamsSchema, body: PriceSetBodySchema, response: { 200: CatalogueDetailSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'catalogue:write');
    const view = await stores.resolve(request.params.store);
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await catalogue.setPrice(tx, request.params.sku, view, request.body);
      await operators.audit(tx, actor, { action: 'price.set', entity_type: 'product', entity_id: after.sku, before: pick(before).prices, after: pick(after).prices }, request.id);
      return after;
    });
  });

  app.post('/catalogue/products/:sku/stock', { schema: { tags, params: CatalogueSkuParamsSchema, body: StockChangeBodySchema, response: { 200: CatalogueDetailSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'stock:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await catalogue.changeStock(tx, request.params.sku, request.body, actor.label);
      await operators.audit(tx, actor, {
        action: request.body.mode === 'set' ? 'stock.set' : 'stock.adjust', entity_type: 'product', entity_id: after.sku,
        before: { quantity: before.quantity, low_stock_threshold: before.low_stock_threshold }, after: { quantity: after.quantity, low_stock_threshold: after.low_stock_threshold, reason: request.body.reason },
      }, request.id);
      return after;
    });
  });
}
