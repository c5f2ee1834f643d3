import {
  AdminReturnListQuerySchema, AdminReturnListSchema, AdminReturnSchema, ApproveReturnBodySchema, AuthorizeReturnBodySchema, CloseReturnBodySchema,
  DenyReturnBodySchema, ReceiveReturnBodySchema, RejectReturnBodySchema, ReturnNumberParamsSchema,
} from '@ember/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { restScope } from '../../platform/rest.js';
import { inTransaction, type Tx } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import type { ReturnActor, ReturnChange } from './returns.operations.js';

const tags = ['returns-admin'];

/**
 * `/admin/returns` (docs/decisions/0077): the operator console's returns. Reading needs
 * `returns:read`, every step `returns:write`; each step is audited in its own transaction.
 */
export async function returnAdminRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { returns, operators } = opts.services;

  /** One step: the operator authorized, the change made and audited in one transaction. */
  async function step(request: FastifyRequest, action: string, number: string, run: (tx: Tx, actor: ReturnActor) => Promise<ReturnChange>) {
    const actor = await operators.authorize(request, 'returns:write');
    return inTransaction(app.db, async (tx) => {
      const change = await run(tx, { label: actor.label });
      await operators.audit(tx, actor, { action, entity_type: 'return', entity_id: change.after.number, before: change.before, after: change.after }, request.id);
      return change.after;
    });
  }

  app.get('/returns', { schema: { tags, querystring: AdminReturnListQuerySchema, response: { 200: AdminReturnListSchema } } }, async (request) => {
    await operators.authorize(request, 'returns:read');
    return returns.list(app.db, request.query);
  });

  app.get('/returns/:number', { schema: { tags, params: ReturnNumberParamsSchema, response: { 200: AdminReturnSchema } } }, async (request) => {
    await operators.authorize(request, 'returns:read');
    return returns.detail(app.db, request.params.number);
  });

  const steps = { params: ReturnNumberParamsSchema, response: { 200: AdminReturnSchema } };
  app.post('/returns/:number/authorize', { schema: { tags, ...steps, body: AuthorizeReturnBodySchema } }, async (request) =>
    step(request, 'return.authorize', request.params.number, (tx, actor) => returns.authorize(tx, actor, request.params.number, request.body)));
  app.post('/returns/:number/deny', { schema: { tags, ...steps, body: DenyReturnBodySchema } }, async (request) =>
    step(request, 'return.deny', request.params.number, (tx, actor) => returns.deny(tx, actor, request.params.number, request.body.reason)));
  app.post('/returns/:number/receive', { schema: { tags, ...steps, body: ReceiveReturnBodySchema } }, async (request) =>
    step(request, 'return.receive', request.params.number, (tx, actor) => returns.receive(tx, actor, request.params.number, request.body)));
  app.post('/returns/:number/approve', { schema: { tags, ...steps, body: ApproveReturnBodySchema } }, async (request) =>
    step(request, 'return.approve', request.params.number, (tx, actor) => returns.approve(tx, actor, request.params.number, request.body)));
  app.post('/returns/:number/reject', { schema: { tags, ...steps, body: RejectReturnBodySchema } }, async (request) =>
    step(request, 'return.reject', request.params.number, (tx, actor) => returns.reject(tx, actor, request.params.number, request.body)));
  app.post('/returns/:number/close', { schema: { tags, ...steps, body: CloseReturnBodySchema } }, async (request) =>
    step(request, 'return.close', request.params.number, (tx, actor) => returns.close(tx, actor, request.params.number, request.body.comment ?? null)));
}
