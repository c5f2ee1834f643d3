import {
  OrderReturnsSchema, RequestReturnBodySchema, ReturnListQuerySchema, ReturnListSchema, ReturnNumberParamsSchema, ReturnOrderParamsSchema, ReturnSchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { requireSession } from '../identity/identity.auth.js';

const tags = ['returns'];

/**
 * `/api/returns` (docs/decisions/0077): the signed-in customer's returns. The customer comes from the
 * session (bearer or session cookie), never from the request; another customer's order or return
 * answers like a missing one.
 */
export async function returnRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { returns, identity } = opts.services;

  app.get('/', { schema: { tags, querystring: ReturnListQuerySchema, response: { 200: ReturnListSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    return returns.listForCustomer(app.db, session.uuid, request.query.page, request.query.page_size);
  });

  app.post('/', { schema: { tags, body: RequestReturnBodySchema, response: { 201: ReturnSchema } } }, async (request, reply) => {
    const session = await requireSession(identity, request);
    const created = await inTransaction(app.db, (tx) => returns.request(tx, session.uuid, request.body));
    return reply.code(201).send(created);
  });

  app.get('/orders/:number', { schema: { tags, params: ReturnOrderParamsSchema, response: { 200: OrderReturnsSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    return returns.orderReturns(app.db, session.uuid, request.params.number);
  });

  app.get('/:number', { schema: { tags, params: ReturnNumberParamsSchema, response: { 200: ReturnSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    return returns.getForCustomer(app.db, session.uuid, request.params.number);
  });

  app.get('/:number/label', { schema: { tags, params: ReturnNumberParamsSchema } }, async (request, reply) => {
    const session = await requireSession(identity, request);
    const pdf = await returns.labelForCustomer(app.db, session.uuid, request.params.number);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${request.params.number}-label.pdf"`).send(pdf);
  });
}
