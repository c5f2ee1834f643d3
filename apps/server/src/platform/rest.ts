import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * Turns an encapsulated plugin scope into a REST scope: zod schemas validate requests and shape
 * responses. Kept per scope, not app-wide, because Mercurius does not boot with zod compilers.
 */
export function restScope(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Authenticated answers are never cached by browsers or proxies.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Client address for rate limits: Fastify's request.ip, which honours TRUST_PROXY hops only. */
export function clientIp(request: { ip: string }): string {
  return request.ip;
}
