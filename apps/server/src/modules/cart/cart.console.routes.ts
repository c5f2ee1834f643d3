import { CouponCreateBodySchema, CouponPageSchema, CouponParamsSchema, CouponQuerySchema, CouponRuleSchema, CouponUpdateBodySchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { CouponRulesService } from './cart.coupon-rules.js';
import { promotionConsoleRoutes } from './cart.console.promotions.routes.js';

const tags = ['promotions'];

/** The console's coupons at `/admin/promotions/coupons` (docs/decisions/0081): marketing and owners change them, support reads. */
export async function couponConsoleRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { operators, stores } = opts.services;
  const coupons = new CouponRulesService();

  app.get('/promotions/coupons', { schema: { tags, querystring: CouponQuerySchema, response: { 200: CouponPageSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return coupons.list(app.db, request.query);
  });

  app.get('/promotions/coupons/:id', { schema: { tags, params: CouponParamsSchema, response: { 200: CouponRuleSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return coupons.get(app.db, request.params.id);
  });

  app.post('/promotions/coupons', { schema: { tags, body: CouponCreateBodySchema, response: { 201: CouponRuleSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'promotions:write');
    if (request.body.store_code) await stores.resolve(request.body.store_code);
    const created = await inTransaction(app.db, async (tx) => {
      const c = await coupons.create(tx, request.body);
      await operators.audit(tx, actor, { action: 'coupon.create', entity_type: 'coupon', entity_id: c.code, after: c }, request.id);
      return c;
    });
    return reply.code(201).send(created);
  });

  app.patch('/promotions/coupons/:id', { schema: { tags, params: CouponParamsSchema, body: CouponUpdateBodySchema, response: { 200: CouponRuleSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'promotions:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await coupons.update(tx, request.params.id, request.body);
      await operators.audit(tx, actor, { action: 'coupon.update', entity_type: 'coupon', entity_id: after.code, before, after }, request.id);
      return after;
    });
  });

  // Code batches and free-gift and conditional promotions (docs/decisions/0087).
  await promotionConsoleRoutes(scope, opts);
}
