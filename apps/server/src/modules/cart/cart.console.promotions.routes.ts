import {
  BATCH_EXPORT_COLUMNS, CartPromotionCreateBodySchema, CartPromotionPageSchema, CartPromotionQuerySchema, CartPromotionSchema, CartPromotionUpdateBodySchema,
  CouponBatchCodePageSchema, CouponBatchCodeQuerySchema, CouponBatchCreateBodySchema, CouponBatchPageSchema, CouponBatchParamsSchema, CouponBatchQuerySchema,
  CouponBatchSchema, CouponParamsSchema,
} from '@ember/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { csvStream } from '../../platform/csv.js';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { CouponBatchService, type BatchCodeRow } from './cart.console.batches.js';
import { CartPromotionConsoleService } from './cart.console.promotions.js';

const tags = ['promotions'];
/** Codes per page of a batch's export: one page is all the export holds in memory. */
const EXPORT_PAGE = 1000;
const attach = (reply: FastifyReply, name: string) => reply
  .header('content-type', 'text/csv; charset=utf-8')
  .header('content-disposition', `attachment; filename="${name}.csv"`)
  .header('cache-control', 'no-store');
const CsvAnswer = z.string().describe('text/csv; charset=utf-8, RFC 4180, CRLF line ends, UTF-8 with a byte-order mark');

/**
 * The console's code batches (`/admin/promotions/batches`) and free-gift and conditional promotions
 * (`/admin/promotions/cart-promotions`), docs/decisions/0087: marketing and owners change them,
 * support reads; every change is audited in its own transaction.
 */
export async function promotionConsoleRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { operators, stores, cart } = opts.services;
  const batches = new CouponBatchService();
  const promotions = new CartPromotionConsoleService();

  // ---------- code batches ----------

  app.get('/promotions/batches', { schema: { tags, querystring: CouponBatchQuerySchema, response: { 200: CouponBatchPageSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return batches.list(app.db, request.query);
  });

  app.get('/promotions/batches/:id', { schema: { tags, params: CouponBatchParamsSchema, response: { 200: CouponBatchSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return batches.get(app.db, request.params.id);
  });

  app.get('/promotions/batches/:id/codes', { schema: { tags, params: CouponBatchParamsSchema, querystring: CouponBatchCodeQuerySchema, response: { 200: CouponBatchCodePageSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return batches.codes(app.db, request.params.id, request.query);
  });

  app.get('/promotions/batches/:id/codes.csv', { schema: { tags, params: CouponBatchParamsSchema, response: { 200: CsvAnswer } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'promotions:read');
    const { id } = request.params;
    const batch = await batches.get(app.db, id);
    // The codes are worth money: who took them out of the shop is recorded.
    await inTransaction(app.db, (tx) => operators.audit(tx, actor, { action: 'coupon_batch.export', entity_type: 'coupon_batch', entity_id: String(id), after: { codes: batch.quantity } }, request.id));
    const stream = csvStream(BATCH_EXPORT_COLUMNS, (r: BatchCodeRow) => [r.code, r.times_used, r.uses_per_coupon, r.is_active], async (after: number | null) => {
      const rows = await batches.exportPage(app.db, id, after, EXPORT_PAGE);
      return { rows, last: rows.length === EXPORT_PAGE ? rows.at(-1)!.id : null };
    });
    return attach(reply, `coupon-batch-${id}`).send(stream);
  });

  app.post('/promotions/batches', { schema: { tags, body: CouponBatchCreateBodySchema, response: { 201: CouponBatchSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'promotions:write');
    const made = await inTransaction(app.db, async (tx) => {
      const b = await batches.create(tx, request.body);
      await operators.audit(tx, actor, { action: 'coupon_batch.create', entity_type: 'coupon_batch', entity_id: String(b.id), after: b }, request.id);
      return b;
    });
    return reply.code(201).send(made);
  });

  app.post('/promotions/batches/:id/deactivate', { schema: { tags, params: CouponBatchParamsSchema, response: { 200: CouponBatchSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'promotions:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after, codes } = await batches.deactivate(tx, request.params.id);
      await operators.audit(tx, actor, { action: 'coupon_batch.deactivate', entity_type: 'coupon_batch', entity_id: String(after.id), before, after: { ...after, codes_switched_off: codes } }, request.id);
      return after;
    });
  });

  // ---------- free-gift and conditional promotions ----------

  app.get('/promotions/cart-promotions', { schema: { tags, querystring: CartPromotionQuerySchema, response: { 200: CartPromotionPageSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return promotions.list(app.db, request.query);
  });

  app.get('/promotions/cart-promotions/:id', { schema: { tags, params: CouponParamsSchema, response: { 200: CartPromotionSchema } } }, async (request) => {
    await operators.authorize(request, 'promotions:read');
    return promotions.get(app.db, request.params.id);
  });

  app.post('/promotions/cart-promotions', { schema: { tags, body: CartPromotionCreateBodySchema, response: { 201: CartPromotionSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'promotions:write');
    await stores.resolve(request.body.store_code);
    const created = await inTransaction(app.db, async (tx) => {
      const p = await promotions.create(tx, request.body);
      await operators.audit(tx, actor, { action: 'cart_promotion.create', entity_type: 'cart_promotion', entity_id: p.code, after: p }, request.id);
      return p;
    });
    // Every instance drops its copy when the table announces `catalog`; this one at once.
    cart.invalidate();
    return reply.code(201).send(created);
  });

  app.patch('/promotions/cart-promotions/:id', { schema: { tags, params: CouponParamsSchema, body: CartPromotionUpdateBodySchema, response: { 200: CartPromotionSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'promotions:write');
    if (request.body.store_code) await stores.resolve(request.body.store_code);
    const after = await inTransaction(app.db, async (tx) => {
      const change = await promotions.update(tx, request.params.id, request.body);
      await operators.audit(tx, actor, { action: 'cart_promotion.update', entity_type: 'cart_promotion', entity_id: change.after.code, before: change.before, after: change.after }, request.id);
      return change.after;
    });
    cart.invalidate();
    return after;
  });
}
