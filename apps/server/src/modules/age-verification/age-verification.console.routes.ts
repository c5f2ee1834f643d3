import { AgeCheckDecisionBodySchema, AgeCheckDetailSchema, AgeCheckPageSchema, AgeCheckParamsSchema, AgeCheckQuerySchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';

const tags = ['compliance'];

/**
 * The console's age-verification review queue at `/admin/compliance/age-checks` (docs/decisions/0078):
 * compliance reads and decides, support reads; every decision is in the audit log.
 */
export async function ageCheckConsoleRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { ageVerification, operators } = opts.services;

  app.get('/compliance/age-checks', { schema: { tags, querystring: AgeCheckQuerySchema, response: { 200: AgeCheckPageSchema } } }, async (request) => {
    await operators.authorize(request, 'compliance:read');
    return ageVerification.reviewQueue(app.db, request.query);
  });

  app.get('/compliance/age-checks/:uuid', { schema: { tags, params: AgeCheckParamsSchema, response: { 200: AgeCheckDetailSchema } } }, async (request) => {
    await operators.authorize(request, 'compliance:read');
    return ageVerification.reviewDetail(app.db, request.params.uuid);
  });

  app.post('/compliance/age-checks/:uuid/decision', {
    schema: { tags, params: AgeCheckParamsSchema, body: AgeCheckDecisionBodySchema, response: { 200: AgeCheckDetailSchema } },
  }, async (request) => {
    const actor = await operators.authorize(request, 'compliance:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await ageVerification.review(tx, request.params.uuid, request.body, actor.label);
      const pick = (d: typeof before) => ({ status: d.status, reason: d.reason, customer_uuid: d.customer_uuid, country_code: d.country_code });
      await operators.audit(tx, actor, {
        action: request.body.decision === 'verified' ? 'age_check.approve' : 'age_check.reject',
        entity_type: 'age_check', entity_id: request.params.uuid, before: pick(before), after: { ...pick(after), note: request.body.reason },
      }, request.id);
      return after;
    });
  });
}
