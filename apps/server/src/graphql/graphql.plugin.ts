import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLError as GraphQLErrorType, ValidationRule } from 'graphql';
import { graphqlJs } from './graphql-js.js';
import mercurius from 'mercurius';
import type { Config } from '../config.js';
import type { Db } from '../platform/db.js';
import { hasSessionCookie, sendsTokenHeader } from '../platform/edge.js';
import { AppError, isDatabaseUnavailable } from '../platform/errors.js';
import { audienceOf, ENGLISH, say, type Audience } from '../platform/messages.js';
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
import { subscriptionsResolvers } from '../modules/subscriptions/subscriptions.resolvers.js';
import { returnsResolvers } from '../modules/returns/returns.resolvers.js';
import type { GraphQLContext } from './context.js';
import { checkEnvelope, requireInputObjects } from './graphql.edge.js';
import { appendVary } from '../platform/rest.js';
import { complexityLimitRule, depthLimitRule, nulFreeStringsRule, singleCredentialFieldRule } from './limits.js';
import { reportGraphqlFailure } from '../platform/observability/observability.plugin.js';
import { traceResolvers } from '../platform/observability/tracing.js';

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

/**
 * Formats one error. `wrapperStatus` is the status of the Mercurius error that carried it (405 for a
 * mutation over GET, 400 for validation): a plain Error inside a client-error wrapper is no bug.
 */
function formatError(
  err: GraphQLErrorType, production: boolean, requestId: string, log: FastifyRequest['log'], audience: Audience, wrapperStatus?: number,
): { error: FormattedError; status: number; idempotency?: boolean; fault?: Error } {
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
  const clientStatus = orig?.statusCode ?? wrapperStatus;
  if (orig && !(clientStatus && clientStatus < 500)) {
    const unavailable = isDatabaseUnavailable(orig);
    log.error({ err: orig }, 'GraphQL resolver failed');
    return {
      error: {
        message: say({ code: unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL', message: unavailable ? 'Service temporarily unavailable, try again' : 'Internal server error' }, audience),
        ...where,
        extensions: { category: 'internal', code: unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL', request_id: requestId },
      },
      status: unavailable ? 503 : 500,
      fault: orig,
    };
  }
  const message = production ? err.message.replace(/\s*Did you mean .*\?$/, '') : err.message;
  const ext = err.extensions ?? {};
  const status = clientStatus && clientStatus < 500 ? clientStatus : 400;
  return {
    error: {
      message,
      ...where,
      extensions: { category: ext.category ?? 'graphql-input', code: ext.code ?? (status === 405 ? 'METHOD_NOT_ALLOWED' : 'BAD_REQUEST') },
    },
    status,
  };
}

/** The commerce GraphQL API at /graphql (POST and GET), Magento 2.4 compatible. */
export async function graphqlPlugin(app: FastifyInstance, opts: { config: Config; db: Db; services: Services }) {
  const { config, db, services } = opts;
  const production = config.NODE_ENV === 'production';
  const rules: ValidationRule[] = [depthLimitRule(config.GRAPHQL_MAX_DEPTH), complexityLimitRule(config.GRAPHQL_MAX_COMPLEXITY), nulFreeStringsRule(), singleCredentialFieldRule()];
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

  // The request's envelope is checked before Mercurius reads it (docs/decisions/0032): Mercurius
  // would coerce a number to a query string and read a source that is not GraphQL as a JSON syntax
  // tree, which fails inside validation as a 500.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.url.startsWith('/graphql')) checkEnvelope(request);
  });

  // An answer for a customer is theirs alone; every answer depends on who asks and for which store.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.url.startsWith('/graphql')) return payload;
    appendVary(reply, ['Authorization', 'Cookie', 'Store', 'Locale', 'X-Consumer-Session-Token', 'X-Consumer-Identity-Token']);
    if (request.headers.authorization !== undefined || sendsTokenHeader(request) || hasSessionCookie(request)) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  const sdl = readFileSync(SCHEMA_PATH, 'utf8');
  const resolvers = mergeResolvers(storeResolvers, directoryResolvers, catalogResolvers, contentResolvers, identityResolvers, ordersResolvers, cartResolvers, checkoutResolvers, subscriptionsResolvers, returnsResolvers);
  await app.register(mercurius, {
    schema: sdl,
    // With tracing on, each root field runs in a span of its own (docs/decisions/0071).
    resolvers: requireInputObjects(traceResolvers(resolvers), sdl) as never,
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
      const audience: Audience = reply?.request.storeView ? audienceOf(reply.request.storeView, reply.request) : ENGLISH;
      const flat = execution.errors.flatMap((e) => {
        const wrapper = e.originalError as { errors?: unknown; statusCode?: number } | undefined;
        const nested = wrapper?.errors;
        return Array.isArray(nested) ? (nested as GraphQLErrorType[]).map((n) => ({ e: n, status: wrapper?.statusCode })) : [{ e: e as GraphQLErrorType, status: undefined }];
      });
      const formatted = flat.map(({ e, status }) =>
        formatError(e instanceof GraphQLError ? e : new GraphQLError(String((e as Error).message), { originalError: e as Error }), production, requestId, log, audience, status),
      );
      const worst = Math.max(...formatted.map((f) => f.status));
      // A fault of the shop is reported with the document, the variables and the answer's codes (spec §8).
      const fault = formatted.find((f) => f.fault)?.fault;
      if (fault) reportGraphqlFailure(app, reply?.request, fault, formatted.map((f) => String(f.error.extensions.code)));
      // The Idempotency-Key answers (400 retry without key, 409 in flight, 422 other input) are HTTP
      // statuses a client acts on, so they set the status even though the mutation's field is in data.
      const idempotency = formatted.find((f) => f.idempotency);
      // A mutation over GET: only POST may change anything.
      if (worst === 405) reply?.header('allow', 'POST');
      return {
        statusCode: idempotency ? idempotency.status : execution.data ? 200 : worst,
        response: { data: execution.data ?? null, errors: formatted.map((f) => f.error) as never },
      };
    },
  });
}

