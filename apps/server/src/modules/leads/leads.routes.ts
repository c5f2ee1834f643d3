import { LeadConfirmationSchema, LeadLinkParamsSchema, LeadParamsSchema, LeadPurchasesSchema, LeadRegisterBodySchema, LeadSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { servesLeads } from '../../config.js';
import { clientIp, restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { leadLimits } from './leads.limits.js';

const tags = ['leads'];

/**
 * `/api/leads` (spec §7 "Trials and leads"): a lead confirms the consents they asked for with the
 * e-mailed link, and their purchases are told by the lead's id, without personal data.
 */
export async function leadRoutes(scope: FastifyInstance, opts: { services: Services }) {
  if (!servesLeads(scope.config)) return;
  const app = restScope(scope);
  const { leads, limiter } = opts.services;
  const limits = leadLimits(limiter, scope.config.RATE_LIMIT_IP_FACTOR);

  app.post('/consents/validate/:hash', { schema: { tags, params: LeadLinkParamsSchema, response: { 200: LeadConfirmationSchema } } }, async (request) => {
    await limits.validate(request);
    return inTransaction(app.db, (tx) => leads.confirm(tx, request.params.hash, { ip: clientIp(request) }));
  });

  app.get('/:uuid/actions/purchase', { schema: { tags, params: LeadParamsSchema, response: { 200: LeadPurchasesSchema } } }, async (request) => {
    await limits.purchases(request);
    return leads.purchases(app.db, request.params.uuid);
  });
}

/** `/admin/leads` (only with ADMIN_TOKEN): an operator registers a person met at an event or by a promoter, who is e-mailed the link. */
export async function leadAdminRoutes(scope: FastifyInstance, opts: { services: Services }) {
  if (!servesLeads(scope.config)) return;
  const app = restScope(scope);
  const { leads, stores } = opts.services;

  app.post('/leads', { schema: { tags: ['leads-admin'], body: LeadRegisterBodySchema, response: { 200: LeadSchema, 201: LeadSchema } } }, async (request, reply) => {
    const actor = await opts.services.operators.authorize(request, 'promotions:write');
    const view = await stores.forRequest(request);
    const registration = await inTransaction(app.db, async (tx) => {
      const r = await leads.register(tx, view, request.body);
      const lead = leads.view(r);
      await opts.services.operators.audit(tx, actor, { action: 'lead.register', entity_type: 'lead', entity_id: lead.id, after: { created: r.created, store: view.code } }, request.id);
      return r;
    });
    reply.code(registration.created ? 201 : 200);
    return leads.view(registration);
  });
}
