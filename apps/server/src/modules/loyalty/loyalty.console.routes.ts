import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';

/** The console's loyalty club: rewards, earning rules, articles and QR codes at `/admin/loyalty`. */
export async function loyaltyConsoleRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  void app;
  void opts;
}
