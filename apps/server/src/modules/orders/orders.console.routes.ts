import { randomUUID } from 'node:crypto';
import {
  ConsoleOrderCancelBodySchema, ConsoleOrderDetailSchema, ConsoleOrderEmailBodySchema, ConsoleOrderEmailSchema, ConsoleOrderListQuerySchema,
  ConsoleOrderPageSchema, ConsoleRefundBodySchema, ConsoleRefundSchema, OrderNumberParamsSchema as NumberParams,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { orderFacts, OrdersConsole } from './orders.console.js';

const tags = ['orders-console'];
const IdempotencyHeaders = z.object({ 'idempotency-key': z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/).optional() }).loose();

/**
 * The operator console's orders at /admin (docs/decisions/0076): the searchable list, the detail an
 * operator acts on, cancellation, partial refunds and resent e-mails. Each change is audited with the
 * order's status and amounts before and after, in the change's transaction.
 */
export async function ordersConsoleRoutes(scope: FastifyInstance, opts: { services: Services; db: Db }) {
  const app = restScope(scope);
  const { services, db } = opts;
  const { operators } = services;
  const orders = new OrdersConsole(services.orders, services.stores, services.messaging);

  app.get('/orders', { schema: { tags, querystring: ConsoleOrderListQuerySchema, response: { 200: ConsoleOrderPageSchema } } }, async (request) => {
    await operators.authorize(request, 'orders:read');
    const q = request.query;
    const { items, total, capped } = await orders.list(db, q);
    return { items, page_info: { page: q.page, page_size: q.page_size, total, total_capped: capped } };
  });

  app.get('/orders/:number/detail', { schema: { tags, params: NumberParams, response: { 200: ConsoleOrderDetailSchema } } }, async (request) => {
    await operators.authorize(request, 'orders:read');
    return orders.detail(db, request.params.number, (number) => opts.services.devices.serialsOfOrder(db, number));
  });

  app.post('/orders/:number/cancel', { schema: { tags, params: NumberParams, body: ConsoleOrderCancelBodySchema, response: { 200: ConsoleOrderDetailSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'orders:write');
    const number = await inTransaction(db, async (tx) => {
      const before = await orders.get(tx, request.params.number, true);
      const after = await services.orders.changeStatus(tx, before.entity_id, {
        to: 'canceled', actor: 'operator', reason_code: request.body.reason_code ?? 'operator', comment: request.body.comment ?? null,
      });
      await operators.audit(tx, actor, { action: 'order.cancel', entity_type: 'order', entity_id: after.order_number, before: orderFacts(before), after: orderFacts(after) }, request.id);
      return after.order_number;
    });
    return orders.detail(db, number, (n) => opts.services.devices.serialsOfOrder(db, n));
  });

  app.post(
    '/orders/:number/refunds',
    { schema: { tags, params: NumberParams, headers: IdempotencyHeaders, body: ConsoleRefundBodySchema, response: { 200: ConsoleRefundSchema } } },
    async (request) => {
      const actor = await operators.authorize(request, 'orders:refund');
      const { amount } = request.body;
      const headerKey = request.headers['idempotency-key'];
      if (headerKey && request.body.idempotency_key && headerKey !== request.body.idempotency_key) {
        throw new AppError('VALIDATION_FAILED', 'The Idempotency-Key header and idempotency_key differ', { field: 'idempotency_key' });
      }
      const key = headerKey ?? request.body.idempotency_key ?? randomUUID();
      return inTransaction(db, async (tx) => {
        const r = await orders.refund(tx, services.payments, request.params.number, amount, key);
        // A repeated key refunds nothing more: the first try was audited.
        if (r.changed) {
          await operators.audit(tx, actor, {
            action: 'order.refund', entity_type: 'order', entity_id: r.after.order_number,
            before: orderFacts(r.before), after: { ...orderFacts(r.after), amount: r.refunded, idempotency_key: key },
          }, request.id);
        }
        return { number: r.after.order_number, refunded: r.refunded, refunded_total: r.after.refunded_total, remaining: r.remaining, currency: r.after.currency };
      });
    },
  );

  app.post('/orders/:number/emails', { schema: { tags, params: NumberParams, body: ConsoleOrderEmailBodySchema, response: { 202: ConsoleOrderEmailSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'orders:write');
    const sent = await inTransaction(db, async (tx) => {
      const { order, template } = await orders.resendEmail(tx, request.params.number, request.body.kind);
      await operators.audit(tx, actor, { action: 'order.email', entity_type: 'order', entity_id: order.order_number, after: { template, status: order.status } }, request.id);
      return { number: order.order_number, template };
    });
    return reply.status(202).send({ ...sent, queued: true as const });
  });
}
