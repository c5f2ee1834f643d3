import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';

/** The console's stores at `/admin/stores`. */
export async function storeLocatorConsoleRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  void app;
  void opts;
}
