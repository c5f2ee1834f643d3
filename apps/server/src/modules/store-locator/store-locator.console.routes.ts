import {
  LocatorServicesSchema, LocatorStoreCreateBodySchema, LocatorStorePageSchema, LocatorStoreParamsSchema, LocatorStoreQuerySchema, LocatorStoreSchema,
  LocatorStoreStateBodySchema, LocatorStoreUpdateBodySchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';
import { StoreLocatorConsole } from './store-locator.console.js';

const tags = ['stores-admin'];

/**
 * The console's stores at `/admin/stores` (docs/decisions/0086): the content area's readers read
 * (`content:read`), owners and marketing change (`content:write`); every change is audited with the
 * store before and after.
 */
export async function storeLocatorConsoleRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { operators, stores } = opts.services;
  const locator = new StoreLocatorConsole((q) => stores.list(q));

  app.get('/stores', { schema: { tags, querystring: LocatorStoreQuerySchema, response: { 200: LocatorStorePageSchema } } }, async (request) => {
    await operators.authorize(request, 'content:read');
    return locator.list(app.db, request.query);
  });

  app.get('/store-services', { schema: { tags, response: { 200: LocatorServicesSchema } } }, async (request) => {
    await operators.authorize(request, 'content:read');
    return locator.services(app.db);
  });

  app.get('/stores/:id', { schema: { tags, params: LocatorStoreParamsSchema, response: { 200: LocatorStoreSchema } } }, async (request) => {
    await operators.authorize(request, 'content:read');
    return locator.get(app.db, request.params.id);
  });

  app.post('/stores', { schema: { tags, body: LocatorStoreCreateBodySchema, response: { 201: LocatorStoreSchema } } }, async (request, reply) => {
    const actor = await operators.authorize(request, 'content:write');
    const { id, ...body } = request.body;
    const created = await inTransaction(app.db, async (tx) => {
      const after = await locator.create(tx, id, body);
      await operators.audit(tx, actor, { action: 'store.create', entity_type: 'store', entity_id: after.id, after }, request.id);
      return after;
    });
    return reply.code(201).send(created);
  });

  app.put('/stores/:id', { schema: { tags, params: LocatorStoreParamsSchema, body: LocatorStoreUpdateBodySchema, response: { 200: LocatorStoreSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'content:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await locator.update(tx, request.params.id, request.body);
      await operators.audit(tx, actor, { action: 'store.update', entity_type: 'store', entity_id: after.id, before, after }, request.id);
      return after;
    });
  });

  app.post('/stores/:id/state', { schema: { tags, params: LocatorStoreParamsSchema, body: LocatorStoreStateBodySchema, response: { 200: LocatorStoreSchema } } }, async (request) => {
    const actor = await operators.authorize(request, 'content:write');
    return inTransaction(app.db, async (tx) => {
      const { before, after } = await locator.setActive(tx, request.params.id, request.body.is_active);
      await operators.audit(tx, actor, {
        action: request.body.is_active ? 'store.enable' : 'store.disable', entity_type: 'store', entity_id: after.id,
        before: { is_active: before.is_active }, after: { is_active: after.is_active },
      }, request.id);
      return after;
    });
  });
}
