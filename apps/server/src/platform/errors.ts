import { ERROR_CODES, type ErrorCode, type ErrorBody } from '@ember/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENGLISH, render, say, type Audience, type Phrase } from './messages.js';

/** An expected failure: a code from the spec's catalogue and a message safe to show. */
export class AppError extends Error {
  /** The message as a phrase, said in the store view's language at the edge (platform/messages.ts). */
  public readonly phrase: Phrase | null;

  constructor(
    public readonly code: ErrorCode,
    message: string | Phrase,
    public readonly details?: unknown,
  ) {
    super(typeof message === 'string' ? message : render(message));
    this.phrase = typeof message === 'string' ? null : message;
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  get category(): string {
    return ERROR_CODES[this.code].category;
  }
}

function toBody(code: ErrorCode, message: string, requestId: string, details?: unknown): ErrorBody {
  return { error: { code, message, request_id: requestId, ...(details === undefined ? {} : { details }) } };
}

/** Maps Fastify's own errors (body size, bad JSON, validation) onto the shop's codes. */
function fromFastifyError(err: FastifyError): AppError | null {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError('BAD_REQUEST', 'Unsupported content type');
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
    return new AppError('BAD_REQUEST', 'Request body is not valid JSON');
  }
  if (err.validation) return new AppError('VALIDATION_FAILED', 'Request validation failed', err.validation);
  if (err.statusCode === 429) return new AppError('RATE_LIMITED', 'Too many requests, try again later');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return new AppError('BAD_REQUEST', err.message);
  return null;
}

/** One error handler for every REST route: spec codes out, 5xx bodies carry only the request id. */
export function registerErrorHandling(app: FastifyInstance, audienceOf: (request: FastifyRequest) => Promise<Audience> = async () => ENGLISH): void {
  app.setErrorHandler(async (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = err instanceof AppError ? err : fromFastifyError(err);
    if (known) {
      if (known.status >= 500) request.log.error({ err }, known.message);
      const retry = (known.details as { retry_after_s?: number } | undefined)?.retry_after_s;
      if (retry) reply.header('retry-after', String(retry));
      // The message is said in the language of the request's store view (docs/decisions/0026).
      const audience = await audienceOf(request).catch(() => ENGLISH);
      return reply.status(known.status).send(toBody(known.code, say(known, audience), request.id, known.details));
    }
    const unavailable = isDatabaseUnavailable(err);
    request.log.error({ err }, 'unhandled error');
    const code: ErrorCode = unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL';
    const message = unavailable ? 'Service temporarily unavailable, try again' : 'Internal error';
    if (unavailable) reply.header('retry-after', '5');
    const audience = await audienceOf(request).catch(() => ENGLISH);
    return reply.status(ERROR_CODES[code].status).send(toBody(code, say({ code, message }, audience), request.id));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(toBody('ENTITY_NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`, request.id)),
  );
}

/** Connection-level database failures are retryable (503), not bugs (500). */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code ?? '';
  // A serialization failure or deadlock that outlived the transaction's own retries (platform/db.ts)
  // is a conflict the client may retry, like a lost connection, not a fault of the shop.
  return code.startsWith('08') || code === '57P01' || code === '57P03' || code === '40001' || code === '40P01' || code === 'ECONNREFUSED' || code === 'ECONNRESET';
}
