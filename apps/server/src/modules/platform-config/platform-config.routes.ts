import {
  PlatformConfigurationHistorySchema, PlatformConfigurationSchema, PlatformConfigurationUpdateSchema, PlatformStoreParamsSchema,
} from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { appendVary, restScope } from '../../platform/rest.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Services } from '../../services.js';

const tags = ['platform-config'];

/** `/api/platform` (spec §7 "Platform configuration GET"): the `Store` header's store view's settings, the same for every visitor. */
export async function platformConfigRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { platformConfig, stores } = opts.services;

  app.get('/configuration', { schema: { tags, response: { 200: PlatformConfigurationSchema } } }, async (request, reply) => {
    const configuration = await platformConfig.configuration(app.db, await stores.forRequest(request));
    // The spec's default cache time (§9: 5 minutes); every instance drops its own copy at once on a change.
    reply.header('cache-control', `public, max-age=${Math.round(configuration.settings.default_cache_time_ms / 1000)}`);
    appendVary(reply, ['Store']);
    return configuration;
  });
}

/** `/admin/platform/configuration/{store}` (an operator with compliance access, or ADMIN_TOKEN): an operator reads the history and changes settings. */
export async function platformConfigAdminRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { platformConfig, stores } = opts.services;
  const adminTags = ['platform-config-admin'];

  app.put('/platform/configuration/:store', {
    schema: { tags: adminTags, params: PlatformStoreParamsSchema, body: PlatformConfigurationUpdateSchema, response: { 200: PlatformConfigurationSchema } },
  }, async (request) => {
    const actor = await opts.services.operators.authorize(request, 'compliance:write');
    const view = await stores.resolve(request.params.store);
    return inTransaction(app.db, async (tx) => {
      // The history names a console operator by their account; a script names itself (or is the token).
      const operator = actor.kind === 'operator' ? actor.label : (request.body.operator ?? actor.label);
      const updated = await platformConfig.update(tx, view, { ...request.body, operator });
      await opts.services.operators.audit(tx, actor, { action: 'config.update', entity_type: 'store_view', entity_id: view.code, after: request.body }, request.id);
      return updated;
    });
  });

  app.get('/platform/configuration/:store/history', {
    schema: { tags: adminTags, params: PlatformStoreParamsSchema, response: { 200: PlatformConfigurationHistorySchema } },
  }, async (request) => {
    await opts.services.operators.authorize(request, 'compliance:read');
    return platformConfig.history(app.db, await stores.resolve(request.params.store));
  });
}
