import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Where the browsable API reference is served (TEST store mode only). */
export const DOCS_PREFIX = '/docs';

/** A route as registered: what the schema inventory test walks. */
export interface RegisteredRoute {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema?: FastifySchema & { hide?: boolean };
}

const inventories = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered on the app after `registerOpenApi`, with its schema. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return inventories.get(app) ?? [];
}

/**
 * Generates one OpenAPI 3.1 document from the REST routes' zod schemas (the contracts package),
 * served at /openapi.json; in TEST store mode Swagger UI browses it at /docs, its assets served
 * from the package itself (no network, no inline script).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routes: RegisteredRoute[] = [];
  inventories.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push({ method: route.method, url: route.url, schema: route.schema as RegisteredRoute['schema'] });
  });

  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'Ember Shop services', version: '1' } },
    transform: (input) => {
      // GraphQL and the storefront are not REST: keep them out of the document.
      if (input.url.startsWith('/graphql') || input.url === '/*') return { schema: { hide: true } as never, url: input.url };
      return jsonSchemaTransform(input);
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  if (app.config.STORE_MODE === 'TEST') {
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // No call to an online validator: the reference works offline.
      uiConfig: { validatorUrl: null, deepLinking: true },
      staticCSP: false,
    });
  }
}
