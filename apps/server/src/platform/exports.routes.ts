import { CUSTOMER_EXPORT_COLUMNS, CustomerExportQuerySchema, ORDER_EXPORT_COLUMNS, OrderExportQuerySchema } from '@ember/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import * as customerExport from '../modules/identity/identity.export.store.js';
import * as orderExport from '../modules/orders/orders.export.store.js';
import type { Services } from '../services.js';
import { csvStream } from './csv.js';
import { restScope } from './rest.js';
import { inTransaction } from './transaction.js';

/** Rows per page of an export: one page is all an export holds in memory. */
export const EXPORT_PAGE = 1000;

const CsvAnswer = z.string().describe('text/csv; charset=utf-8, RFC 4180, CRLF line ends, UTF-8 with a byte-order mark');

/**
 * The console's CSV exports at `/admin/exports` (docs/decisions/0080): orders and customers, filtered
 * like their lists, streamed page by page (a keyset position, never an offset, and no cursor held
 * between pages). An export of customers' data is itself recorded in the audit log.
 */
export async function exportRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { operators } = opts.services;
  const today = () => new Date().toISOString().slice(0, 10);
  const attach = (reply: FastifyReply, name: string) => reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${today()}.csv"`)
    .header('cache-control', 'no-store');

  app.get('/exports/orders.csv', { schema: { tags: ['exports'], querystring: OrderExportQuerySchema, response: { 200: CsvAnswer } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'orders:read');
    const filter = request.query;
    await inTransaction(app.db, (tx) => operators.audit(tx, actor, { action: 'export.orders', entity_type: 'export', entity_id: 'orders', after: { filter } }, request.id));
    const stream = csvStream(ORDER_EXPORT_COLUMNS, (r: orderExport.OrderExportRow) => ORDER_EXPORT_COLUMNS.map((c) => r[c]), async (after: string | null) => {
      const rows = await orderExport.exportPage(app.db, filter, after, EXPORT_PAGE);
      return { rows, last: rows.length === EXPORT_PAGE ? rows.at(-1)!.id : null };
    });
    return attach(reply, 'orders').send(stream);
  });

  app.get('/exports/customers.csv', { schema: { tags: ['exports'], querystring: CustomerExportQuerySchema, response: { 200: CsvAnswer } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'customers:read');
    const filter = request.query;
    await inTransaction(app.db, (tx) => operators.audit(tx, actor, { action: 'export.customers', entity_type: 'export', entity_id: 'customers', after: { filter } }, request.id));
    type Key = { at: string; uuid: string };
    const stream = csvStream(CUSTOMER_EXPORT_COLUMNS, (r: customerExport.CustomerExportRow) => CUSTOMER_EXPORT_COLUMNS.map((c) => r[c]), async (after: Key | null) => {
      const rows = await customerExport.exportPage(app.db, filter, after, EXPORT_PAGE);
      const last = rows.at(-1);
      return { rows, last: rows.length === EXPORT_PAGE && last ? { at: last.created_key, uuid: last.uuid } : null };
    });
    return attach(reply, 'customers').send(stream);
  });
}
