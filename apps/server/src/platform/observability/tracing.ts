import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * OpenTelemetry traces (docs/decisions/0071): one span per HTTP request, per GraphQL root field and
 * per SQL statement, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set. Without it no
 * SDK is loaded and every wrapper below is one boolean test.
 */

let enabled = false;

const tracer = () => trace.getTracer('ember-shop');

/** Whether spans are recorded in this process (an SDK was started). */
export function isTracing(): boolean {
  return enabled;
}

export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * Starts the SDK: spans go to the OTLP endpoint (batched), or to `exporter` (tests). Registers the
 * async-local-storage context manager, so a span started in a request's hook is the parent of what
 * the request does, and the W3C trace-context propagator, so a caller's trace goes on here.
 */
export async function startTracing(opts: { endpoint?: string; exporter?: SpanExporter; serviceName: string; serviceVersion?: string }): Promise<Tracing> {
  const [{ NodeTracerProvider }, { BatchSpanProcessor, SimpleSpanProcessor }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
  ]);
  let processor;
  if (opts.exporter) processor = new SimpleSpanProcessor(opts.exporter);
  else {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    processor = new BatchSpanProcessor(new OTLPTraceExporter({ url: `${opts.endpoint!.replace(/\/+$/, '')}/v1/traces` }));
  }
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': opts.serviceName, ...(opts.serviceVersion ? { 'service.version': opts.serviceVersion } : {}) }),
    spanProcessors: [processor],
  });
  provider.register();
  enabled = true;
  return {
    async shutdown() {
      enabled = false;
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** `fn` bound to the active trace context, for code a library calls back from a context of its own. */
export function bindToTrace<F extends (...args: never[]) => unknown>(fn: F): F {
  return enabled ? context.bind(context.active(), fn) : fn;
}

/** The first keyword of a statement (SELECT, INSERT, WITH, ...), for the span's name. */
function operationOf(sql: string): string {
  const m = /^\s*([A-Za-z]+)/.exec(sql);
  return m ? m[1]!.toUpperCase() : 'SQL';
}

function endWith<T>(span: Span, result: Promise<T>): Promise<T> {
  return result.then(
    (value) => {
      span.end();
      return value;
    },
    (err: unknown) => {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as { code?: string })?.code ?? 'error' });
      span.end();
      throw err;
    },
  );
}

/**
 * Runs one SQL statement in a span named by its operation. The span carries the statement's text
 * (with its $n placeholders) and never its parameter values.
 */
export function traceSql<T>(db: 'pglite' | 'postgres', sql: string, run: () => Promise<T>): Promise<T> {
  if (!enabled) return run();
  const operation = operationOf(sql);
  return tracer().startActiveSpan(
    `db ${operation}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.namespace': db,
        'db.operation.name': operation,
        'db.query.text': sql.replace(/\s+/g, ' ').trim().slice(0, 2000),
      },
    },
    (span) => endWith(span, run()),
  );
}

type Resolver = (...args: unknown[]) => unknown;

/**
 * Wraps the root fields of Query and Mutation in a span each (`graphql Query.products`); nested
 * fields are left alone, as a span per field would cost more than it tells.
 */
export function traceResolvers<R extends Record<string, Record<string, unknown>>>(resolvers: R): R {
  if (!enabled) return resolvers;
  const out: Record<string, Record<string, unknown>> = { ...resolvers };
  for (const type of ['Query', 'Mutation']) {
    const fields = resolvers[type];
    if (!fields) continue;
    out[type] = Object.fromEntries(
      Object.entries(fields).map(([name, fn]) => {
        if (typeof fn !== 'function') return [name, fn];
        const wrapped: Resolver = (...args) =>
          tracer().startActiveSpan(`graphql ${type}.${name}`, { attributes: { 'graphql.operation.type': type.toLowerCase(), 'graphql.field.name': name } }, (span) => {
            try {
              const result = (fn as Resolver)(...args);
              if (result instanceof Promise) return endWith(span, result);
              span.end();
              return result;
            } catch (err) {
              span.setStatus({ code: SpanStatusCode.ERROR });
              span.end();
              throw err;
            }
          });
        return [name, wrapped];
      }),
    );
  }
  return out as R;
}

/** A request's server span and the context it is active in. */
export interface RequestSpan {
  span: Span;
  context: Context;
}

/** Starts a request's server span, continuing the caller's trace (traceparent) when it sends one. */
export function startRequestSpan(method: string, headers: Record<string, unknown>): RequestSpan | null {
  if (!enabled) return null;
  const parent = propagation.extract(context.active(), headers);
  const span = tracer().startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Ends a request's span, named by its route pattern (never the URL, whose path may carry ids and secrets). */
export function endRequestSpan(request: RequestSpan, route: string | undefined, status: number): void {
  const { span } = request;
  if (route) {
    span.setAttribute('http.route', route);
    span.updateName(`${(span as unknown as { name?: string }).name ?? ''} ${route}`.trim());
  }
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** Runs `fn` with the request's span active (a hook's `done`, so what follows is its child). */
export function withRequestSpan(request: RequestSpan | null | undefined, fn: () => void): void {
  if (request) context.with(request.context, fn);
  else fn();
}
