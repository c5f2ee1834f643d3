import { AddressSuggestionQuerySchema, AddressSuggestionsSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { enforce } from '../../platform/rate-limit.js';
import { clientIp, restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';

const HOUR = 3_600_000;

/**
 * `/api/address-suggestions` (spec §7): addresses for what the shopper is typing, in the countries the
 * `Store` header's store view ships to. Any failure of the provider answers an empty list (spec §8);
 * a client may ask 1,200 times an hour (times RATE_LIMIT_IP_FACTOR), so the table cannot be read out in bulk.
 */
export async function addressSuggestionRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  const { addressSuggestions, checkout, stores, limiter } = opts.services;
  const perHour = Math.round(1200 * scope.config.RATE_LIMIT_IP_FACTOR);

  app.get('/', { schema: { tags: ['address-suggestions'], querystring: AddressSuggestionQuerySchema, response: { 200: AddressSuggestionsSchema } } }, async (request) => {
    await enforce(limiter, [{ key: `address-suggestions:ip:${clientIp(request)}`, limit: perHour, windowMs: HOUR }]);
    const view = await stores.forRequest(request);
    const countries = (await checkout.countries(app.db, view)).map((c) => c.id);
    const language = view.language === 'de' ? 'de' : 'en';
    const { items, failed } = await addressSuggestions.suggest(app.db, countries, language, request.query);
    // What was typed may be a person's address: the log names the provider only.
    if (failed) request.log.warn({ provider: addressSuggestions.providerName }, 'address suggestions failed; answered an empty list');
    return items;
  });
}
