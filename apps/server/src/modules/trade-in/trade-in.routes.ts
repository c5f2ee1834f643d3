import { TradeInConfigurationSchema, TradeInConsumerParamsSchema, TradeInEligibilitySchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { phrase } from '../../platform/messages.js';
import { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { requireOwner } from '../identity/identity.auth.js';

const tags = ['trade-in'];

/** `/api/trade-in` (spec §7): the store view's offers, and whether the session's customer may use one. */
export async function tradeInRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { tradeIn, identity, stores } = opts.services;

  app.get('/configuration', { schema: { tags, response: { 200: TradeInConfigurationSchema } } }, async (request) =>
    tradeIn.configuration(app.db, await stores.forRequest(request)),
  );
  // Without a consumer id the call is refused in the spec's words (§5).
  const noUser = async () => {
    throw new AppError('BAD_REQUEST', phrase('tradeIn.userIdMissing'));
  };
  app.get('/is-eligible', { schema: { tags } }, noUser);
  app.get('/is-eligible/', { schema: { tags } }, noUser);
  app.get('/is-eligible/:consumer_id', { schema: { tags, params: TradeInConsumerParamsSchema, response: { 200: TradeInEligibilitySchema } } }, async (request) => {
    await requireOwner(identity, request, request.params.consumer_id);
    return tradeIn.eligibility(app.db, await stores.forRequest(request), request.params.consumer_id);
  });
}
