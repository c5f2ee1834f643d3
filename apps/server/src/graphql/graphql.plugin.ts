import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLError as GraphQLErrorType, ValidationRule } from 'graphql';
import { graphqlJs } from './graphql-js.js';
import mercurius from 'mercurius';
import type { Config } from '../config.js';
import type { Db } from '../platform/db.js';
import { AppError, isDatabaseUnavailable } from '../platform/errors.js';
import { ENGLISH, say, type Audience } from '../platform/messages.js';
import type { StoreView } from '../modules/store/store.service.js';
import type { Services } from '../services.js';
import { catalogResolvers } from '../modules/catalog/catalog.resolvers.js';
import { contentResolvers } from '../modules/content/content.resolvers.js';
import { directoryResolvers } from '../modules/directory/directory.resolvers.js';
import { storeResolvers } from '../modules/store/store.resolvers.js';
import { identityResolvers } from '../modules/identity/identity.resolvers.js';
import { cartResolvers } from '../modules/cart/cart.resolvers.js';
import { checkoutResolvers } from '../modules/checkout/checkout.resolvers.js';
import { ordersResolvers } from '../modules/orders/orders.resolvers.js';
import type { GraphQLContext } from './context.js';
import { complexityLimitRule, depthLimitRule } from './limits.js';

const { GraphQLError, NoSchemaIntrospectionCustomRule } = graphqlJs;

const here = path.dirname(fileURLToPath(import.meta.url));
/** The served schema: generated from the Magento reference plus extensions (see scripts/build-graphql-schema.mjs). */
export const SCHEMA_PATH = path.resolve(here, '../../src/graphql/schema.graphql');

declare module 'fastify' {
  interface FastifyRequest {
    storeView?: StoreView;
  }
}

type Resolvers = Record<string, Record<string, unknown>>;

function mergeResolvers(...all: Resolvers[]): Resolvers {
  const out: Resolvers = {};
  for (const r of all) for (const [type, fields] of Object.entries(r)) out[type] = { ...out[type], ...fields };
  return out;
}

interface FormattedError {
  message: string;
  locations?: unknown;
  path?: unknown;
  extensions: Record<string, unknown>;
}

/** Whether an error answers the request's Idempotency-Key header (its HTTP status is what a client acts on). */
function isIdempotencyAnswer(e: AppError): boolean {
  return e.code.startsWith('IDEMPOTENCY_KEY_') || (e.details as { field?: string } | undefined)?.field === 'Idempotency-Key';
}

function formatError(
  err: GraphQLErrorType, production: boolean, requestId: string, log: FastifyRequest['log'], audience: Audience,
): { error: FormattedError; status: number; idempotency?: boolean } {
  // Mercurius and graphql-js may wrap the thrown error more than once: judge by the innermost cause.
  let orig = err.originalError as (Error & { code?: string; statusCode?: number; originalError?: Error }) | undefined;
  while (orig?.originalError) orig = orig.originalError as typeof orig;
  if (orig instanceof GraphQLError) orig = undefined;
  const where = { locations: err.locations, path: err.path };
  if (orig instanceof AppError) {
    // Said in the store view's language (docs/decisions/0026); the code stays for clients that word it themselves.
    return { error: { message: say(orig, audience), ...where, extensions: { category: orig.category, code: orig.code } }, status: orig.status, idempotency: isIdempotencyAnswer(orig) };
  }
  if (orig?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { error: { message: 'Request body is too large', extensions: { category: 'graphql-input', code: 'PAYLOAD_TOO_LARGE' } }, status: 413 };
  }
  if (orig && !(orig.statusCode && orig.statusCode < 500)) {
    const unavailable = isDatabaseUnavailable(orig);
    log.error({ err: orig }, 'GraphQL resolver failed');
    return {
      error: {
        message: say({ code: unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL', message: unavailable ? 'Service temporarily unavailable, try again' : 'Internal server error' }, audience),
        ...where,
        extensions: { category: 'internal', code: unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL', request_id: requestId },
      },
      status: unavailable ? 503 : 500,
    };
  }
  const message = production ? err.message.replace(/\s*Did you mean .*\?$/, '') : err.message;
  const ext = err.extensions ?? {};
  return {
    error: {
      message,
      ...where,
      extensions: { category: ext.category ?? 'graphql-input', code: ext.code ?? 'BAD_REQUEST' },
    },
    status: (orig as { statusCode?: number } | undefined)?.statusCode ?? 400,
  };
}

/** The commerce GraphQL API at /graphql (POST and GET), Magento 2.4 compatible. */
export async function graphqlPlugin(app: FastifyInstance, opts: { config: Config; db: Db; services: Services }) {
  const { config, db, services } = opts;
  const production = config.NODE_ENV === 'production';
  const rules: ValidationRule[] = [depthLimitRule(config.GRAPHQL_MAX_DEPTH), complexityLimitRule(config.GRAPHQL_MAX_COMPLEXITY)];
  if (!config.graphqlIntrospection) rules.push(NoSchemaIntrospectionCustomRule);

  // The store view comes from the Store header; an unknown one is refused before any parsing.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/graphql')) return;
    try {
      request.storeView = await services.stores.forRequest(request);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return reply.status(err.status).send({
        data: null,
        errors: [{ message: err.message, extensions: { category: err.category, code: err.code } }],
      });
    }
  });

  await app.register(mercurius, {
    schema: readFileSync(SCHEMA_PATH, 'utf8'),
    resolvers: mergeResolvers(storeResolvers, directoryResolvers, catalogResolvers, contentResolvers, identityResolvers, ordersResolvers, cartResolvers, checkoutResolvers) as never,
    path: '/graphql',
    graphiql: false,
    jit: 1,
    cache: 1024,
    allowBatchedQueries: false,
    validationRules: rules,
    context: (request: FastifyRequest, reply: FastifyReply): GraphQLContext => ({
      store: request.storeView!,
      config,
      db,
      services,
      request,
      reply,
    }),
    errorFormatter: (execution, ctx) => {
      const reply = (ctx as { reply?: FastifyReply }).reply;
      const log = reply?.log ?? app.log;
      const requestId = reply?.request.id ?? '';
      const audience: Audience = reply?.request.storeView ?? ENGLISH;
      const flat = execution.errors.flatMap((e) => {
        const nested = (e.originalError as { errors?: unknown })?.errors;
        return Array.isArray(nested) ? (nested as GraphQLErrorType[]) : [e as GraphQLErrorType];
      });
      const formatted = flat.map((e) =>
        formatError(e instanceof GraphQLError ? e : new GraphQLError(String((e as Error).message), { originalError: e as Error }), production, requestId, log, audience),
      );
      const worst = Math.max(...formatted.map((f) => f.status));
      // The Idempotency-Key answers (400 retry without key, 409 in flight, 422 other input) are HTTP
      // statuses a client acts on, so they set the status even though the mutation's field is in data.
      const idempotency = formatted.find((f) => f.idempotency);
      return {
        statusCode: idempotency ? idempotency.status : execution.data ? 200 : worst,
        response: { data: execution.data ?? null, errors: formatted.map((f) => f.error) as never },
      };
    },
  });
}
