import { randomUUID } from 'node:crypto';
import {
  ConsoleCustomerDetailSchema, ConsoleCustomerExportSchema, ConsoleCustomerListQuerySchema, ConsoleCustomerPageSchema, ConsoleErasureBodySchema,
  ConsoleErasureSchema, ConsolePointsBodySchema, ConsolePointsSchema, UuidParamsSchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adjustPoints, customerDetail, customerRow, eraseCustomer, exportCustomer } from '../../console/customer-view.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { listCustomers } from './identity.console.store.js';

const tags = ['customers-console'];
const IdempotencyHeaders = z.object({ 'idempotency-key': z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/).optional() }).loose();

/**
 * The operator console's customers at /admin (docs/decisions/0076): the searchable list, one
 * customer with what every module holds of them, point adjustments through the loyalty ledger, and
 * the data-subject export and erasure over the privacy registry. Every change is audited.
 */
export async function identityConsoleRoutes(scope: FastifyInstance, opts: { services: Services; db: Db }) {
  const app = restScope(scope);
  const { services, db } = opts;
  const { operators } = services;

  app.get('/customers', { schema: { tags, querystring: ConsoleCustomerListQuerySchema, response: { 200: ConsoleCustomerPageSchema } } }, async (request) => {
    await operators.authorize(request, 'customers:read');
    const q = request.query;
    const { rows, total, capped } = await listCustomers(db, {
      q: q.q ?? null, statuses: q.status ?? null, store_code: q.store ?? null, website_code: q.website ?? null, from: q.from ?? null, to: q.to ?? null,
      limit: q.page_size, offset: (q.page - 1) * q.page_size,
    });
    return { items: rows.map(customerRow), page_info: { page: q.page, page_size: q.page_size, total, total_capped: capped } };
  });

  app.get('/customers/:uuid', { schema: { tags, params: UuidParamsSchema, response: { 200: ConsoleCustomerDetailSchema } } }, async (request) => {
    await operators.authorize(request, 'customers:read');
    return customerDetail(db, services, request.params.uuid.toLowerCase());
  });

  app.post(
    '/customers/:uuid/points',
    { schema: { tags, params: UuidParamsSchema, headers: IdempotencyHeaders, body: ConsolePointsBodySchema, response: { 200: ConsolePointsSchema } } },
    async (request) => {
      const actor = await operators.authorize(request, 'loyalty:adjust');
      const headerKey = request.headers['idempotency-key'];
      if (headerKey && request.body.idempotency_key && headerKey !== request.body.idempotency_key) {
        throw new AppError('VALIDATION_FAILED', 'The Idempotency-Key header and idempotency_key differ', { field: 'idempotency_key' });
      }
      const uuid = request.params.uuid.toLowerCase();
      const key = headerKey ?? request.body.idempotency_key ?? randomUUID();
      const r = await adjustPoints(db, services, actor, uuid, { points: request.body.points, reason: request.body.reason, key }, request.id);
      return { uuid, points: request.body.points, applied: r.applied, balance: r.balance };
    },
  );

  app.get('/customers/:uuid/export', { schema: { tags, params: UuidParamsSchema, response: { 200: ConsoleCustomerExportSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'customers:privacy');
    return exportCustomer(db, services, actor, request.params.uuid.toLowerCase(), request.id);
  });

  app.post('/customers/:uuid/erasure', { schema: { tags, params: UuidParamsSchema, body: ConsoleErasureBodySchema, response: { 200: ConsoleErasureSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'customers:privacy');
    const uuid = request.params.uuid.toLowerCase();
    if (request.body.confirm.toLowerCase() !== uuid) throw new AppError('VALIDATION_FAILED', 'confirm must repeat the customer uuid', { field: 'confirm' });
    await eraseCustomer(db, services, actor, uuid, request.body.reason, request.id);
    return { uuid, status: 'cancelled' as const };
  });
}
