import { StoreDetailSchema, StoreExternalIdParamsSchema, StoreIdParamsSchema, StoreSearchQuerySchema, StoreSearchResultSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { publicAnswer, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';

const tags = ['store-locator'];

/**
 * `/api/store-locator` (spec §7 "Store locator"): stores by distance from a point or a postcode or
 * city, by the retail system's id, and a store's page, in the `Store` header's store view. Public
 * and the same for every shopper: cacheable for a minute.
 */
export async function storeLocatorRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { storeLocator, stores } = opts.services;
  // The map's tiles, when the shop has a tile server (MAP_TILE_URL): the storefront draws it beside the list.
  const map = app.config.MAP_TILE_URL ? { tile_url: app.config.MAP_TILE_URL, attribution: app.config.MAP_TILE_ATTRIBUTION } : null;

  app.get('/stores', { schema: { tags, querystring: StoreSearchQuerySchema, response: { 200: StoreSearchResultSchema } } }, async (request, reply) => {
    const view = await stores.forRequest(request);
    const result = await storeLocator.search(app.db, view, request.query);
    publicAnswer(reply);
    return { ...result, map };
  });

  app.get('/stores/by-external-id/:externalId', { schema: { tags, params: StoreExternalIdParamsSchema, response: { 200: StoreDetailSchema } } }, async (request, reply) => {
    const view = await stores.forRequest(request);
    const store = await storeLocator.byExternalId(app.db, view, request.params.externalId);
    publicAnswer(reply);
    return { ...store, map };
  });

  app.get('/stores/:id', { schema: { tags, params: StoreIdParamsSchema, response: { 200: StoreDetailSchema } } }, async (request, reply) => {
    const view = await stores.forRequest(request);
    const store = await storeLocator.byId(app.db, view, request.params.id);
    publicAnswer(reply);
    return { ...store, map };
  });
}
