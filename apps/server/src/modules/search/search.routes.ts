import { SearchQuerySchema, SearchResultSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { publicAnswer, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';

const tags = ['search'];

/**
 * `GET /api/search` (spec §7): products, articles, FAQ and pages of the `Store` header's store view
 * in its language (or `lang`). Public and the same for everyone, so shared caches may keep it a minute.
 */
export async function searchRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { search, stores, platformConfig } = opts.services;

  app.get('/', { schema: { tags, querystring: SearchQuerySchema, response: { 200: SearchResultSchema } } }, async (request, reply) => {
    const store = await stores.forRequest(request);
    // A market whose platform configuration turns the search off has none (docs/decisions/0066).
    if (!await platformConfig.isEnabled(app.db, store, 'search')) throw new AppError('ENTITY_NOT_FOUND', 'This shop has no search.');
    const { q, per_page, page, lang, type, highlight } = request.query;
    const result = await search.search(app.db, {
      store: store.code, language: lang ?? store.language, q, type: type ?? null, page, perPage: per_page, highlight,
    });
    publicAnswer(reply);
    return result;
  });
}
