import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';

/** The console's FAQ, blog and content pages at `/admin/content`. */
export async function contentConsoleRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  void app;
  void opts;
}
