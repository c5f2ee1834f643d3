import type { FastifyInstance, FastifyReply } from 'fastify';
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

/**
 * Marks an answer that is the same for every shopper of a store view (no session, no cart in it)
 * as cacheable by browsers and a CDN for a minute, then served stale while it is fetched again: it
 * varies only with the `Store` header. Only for answers that read nothing of the caller.
 */
export function publicAnswer(reply: FastifyReply): void {
  reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
  appendVary(reply, ['Store']);
}

/** Adds tokens to the Vary header without dropping those already there (Accept-Encoding). */
export function appendVary(reply: FastifyReply, tokens: string[]): void {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const lower = new Set(current.map((t) => t.toLowerCase()));
  reply.header('vary', [...current, ...tokens.filter((t) => !lower.has(t.toLowerCase()))].join(', '));
}
