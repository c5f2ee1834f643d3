import { LocationCountryParamsSchema, LocationCountrySchema, LocationSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { clientIp, publicAnswer, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';

const tags = ['location'];

/**
 * `/api/location` (spec §7): the visitor's country by client address (Fastify's `request.ip`, which
 * believes X-Forwarded-For for TRUST_PROXY hops only) and the country→market lookup.
 */
export async function locationRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { location, stores } = opts.services;

  // Per visitor: never cached by a browser or a proxy (restScope's no-store).
  app.get('/', { schema: { tags, response: { 200: LocationSchema } } }, async (request) =>
    location.locate(app.db, clientIp(request), (await stores.forRequest(request)).language),
  );

  app.get('/countries/:code', { schema: { tags, params: LocationCountryParamsSchema, response: { 200: LocationCountrySchema } } }, async (request, reply) => {
    const view = await stores.forRequest(request);
    const country = await location.country(app.db, request.params.code, view.language);
    if (!country) throw new AppError('ENTITY_NOT_FOUND', "The country isn't available.");
    publicAnswer(reply);
    return country;
  });
}
