import {
  CouponCodesAddedSchema, CouponCodesBodySchema, CouponGrantSchema, CouponProviderParamsSchema, CouponProviderSchema, CouponRequestBodySchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { enforce } from '../../platform/rate-limit.js';
import { clientIp, restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { requireSession, sessionToken } from '../identity/identity.auth.js';

const tags = ['coupons'];
const HOUR = 3_600_000;

/**
 * `/coupons/external/providers` (spec §7 "Coupons"): an offer with the session customer's code if
 * they have one, and the request that gives them one. The code is the customer's only: the answer
 * is never shared (`no-store`), and requests count per customer and per client address.
 */
export async function couponRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { coupons, identity, stores, limiter } = opts.services;
  const factor = scope.config.RATE_LIMIT_IP_FACTOR;

  app.get('/:id', { schema: { tags, params: CouponProviderParamsSchema, response: { 200: CouponProviderSchema } } }, async (request, reply) => {
    // A guest sees the offer; a customer also their code.
    const token = sessionToken(request);
    const session = token ? await identity.sessionFor(token) : null;
    const view = await stores.forRequest(request);
    reply.header('cache-control', 'no-store');
    return coupons.provider(app.db, view, request.params.id, session?.uuid ?? null);
  });

  app.post('/:id/request', { schema: { tags, params: CouponProviderParamsSchema, body: CouponRequestBodySchema, response: { 200: CouponGrantSchema } } }, async (request) => {
    const session = await requireSession(identity, request);
    await enforce(limiter, [
      { key: `coupon-request:user:${session.uuid}`, limit: 20, windowMs: HOUR },
      { key: `coupon-request:ip:${clientIp(request)}`, limit: Math.round(60 * factor), windowMs: HOUR },
    ]);
    const view = await stores.forRequest(request);
    return inTransaction(app.db, (tx) => coupons.request(tx, view, request.params.id, session.uuid));
  });
}

/** `/admin/coupons/providers/{id}/codes` (an operator with promotions access, or ADMIN_TOKEN): an operator loads a provider's codes. */
export async function couponAdminRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  app.post('/coupons/providers/:id/codes', { schema: { tags: ['coupons-admin'], params: CouponProviderParamsSchema, body: CouponCodesBodySchema, response: { 200: CouponCodesAddedSchema } } }, async (request) => {
    const actor = await opts.services.operators.authorize(request, 'promotions:write');
    return inTransaction(app.db, async (tx) => {
      const added = await opts.services.coupons.addCodes(tx, request.params.id, request.body.codes);
      await opts.services.operators.audit(tx, actor, { action: 'coupon_provider.add_codes', entity_type: 'coupon_provider', entity_id: request.params.id, after: added }, request.id);
      return added;
    });
  });
}
