import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { CONSUMER_IDENTITY_TOKEN_HEADER, CONSUMER_SESSION_TOKEN_HEADER } from '@ember/contracts';
import type { Config } from '../config.js';
import { AppError } from './errors.js';
import { phrase } from './messages.js';

/**
 * The request edge (docs/decisions/0032): what every request must satisfy before any route sees it.
 * Browsers cannot forge Origin or Sec-Fetch-Site, so a state change carried by the session cookie
 * must show one of them naming the shop itself; NUL characters, which PostgreSQL refuses in text,
 * are refused here for every string of a request; TRACE and unknown methods answer 405.
 */

/** Methods that change state; GET, HEAD and OPTIONS never do. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The methods this server implements at all, named by a 405 for a method it never serves. */
export const SERVED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';

/** Helmet's options, shared by the plugin and by the answers Fastify writes before any hook runs. */
export const SECURITY_HEADER_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // API responses run no script; storefront documents get a per-request nonce (storefront plugin).
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
} as const;

/** The security headers as name/value pairs, for answers written without Fastify's hooks. */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(SECURITY_HEADER_OPTIONS as never)({} as never, res as never, () => undefined);
  return headers;
}

/** The origins shoppers reach the shop at, lower-cased; null when none is configured. */
function configuredOrigins(config: Config): string[] | null {
  const list = [config.PUBLIC_BASE_URL, ...Object.values(config.PUBLIC_BASE_URLS ?? {})].filter((o): o is string => Boolean(o));
  return list.length ? list.map((o) => o.toLowerCase()) : null;
}

/**
 * Whether the browser says the request comes from the shop's own pages: true or false when it
 * says so (Origin first, else Sec-Fetch-Site), null when it says nothing (a client that is no
 * browser). With no public origin configured (development, tests) the shop's origin is the one the
 * request was sent to; the session cookie is bound to that host, so a page elsewhere cannot use it.
 */
export function isSameOrigin(request: FastifyRequest, config: Config): boolean | null {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  // A browser masks the origin as "null" where the page's referrer policy is no-referrer (a form
  // posted from the TEST provider pages) and in sandboxed frames: Fetch metadata still tells which.
  if (origin === 'null') return site === 'same-origin';
  if (typeof origin === 'string') {
    const claimed = origin.toLowerCase();
    const configured = configuredOrigins(config);
    if (configured) return configured.includes(claimed);
    return claimed === `${request.protocol}://${request.host}`.toLowerCase() || claimed === `http://localhost:${config.PORT}`;
  }
  if (typeof site === 'string') return site === 'same-origin';
  return null;
}

/** Where the first NUL character of a value sits (`body.variables.city`), or null. Iterative: bodies may nest deeply. */
export function findNul(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\0')) return at;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], `${at}[${i}]`]);
    } else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes('\0')) return at;
        stack.push([inner, `${at}.${k}`]);
      }
    }
  }
  return null;
}

/** A NUL anywhere in a request is refused: PostgreSQL cannot store it in text, and no field of the shop needs it. */
export function refuseNul(value: unknown, root: string): void {
  const at = findNul(value, root);
  if (at) throw new AppError('BAD_REQUEST', phrase('request.badCharacter', { field: at }));
}

/** A percent-encoded NUL in the raw URL (path or query). */
const ENCODED_NUL = /%00/i;

/** Installs the edge's hooks on the root instance; call before any plugin so every route inherits them. */
export function registerRequestEdge(app: FastifyInstance, config: Config): void {
  // A text/plain body is what a cross-site form sends without a preflight; no route reads one.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'TRACE') {
      reply.header('allow', SERVED_METHODS);
      throw new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed`);
    }
    if (ENCODED_NUL.test(request.url)) throw new AppError('BAD_REQUEST', phrase('request.badCharacter', { field: 'url' }));
    if (!UNSAFE_METHODS.has(request.method)) return;
    // Clients that send their credential in a header (a bearer token or its spec aliases, which no
    // page elsewhere can set without a preflight this shop never grants) are not riding a cookie;
    // whatever cookie comes along is then ignored (docs/decisions/0074).
    if (sendsTokenHeader(request)) return;
    const same = isSameOrigin(request, config);
    const riding = same === null && hasSessionCookie(request);
    if (same === false || riding) throw new AppError('PERMISSION_DENIED', phrase('request.foreignOrigin'));
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    refuseNul(request.params, 'params');
    refuseNul(request.query, 'query');
    refuseNul(request.body, 'body');
  });
}

/** Whether a request carries its session token in a header rather than in the ambient cookie. */
export function sendsTokenHeader(request: { headers: FastifyRequest['headers'] }): boolean {
  return Boolean(request.headers.authorization?.startsWith('Bearer '))
    || request.headers[CONSUMER_SESSION_TOKEN_HEADER] !== undefined
    || request.headers[CONSUMER_IDENTITY_TOKEN_HEADER] !== undefined;
}

/** Any cookie that can carry a session (a customer's `ember_session`, an operator's `ember_operator`, each also `__Host-`), read from the raw header. */
export function hasSessionCookie(request: { headers: FastifyRequest['headers'] }): boolean {
  const header = request.headers.cookie;
  return typeof header === 'string' && /(?:^|;\s*)(?:__Host-)?ember_(?:session|operator)=/.test(header);
}

function errorBody(code: string, message: string, requestId: string): string {
  return JSON.stringify({ error: { code, message, request_id: requestId } });
}

/**
 * Answers for requests Fastify refuses before routing (a malformed percent-encoding, a parameter
 * longer than the router takes): the shop's error body and security headers, never Fastify's own.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(securityHeaders());
  reply.header('cache-control', 'no-store');
  reply.header('x-request-id', request.id);
  reply.type('application/json; charset=utf-8');
  // An over-long parameter names nothing that exists; a bad encoding is not a URL at all.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(404).send(errorBody('ENTITY_NOT_FOUND', 'No data found.', request.id));
    return;
  }
  reply.status(400).send(errorBody('BAD_REQUEST', 'The address is not valid.', request.id));
}

const CLIENT_ERROR_STATUS: Record<string, [number, string]> = {
  HPE_INVALID_METHOD: [405, 'Method Not Allowed'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/**
 * Answers a request Node's HTTP parser refuses (an unknown method such as TRACK, oversized headers,
 * malformed syntax) with a status that says why, the shop's error body and the security headers.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(err);
    return;
  }
  const [status, reason] = CLIENT_ERROR_STATUS[err.code ?? ''] ?? [400, 'Bad Request'];
  const code = status === 405 ? 'METHOD_NOT_ALLOWED' : status === 408 ? 'BAD_REQUEST' : status === 431 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
  const body = errorBody(code, status === 405 ? 'This method is not allowed.' : 'The request could not be understood.', randomUUID());
  const headers: Record<string, string> = {
    ...securityHeaders(),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
    ...(status === 405 ? { allow: SERVED_METHODS } : {}),
  };
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`);
}
