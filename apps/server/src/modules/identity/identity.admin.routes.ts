import { OperatorAccountStatusBodySchema, OperatorAccountStatusSchema, UuidParamsSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../platform/admin.js';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';

/**
 * `/admin/customers/{uuid}/status` (only with ADMIN_TOKEN): an operator deactivates an account, which
 * then answers INACTIVE at sign-in once the password is right and loses its sessions, or reactivates it.
 */
export async function identityAdminRoutes(scope: FastifyInstance, opts: { services: Services; token: string }) {
  const app = restScope(scope);
  app.put(
    '/customers/:uuid/status',
    { schema: { tags: ['identity-admin'], params: UuidParamsSchema, body: OperatorAccountStatusBodySchema, response: { 200: OperatorAccountStatusSchema } } },
    async (request) => {
      requireAdmin(request, opts.token);
      const { status, reason } = request.body;
      const now = await inTransaction(app.db, (tx) => opts.services.identity.setActiveByOperator(tx, request.params.uuid, status === 'active', reason));
      return { uuid: request.params.uuid, status: now };
    },
  );
}
