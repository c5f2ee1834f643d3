import { OfflinePurchaseImportResultSchema, OfflinePurchaseImportSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';

/**
 * `/admin/offline-purchases` (only with ADMIN_TOKEN): a till system or an operator hands over
 * purchases made in stores, up to 1,000 at a time, in one transaction; each gets its outcome.
 */
export async function offlinePurchaseAdminRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  app.post('/offline-purchases', { schema: { tags: ['offline-purchases-admin'], body: OfflinePurchaseImportSchema, response: { 200: OfflinePurchaseImportResultSchema } } }, async (request) => {
    const actor = await opts.services.operators.authorize(request, 'loyalty:adjust');
    return inTransaction(app.db, async (tx) => {
      const result = await opts.services.offlinePurchases.import(tx, request.body.purchases);
      await opts.services.operators.audit(tx, actor, { action: 'offline_purchase.import', entity_type: 'offline_purchase_batch', entity_id: request.id, after: { purchases: request.body.purchases.length } }, request.id);
      return result;
    });
  });
}
