import {
  PaymentEmptyQuerySchema, TrialEligibilityParamsSchema, TrialEligibilitySchema, TrialListSchema, TrialParamsSchema, TrialProgramListSchema,
  TrialOperatorAnswerSchema, TrialOperatorChangeSchema, TrialReturnBodySchema, TrialSchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { publicAnswer, restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { requireSession } from '../identity/identity.auth.js';

const tags = ['trials'];

/**
 * `/api/trials` (spec §7): the programmes, whether the session customer may have one, and their own
 * trials with the return they may start. Another customer's trial or consumer id answers like a missing one.
 */
export async function trialRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { trials, identity } = opts.services;

  app.get('/programs', { schema: { tags, querystring: PaymentEmptyQuerySchema, response: { 200: TrialProgramListSchema } } }, async (_request, reply) => {
    publicAnswer(reply);
    return { programs: await trials.programList(app.db) };
  });

  // The storefront treats any error as "not eligible" and never retries (spec §7).
  app.get('/is-eligible/:program/:consumer', { schema: { tags, params: TrialEligibilityParamsSchema, response: { 200: TrialEligibilitySchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    if (request.params.consumer !== session.uuid) throw new AppError('NOT_FOUND', 'Consumer not found');
    return { program: request.params.program, is_eligible: await trials.isEligible(app.db, request.params.program, session.uuid) };
  });

  app.get('/user', { schema: { tags, querystring: PaymentEmptyQuerySchema, response: { 200: TrialListSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    return { trials: await trials.list(app.db, session.uuid) };
  });

  app.put('/:id/return', { schema: { tags, params: TrialParamsSchema, body: TrialReturnBodySchema, response: { 200: TrialSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    await inTransaction(app.db, (tx) => trials.requestReturn(tx, session.uuid, request.params.id, request.body.reason, request.body.comment ?? null));
    return trials.get(app.db, session.uuid, request.params.id);
  });
}

/** `/admin/trials/{id}/status` (an operator with subscriptions access, or ADMIN_TOKEN): the warehouse received the device, a return never came, or the trial is cancelled. */
export async function trialAdminRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  app.put('/trials/:id/status', { schema: { tags: ['trials-admin'], params: TrialParamsSchema, body: TrialOperatorChangeSchema, response: { 200: TrialOperatorAnswerSchema } } }, async (request) => {
    const actor = await opts.services.operators.authorize(request, 'subscriptions:write');
    const row = await inTransaction(app.db, async (tx) => {
      const changed = await opts.services.trials.operatorChange(tx, request.params.id, request.body.status, request.body.reason);
      await opts.services.operators.audit(tx, actor, { action: 'trial.status', entity_type: 'trial', entity_id: request.params.id, after: { status: changed.status, reason: request.body.reason } }, request.id);
      return changed;
    });
    return { id: row.id, status: row.status };
  });
}
