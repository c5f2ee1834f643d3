import { OfflinePurchaseImportResultSchema, OfflinePurchaseImportSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../platform/admin.js';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';

/**
 * `/admin/offline-purchases` (only with ADMIN_TOKEN): a till system or an operator hands over
 * purchases made in stores, up to 1,000 at a time, in one transaction; each gets its outcome.
 */
export async function offlinePurchaseAdminRoutes(scope: FastifyInstance, opts: { services: Services; token: string }) {
  const app = restScope(scope);
  app.post('/offline-purchases', { schema: { tags: ['offline-purchases-admin'], body: OfflinePurchaseImportSchema, response: { 200: OfflinePurchaseImportResultSchema } } }, async (request) => {
    requireAdmin(request, opts.token);
    return inTransaction(app.db, (tx) => opts.services.offlinePurchases.import(tx, request.body.purchases));
  });
}
