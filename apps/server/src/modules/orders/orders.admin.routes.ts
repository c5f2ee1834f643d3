import { OrderNumberParamsSchema as NumberParams, OrderStatusChangeSchema as StatusChangeBody, OrderSummarySchema as OrderSummary } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { requireAdmin } from '../../platform/admin.js';
import { AppError } from '../../platform/errors.js';
import { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { inTransaction } from '../../platform/transaction.js';

const tags = ['orders-admin'];

/**
 * Operator endpoints at /admin (only when ADMIN_TOKEN is configured): read an order and move it
 * through its statuses along the allowed transitions; every change lands in the order's history.
 */
export async function ordersAdminRoutes(scope: FastifyInstance, opts: { services: Services; db: Db; token: string }) {
  const app = restScope(scope);
  const { orders } = opts.services;

  const summary = async (entityId: string) => {
    const row = await orders.findByRef(opts.db, entityId);
    const [view] = await orders.views(opts.db, [row!]);
    return {
      number: view!.order.order_number,
      entity_id: view!.order.entity_id,
      status: view!.order.status,
      accepted_agreements: view!.order.accepted_agreements,
      history: view!.history.map((h) => ({ ...h, created_at: new Date(h.created_at).toISOString() })),
      shipments: view!.shipments.map((s) => ({ number: s.number, tracks: s.tracks })),
    };
  };

  app.get('/orders/:number', { schema: { tags, params: NumberParams, response: { 200: OrderSummary } } }, async (request) => {
    requireAdmin(request, opts.token);
    const row = await orders.findByRef(opts.db, request.params.number);
    if (!row) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    return summary(row.entity_id);
  });

  app.post('/orders/:number/status', { schema: { tags, params: NumberParams, body: StatusChangeBody, response: { 200: OrderSummary } } }, async (request) => {
    requireAdmin(request, opts.token);
    const b = request.body;
    const row = await inTransaction(opts.db, (tx) =>
      orders.changeStatus(tx, request.params.number, {
        to: b.status,
        actor: 'operator',
        reason_code: b.reason_code ?? null,
        comment: b.comment ?? null,
        tracking: b.tracking ? { carrier: b.tracking.carrier, number: b.tracking.number, track_url: b.tracking.track_url ?? null } : null,
      }),
    );
    return summary(row.entity_id);
  });
}
