import { CustomerOrderInvoiceParamsSchema, OrderInvoiceParamsSchema } from '@ember/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { requireOwner, requireSession } from '../identity/identity.auth.js';

const tags = ['orders'];

async function sendInvoice(services: Services, reply: FastifyReply, customerUuid: string, ref: string) {
  const invoice = await services.orders.invoiceForCustomer(customerUuid, ref);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
    .send(invoice.pdf);
}

/**
 * Invoice downloads, owner-checked from the session (bearer token or session cookie): another
 * customer's order answers exactly like a missing one.
 * - `api`: GET /orders/{entity_id|number}/invoice (the `url` of CustomerOrder.invoices), under /api
 * - `account`: GET /users/{uuid}/orders/{id}/invoice/ (second account family), under /account
 * - `legacy`: GET /orders/{uuid}/{orderId}/invoice/ (legacy account family), under /account-legacy
 */
export async function orderInvoiceRoutes(scope: FastifyInstance, opts: { services: Services; family: 'api' | 'account' | 'legacy' }) {
  const app = restScope(scope);
  const { services } = opts;
  const both = (path: string) => (path.endsWith('/') ? [path, path.slice(0, -1)] : [path, `${path}/`]);

  if (opts.family === 'api') {
    const Params = OrderInvoiceParamsSchema;
    for (const path of both('/orders/:ref/invoice')) {
      app.get(path, { schema: { tags, params: Params } }, async (request, reply) => {
        const session = await requireSession(services.identity, request as FastifyRequest);
        return sendInvoice(services, reply, session.uuid, request.params.ref);
      });
    }
    return;
  }
  const Params = CustomerOrderInvoiceParamsSchema;
  const path = opts.family === 'account' ? '/users/:uuid/orders/:ref/invoice/' : '/orders/:uuid/:ref/invoice/';
  for (const p of both(path)) {
    app.get(p, { schema: { tags, params: Params } }, async (request, reply) => {
      const session = await requireOwner(services.identity, request as FastifyRequest, request.params.uuid);
      return sendInvoice(services, reply, session.uuid, request.params.ref);
    });
  }
}
