import type { FastifyInstance } from 'fastify';
import { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';

/** The console's product editor, categories and images at `/admin/catalogue`. */
export async function catalogueEditorRoutes(scope: FastifyInstance, opts: { services: Services }) {
  const app = restScope(scope);
  void app;
  void opts;
}
