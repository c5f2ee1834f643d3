import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Generates the OpenAPI document from the REST routes' zod schemas, served at /openapi.json. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: { info: { title: 'Ember Shop services', version: '1' } },
    transform: (input) => {
      // GraphQL and the storefront are not REST: keep them out of the document.
      if (input.url.startsWith('/graphql') || input.url === '/*') return { schema: { hide: true } as never, url: input.url };
      return jsonSchemaTransform(input);
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
