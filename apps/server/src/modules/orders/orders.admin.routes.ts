import {
  OrderDeviceBodySchema, OrderDeviceRecordedSchema, OrderNumberParamsSchema as NumberParams, OrderStatusChangeSchema as StatusChangeBody,
  OrderSummarySchema as OrderSummary,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { inTransaction } from '../../platform/transaction.js';
import { orderFacts } from './orders.console.js';

const tags = ['orders-admin'];

/**
 * Operator endpoints at /admin (an operator session, or the bearer ADMIN_TOKEN as a script): read an
 * order and move it through its statuses along the allowed transitions; every change lands in the
 * order's history and in the audit log.
 */
export async function ordersAdminRoutes(scope: FastifyInstance, opts: { services: Services; db: Db }) {
  const app = restScope(scope);
  const { orders, devices, operators } = opts.services;

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
    await operators.authorize(request, 'orders:read');
    const row = await orders.findByRef(opts.db, request.params.number);
    if (!row) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
    return summary(row.entity_id);
  });

  app.post('/orders/:number/status', { schema: { tags, params: NumberParams, body: StatusChangeBody, response: { 200: OrderSummary } } }, async (request) => {
    const actor = await operators.authorize(request, 'orders:write');
    const b = request.body;
    const row = await inTransaction(opts.db, async (tx) => {
      const before = await orders.findByRef(tx, request.params.number, true);
      if (!before) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
      const after = await orders.changeStatus(tx, before.entity_id, {
        to: b.status,
        actor: 'operator',
        reason_code: b.reason_code ?? null,
        comment: b.comment ?? null,
        tracking: b.tracking ? { carrier: b.tracking.carrier, number: b.tracking.number, track_url: b.tracking.track_url ?? null } : null,
      });
      await operators.audit(tx, actor, {
        action: 'order.status', entity_type: 'order', entity_id: after.order_number,
        before: orderFacts(before), after: { ...orderFacts(after), reason_code: b.reason_code ?? null, carrier: b.tracking?.carrier ?? null },
      }, request.id);
      return after;
    });
    return summary(row.entity_id);
  });

  /**
   * Records the serial of a device shipped with the order: the device becomes registered to the
   * buyer, who confirms it from the order ("register this device"). Only a customer's order that has
   * shipped, and only a serial of a device model the order holds.
   */
  app.post('/orders/:number/devices', { schema: { tags, params: NumberParams, body: OrderDeviceBodySchema, response: { 202: OrderDeviceRecordedSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'orders:write');
    const recorded = await inTransaction(opts.db, async (tx) => {
      const order = await orders.findByRef(tx, request.params.number, true);
      if (!order) throw new AppError('ORDER_NOT_FOUND', 'Order not found');
      if (!order.customer_uuid) throw new AppError('ORDER_STATUS_NOT_ALLOWED', 'A guest order has no account to register a device to');
      if (!SHIPPED.has(order.status)) throw new AppError('ORDER_STATUS_NOT_ALLOWED', 'Record a device serial once the order has shipped', { status: order.status });
      const [view] = await orders.views(tx, [order]);
      const skus = view!.items.flatMap((i) => [i.sku, ...(i.parent_sku ? [i.parent_sku] : [])]);
      const serial = await devices.registerFromShipment(tx, order.customer_uuid, request.body.serial, { storeCode: order.store_code, orderNumber: order.order_number, skus });
      await operators.audit(tx, actor, { action: 'order.device', entity_type: 'order', entity_id: order.order_number, after: { serial, status: order.status } }, request.id);
      return { serial, orderNumber: order.order_number };
    });
    return reply.status(202).send({ status: 'accepted' as const, deviceId: recorded.serial, orderNumber: recorded.orderNumber });
  });
}

/** Statuses of an order that has left the warehouse. */
const SHIPPED = new Set(['shipped', 'shipped_to_warehouse', 'delivered', 'delivered_to_pick_up_point', 'complete']);
