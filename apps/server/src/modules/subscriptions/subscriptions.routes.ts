import {
  SubscriptionCancelBodySchema, SubscriptionConfigurationsSchema, SubscriptionListSchema, SubscriptionParamsSchema, SubscriptionPauseBodySchema,
  SubscriptionResumeBodySchema, SubscriptionSchema, SubscriptionUpdateBodySchema, PaymentEmptyQuerySchema,
  SubscriptionOperatorChangeSchema, SubscriptionRenewNowAnswerSchema, SubscriptionRenewNowBodySchema,
} from '@ember/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../platform/db.js';
import { z } from 'zod';
import { publicAnswer, restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { requireSession } from '../identity/identity.auth.js';
import { runRenewals } from '../../workflows/subscription-renewal.js';

const tags = ['subscriptions'];

/**
 * `/api/subscriptions` (spec §7): the store view's plans, and the session customer's subscriptions
 * with every change they may make. A subscription of another customer answers like a missing one.
 */
export async function subscriptionRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { subscriptions, identity, stores } = opts.services;

  app.get('/configurations', { schema: { tags, querystring: PaymentEmptyQuerySchema, response: { 200: SubscriptionConfigurationsSchema } } }, async (request, reply) => {
    const view = await stores.forRequest(request);
    // The same for every shopper of a store view: cacheable for a minute (decision 0055).
    publicAnswer(reply);
    return subscriptions.configurations(app.db, view);
  });

  app.get('/user', { schema: { tags, querystring: PaymentEmptyQuerySchema, response: { 200: SubscriptionListSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    return { subscriptions: await subscriptions.list(app.db, session.uuid) };
  });

  // Each change runs in one transaction and answers with the subscription as it now is.
  const change = async (request: FastifyRequest<{ Params: { id: string } }>, run: (tx: Tx, customer: string) => Promise<void>) => {
    const session = await requireSession(identity, request);
    await inTransaction(app.db, (tx) => run(tx, session.uuid));
    return subscriptions.get(app.db, session.uuid, request.params.id);
  };

  app.put('/:id', { schema: { tags, params: SubscriptionParamsSchema, body: SubscriptionUpdateBodySchema, response: { 200: SubscriptionSchema } } }, async (request) =>
    change(request, (tx, customer) => subscriptions.update(tx, customer, request.params.id, request.body)),
  );
  app.put('/:id/pause', { schema: { tags, params: SubscriptionParamsSchema, body: SubscriptionPauseBodySchema, response: { 200: SubscriptionSchema } } }, async (request) =>
    change(request, (tx, customer) => subscriptions.pause(tx, customer, request.params.id, request.body.until ?? null)),
  );
  app.put('/:id/resume', { schema: { tags, params: SubscriptionParamsSchema, body: SubscriptionResumeBodySchema, response: { 200: SubscriptionSchema } } }, async (request) =>
    change(request, (tx, customer) => subscriptions.resume(tx, customer, request.params.id, request.body.next_delivery_date ?? null)),
  );
  app.put('/:id/cancel', { schema: { tags, params: SubscriptionParamsSchema, body: SubscriptionCancelBodySchema, response: { 200: SubscriptionSchema } } }, async (request) =>
    change(request, (tx, customer) => subscriptions.cancel(tx, customer, request.params.id, request.body.reason, request.body.comment ?? null)),
  );
}

const OperatorAnswerSchema = z.object({ id: z.string(), status: z.string(), history: SubscriptionSchema.shape.history });

/** `/admin/subscriptions/{id}/status` (an operator with subscriptions access, or ADMIN_TOKEN): an operator changes a subscription's state, with a reason kept in its history. */
export async function subscriptionAdminRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { subscriptions } = opts.services;
  app.put('/subscriptions/:id/status', { schema: { tags: ['subscriptions-admin'], params: SubscriptionParamsSchema, body: SubscriptionOperatorChangeSchema, response: { 200: OperatorAnswerSchema } } }, async (request) => {
    const actor = await opts.services.operators.authorize(request, 'subscriptions:write');
    await inTransaction(app.db, async (tx) => {
      const before = await subscriptions.find(tx, request.params.id);
      await subscriptions.operatorChange(tx, request.params.id, request.body.status, request.body.reason);
      await opts.services.operators.audit(tx, actor, {
        action: 'subscription.status', entity_type: 'subscription', entity_id: request.params.id,
        before: { status: before?.status ?? null }, after: { status: request.body.status, reason: request.body.reason },
      }, request.id);
    });
    const row = (await subscriptions.find(app.db, request.params.id))!;
    const view = await subscriptions.get(app.db, row.customer_uuid, row.id);
    return { id: view.id, status: view.status, history: view.history };
  });
  // The next delivery now (a customer asked for it early): brought forward to today and renewed at once, by the job's own code.
  app.post('/subscriptions/:id/renew', { schema: { tags: ['subscriptions-admin'], params: SubscriptionParamsSchema, body: SubscriptionRenewNowBodySchema, response: { 200: SubscriptionRenewNowAnswerSchema } } }, async (request) => {
    const actor = await opts.services.operators.authorize(request, 'subscriptions:write');
    await inTransaction(app.db, async (tx) => {
      await subscriptions.bringForward(tx, request.params.id, request.body.reason);
      await opts.services.operators.audit(tx, actor, { action: 'subscription.renew_now', entity_type: 'subscription', entity_id: request.params.id, after: { reason: request.body.reason } }, request.id);
    });
    const { placed, paid, declined, awaiting, refused } = await runRenewals(app.db, opts.services, { only: [request.params.id] });
    return { placed, paid, declined, awaiting, refused };
  });
}
