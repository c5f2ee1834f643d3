import { OperatorAccountStatusBodySchema, OperatorAccountStatusSchema, UuidParamsSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { findCustomer } from './identity.console.store.js';

/**
 * `/admin/customers/{uuid}/status` (an operator session, or the bearer ADMIN_TOKEN as a script): an
 * operator deactivates an account, which then answers INACTIVE at sign-in once the password is right
 * and loses its sessions, or reactivates it. Each change is audited with the status before and after.
 */
export async function identityAdminRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { identity, operators } = opts.services;
  app.put(
    '/customers/:uuid/status',
    { schema: { tags: ['identity-admin'], params: UuidParamsSchema, body: OperatorAccountStatusBodySchema, response: { 200: OperatorAccountStatusSchema } } },
    async (request) => {
      const actor = await operators.authorize(request, 'customers:write');
      const { status, reason } = request.body;
      const uuid = request.params.uuid;
      const now = await inTransaction(app.db, async (tx) => {
        const before = await findCustomer(tx, uuid);
        if (!before) throw new AppError('NOT_FOUND', 'Customer not found');
        const next = await identity.setActiveByOperator(tx, uuid, status === 'active', reason);
        await operators.audit(tx, actor, { action: 'customer.status', entity_type: 'customer', entity_id: uuid.toLowerCase(), before: { status: before.status }, after: { status: next, reason } }, request.id);
        return next;
      });
      return { uuid, status: now };
    },
  );
}
