import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../db.js';
import { AppError } from '../errors.js';
import { JobStats } from '../jobs.js';
import { isAdminToken } from '../admin.js';
import { createErrorReporter, graphqlFailure, type ErrorReporter } from './error-reporter.js';
import { ShopMetrics } from './metrics.js';
import { endRequestSpan, isTracing, startRequestSpan, startTracing, withRequestSpan, type RequestSpan, type Tracing } from './tracing.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's server span while tracing is on. */
    traceSpan?: RequestSpan | null;
  }
  interface FastifyInstance {
    /** The Prometheus metrics (platform/observability/metrics.ts), set once the database is open. */
    metrics?: ShopMetrics;
  }
}

/** Whether an error that reached the error handler is a fault of the shop (reported), not of the request. */
export function isUnexpected(err: FastifyError | Error): boolean {
  if (err instanceof AppError) return err.status >= 500;
  const e = err as FastifyError;
  if (e.validation || e.code?.startsWith('FST_ERR_CTP') || err instanceof SyntaxError) return false;
  return !(e.statusCode && e.statusCode < 500);
}

/**
 * Error reporting, traces and request metrics for the whole app (docs/decisions/0071). Registered
 * before every other hook, so the request's span is the parent of all that it does.
 */
export async function setupObservability(app: FastifyInstance, config: Config): Promise<void> {
  let tracing: Tracing | null = null;
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT && !isTracing()) {
    tracing = await startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME });
  }
  const reporter: ErrorReporter = await createErrorReporter({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT ?? config.STORE_MODE.toLowerCase(),
    release: config.SENTRY_RELEASE,
    log: app.log,
  });
  app.decorate('errorReporter', reporter);
  app.decorate('jobStats', new JobStats());
  app.decorate('metrics', undefined);
  app.addHook('onClose', async () => {
    await reporter.flush(2000).catch(() => false);
    await reporter.close();
    await tracing?.shutdown();
  });

  if (isTracing()) {
    app.addHook('onRequest', (request, _reply, done) => {
      request.traceSpan = startRequestSpan(request.method, request.headers);
      withRequestSpan(request.traceSpan, done);
    });
    // A body is read from the socket's events, outside the request's context: enter it again.
    app.addHook('preHandler', (request, _reply, done) => withRequestSpan(request.traceSpan, done));
    app.addHook('onResponse', (request, reply, done) => {
      if (request.traceSpan) endRequestSpan(request.traceSpan, request.routeOptions.url, reply.statusCode);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      if (request.traceSpan) endRequestSpan(request.traceSpan, request.routeOptions.url, 499);
      done();
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    app.metrics?.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onError', (request, _reply, err, done) => {
    if (isUnexpected(err)) reporter.report(err, { source: 'http', requestId: request.id, route: request.routeOptions.url, method: request.method });
    done();
  });
}

/** The GraphQL document, variables and operation name of a request (GET query string or POST body). */
function graphqlRequestOf(request: FastifyRequest): { document: string; variables: unknown; operationName?: string } {
  const source = (request.method === 'GET' ? request.query : request.body) as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
  let variables = source?.variables;
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables) as unknown;
    } catch {
      variables = '[unreadable]';
    }
  }
  return {
    document: typeof source?.query === 'string' ? source.query : '',
    variables: variables ?? {},
    ...(typeof source?.operationName === 'string' ? { operationName: source.operationName } : {}),
  };
}

/**
 * Reports a GraphQL answer with a fault of the shop in it (spec §8): the error, wrapped with the
 * request's document, its variables (scrubbed) and the answer's error codes.
 */
export function reportGraphqlFailure(app: FastifyInstance, request: FastifyRequest | undefined, error: unknown, codes: string[]): void {
  const reporter = app.errorReporter;
  if (!reporter) return;
  const { document, variables, operationName } = request ? graphqlRequestOf(request) : { document: '', variables: {}, operationName: undefined };
  reporter.report(error, {
    source: 'graphql',
    requestId: request?.id,
    route: '/graphql',
    method: request?.method,
    graphql: graphqlFailure(document, variables, codes, operationName),
  });
}

/** Refuses a scrape without one of the configured tokens as its bearer (compared in constant time). */
function requireMetricsToken(request: FastifyRequest, tokens: string[]): void {
  const auth = request.headers.authorization;
  const presented = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
  // Every token is compared, so the time taken does not tell which one (if any) came close.
  const matches = tokens.map((t) => isAdminToken(presented, t));
  if (!matches.includes(true)) throw new AppError('UNAUTHORISED', 'Metrics token missing or wrong');
}

/**
 * GET /metrics: Prometheus text; open in TEST mode, behind METRICS_TOKEN or ADMIN_TOKEN in LIVE mode.
 * Called on the root instance (not registered as a plugin), so the request hooks see the metrics.
 */
export async function registerMetrics(app: FastifyInstance, opts: { config: Config; db: Db; outbox: () => Promise<{ pending: number; oldestSeconds: number }> }) {
  const { config } = opts;
  const tokens = [config.METRICS_TOKEN, config.ADMIN_TOKEN].filter((t): t is string => Boolean(t));
  const metrics = new ShopMetrics({ db: opts.db, jobs: app.jobStats ?? new JobStats(), outbox: opts.outbox }, { defaultMetrics: config.NODE_ENV !== 'test' });
  app.metrics = metrics;
  // LIVE mode without a token: the endpoint does not exist (404 like any unknown path).
  if (config.STORE_MODE === 'LIVE' && tokens.length === 0) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (config.STORE_MODE === 'LIVE') requireMetricsToken(request, tokens);
    const body = await metrics.metrics();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(body);
  });
}
