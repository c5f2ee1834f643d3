import type { ErrorEvent, EventHint } from '@sentry/node';
import type {} from 'fastify';
import { scrub, scrubGraphqlDocument, scrubText } from '@ember/contracts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The error-reporting service; set by the observability plugin (platform/observability). */
    errorReporter?: ErrorReporter;
  }
}

/** A GraphQL failure as reported: the document, its variables and the answer's error codes (spec §8). */
export interface GraphqlFailure {
  document: string;
  variables: unknown;
  operationName?: string;
  codes: string[];
}

/** What is known about where a failure happened; every part is scrubbed before it leaves. */
export interface ReportContext {
  /** Where it happened: "http", "graphql", "job", "process". */
  source: string;
  requestId?: string;
  /** The route pattern (`/account/users/:uuid`), never the URL with its values. */
  route?: string;
  method?: string;
  graphql?: GraphqlFailure;
  extra?: Record<string, unknown>;
}

/** The error-reporting service (spec §8): Sentry with SENTRY_DSN, otherwise structured log lines. */
export interface ErrorReporter {
  readonly backend: 'sentry' | 'log';
  report(error: unknown, context: ReportContext): void;
  /** Waits until what was reported has been sent (at most timeoutMs). */
  flush(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The part of a pino logger the reporter writes to. */
export interface ReportLog {
  error(obj: object, msg: string): void;
}

/** A GraphQL failure with its document and variables made safe to send. */
export function graphqlFailure(document: string, variables: unknown, codes: string[], operationName?: string): GraphqlFailure {
  return {
    document: scrubGraphqlDocument(document),
    variables: scrub(variables ?? {}),
    ...(operationName ? { operationName: scrubText(operationName) } : {}),
    codes: [...new Set(codes)],
  };
}

/** The error's type, message and stack with personal data taken out of the texts. */
export function describeError(error: unknown): { type: string; message: string; stack?: string; code?: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      type: error.name,
      message: scrubText(error.message),
      ...(error.stack ? { stack: scrubText(error.stack) } : {}),
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
  return { type: typeof error, message: scrubText(String(error)) };
}

function safeContext(context: ReportContext): Record<string, unknown> {
  const { graphql, extra, ...rest } = context;
  return { ...rest, ...(graphql ? { graphql } : {}), ...(extra ? { extra: scrub(extra) } : {}) };
}

/** Without a DSN: each report is one error-level log line (the access log's redaction rules apply too). */
export function createLogReporter(log: ReportLog): ErrorReporter {
  return {
    backend: 'log',
    report(error, context) {
      log.error({ reported: describeError(error), report: safeContext(context) }, 'error reported');
    },
    flush: async () => true,
    close: async () => undefined,
  };
}

/**
 * The last line of defence before an event leaves: everything that can carry what a customer typed
 * is scrubbed again, and the user, cookies, headers and breadcrumbs are dropped.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  for (const ex of event.exception?.values ?? []) {
    if (ex.value) ex.value = scrubText(ex.value);
    for (const frame of ex.stacktrace?.frames ?? []) delete frame.vars;
  }
  if (event.message) event.message = scrubText(event.message);
  if (event.extra) event.extra = scrub(event.extra) as Record<string, unknown>;
  if (event.contexts) {
    for (const [name, ctx] of Object.entries(event.contexts)) {
      // Our own contexts are scrubbed when reported; the SDK's (runtime, os) carry no personal data.
      if (name === 'graphql' || name === 'report') continue;
      event.contexts[name] = scrub(ctx) as typeof ctx;
    }
  }
  if (event.request) {
    const url = event.request.url ? scrubText(event.request.url.split('?')[0]!) : undefined;
    event.request = { method: event.request.method, ...(url ? { url } : {}) };
  }
  delete event.user;
  delete event.breadcrumbs;
  delete event.server_name;
  return event;
}

/**
 * With a DSN: the Sentry SDK, loaded only then, without its automatic instrumentation (tracing is
 * OpenTelemetry's, platform/observability/tracing.ts) and without personal data.
 */
export async function createSentryReporter(opts: { dsn: string; environment: string; release?: string }): Promise<ErrorReporter> {
  const Sentry = await import('@sentry/node');
  const client = Sentry.initWithoutDefaultIntegrations({
    dsn: opts.dsn,
    environment: opts.environment,
    release: opts.release,
    // Nothing about the visitor is collected by the SDK itself; what we send is scrubbed (beforeSend).
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    maxBreadcrumbs: 0,
    beforeSend: (event: ErrorEvent, _hint: EventHint) => scrubEvent(event),
  });
  return {
    backend: 'sentry',
    report(error, context) {
      Sentry.withScope((scope) => {
        scope.setTag('source', context.source);
        if (context.route) scope.setTag('route', context.route);
        if (context.method) scope.setTag('method', context.method);
        if (context.requestId) scope.setTag('request_id', context.requestId);
        if (context.graphql) {
          scope.setContext('graphql', { ...context.graphql });
          scope.setTag('graphql.codes', context.graphql.codes.join(','));
          scope.setFingerprint(['{{ default }}', ...context.graphql.codes]);
        }
        if (context.extra) scope.setContext('report', scrub(context.extra) as Record<string, unknown>);
        Sentry.captureException(error);
      });
    },
    flush: (timeoutMs = 2000) => Sentry.flush(timeoutMs),
    close: async () => {
      await client?.close(2000);
    },
  };
}

/**
 * What the storefront's documents hand the browser SDK: SENTRY_BROWSER_DSN, else SENTRY_DSN unless
 * it carries a secret key (a DSN with one never goes to a browser); undefined without a DSN.
 */
export function browserReporting(c: { SENTRY_DSN?: string; SENTRY_BROWSER_DSN?: string; SENTRY_ENVIRONMENT?: string; SENTRY_RELEASE?: string; STORE_MODE: string }): { dsn: string; environment: string; release?: string } | undefined {
  const serverDsn = c.SENTRY_DSN && !/^https?:\/\/[^@/]*:[^@/]*@/.test(c.SENTRY_DSN) ? c.SENTRY_DSN : undefined;
  const dsn = c.SENTRY_BROWSER_DSN ?? serverDsn;
  if (!dsn) return undefined;
  return { dsn, environment: c.SENTRY_ENVIRONMENT ?? c.STORE_MODE.toLowerCase(), ...(c.SENTRY_RELEASE ? { release: c.SENTRY_RELEASE } : {}) };
}

/** The shop's reporter: Sentry when a DSN is configured, log lines otherwise. */
export function createErrorReporter(opts: { dsn?: string; environment: string; release?: string; log: ReportLog }): Promise<ErrorReporter> {
  return opts.dsn ? createSentryReporter({ dsn: opts.dsn, environment: opts.environment, release: opts.release }) : Promise.resolve(createLogReporter(opts.log));
}
