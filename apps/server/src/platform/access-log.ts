import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Paths of files served as they are: the storefront's hashed build assets, catalogue media and
 * the few files at the build's root (favicon, robots.txt). Everything else is a page, an API call
 * or a health probe.
 */
const STATIC_PATH = /^\/(?:assets|media)\/|^\/[^/?]+\.(?:svg|ico|png|txt|xml|webmanifest)(?:\?|$)/;

export function isStaticAssetRequest(url: string): boolean {
  return STATIC_PATH.test(url);
}

/**
 * The access log: one "incoming request" and one "request completed" line per request at info,
 * as Fastify writes them, except for static files, whose lines go to debug (a first visit fetches
 * some thirty of them and they would drown the lines that matter). Errors stay at error for all.
 */
export class AccessLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (!isStaticAssetRequest(request.url)) return super.incomingRequest(request, reply);
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || !isStaticAssetRequest(request.url)) return super.requestCompleted(error, request, reply);
    if (!this.isLogDisabled(request)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

const REDACTED = '[redacted]';

/** Names of route parameters and query keys whose values are secrets or personal data. */
const SENSITIVE_NAME = /token|secret|passw|code|otp|mail|phone|mobile|msisdn|dob|birth|street|city|postcode|address|card|iban|signature|session|cart_?id/i;
/** Anything that reads as an e-mail address, wherever it appears. */
const EMAIL = /[^\s/?&=:"'<>]+(?:@|%40)[^\s/?&=:"'<>]+/gi;
/** Runs of token characters long enough to be a secret; which of them are redacted decides `isTokenLike`. */
const TOKEN_RUN = /[A-Za-z0-9_-]{20,}/g;

/**
 * Reset and session tokens, masked cart ids and signatures are long random runs: mixed case with
 * digits (base64url) or long hex. Lower-case slugs (`ember-one-starter-kit`) and UUIDs are kept.
 */
function isTokenLike(run: string): boolean {
  const mixedCase = /[A-Z]/.test(run) && /[a-z]/.test(run);
  return (mixedCase && /[0-9]/.test(run)) || (mixedCase && run.length >= 28) || /[0-9a-f]{32,}/i.test(run) || run.length >= 40;
}
/** Telephone numbers: an optional plus and at least eight digits with the usual separators. */
const PHONE = /(?:\+|%2B)?\d[\d ()./-]{6,}\d/gi;

/** Scrubs e-mail addresses and long tokens from any text (a path segment, an error message). */
export function redactText(text: string): string {
  return text.replace(EMAIL, REDACTED).replace(TOKEN_RUN, (run) => (isTokenLike(run) ? REDACTED : run));
}

function redactQueryValue(key: string, value: string): string {
  if (SENSITIVE_NAME.test(key)) return value ? REDACTED : value;
  // Judged decoded (`%2B44%207911...` is a phone number), written back encoded when nothing was found.
  const decoded = decodeSafely(value);
  const redacted = redactText(decoded).replace(PHONE, REDACTED);
  return redacted === decoded ? value : encodeURIComponent(redacted).replaceAll('%5Bredacted%5D', REDACTED);
}

/**
 * A request URL as the logs may keep it: route parameters and query keys named like a secret or
 * personal datum are replaced, and any segment or value that reads as an e-mail address, a phone
 * number or a long token is replaced wherever it appears (docs/decisions/0032).
 */
export function redactUrl(url: string, routePattern?: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  const pattern = routePattern?.split('/') ?? [];
  const segments = path.split('/').map((segment, i) => {
    const param = pattern[i]?.startsWith(':') ? pattern[i]!.slice(1) : null;
    if (param && segment && SENSITIVE_NAME.test(param)) return REDACTED;
    return redactText(segment);
  });
  if (q < 0) return segments.join('/');
  const pairs = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return redactText(pair);
    return `${pair.slice(0, eq)}=${redactQueryValue(decodeSafely(pair.slice(0, eq)), pair.slice(eq + 1))}`;
  });
  return `${segments.join('/')}?${pairs.join('&')}`;
}

function decodeSafely(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
  routeOptions?: { url?: string };
}

/**
 * Scrubs the message of every log call: Fastify writes an error's message as the line's `msg`, and
 * a message may quote the value that failed.
 */
export const logHooks = {
  logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
    method.apply(this, args.map((a) => (typeof a === 'string' ? redactText(a) : a)));
  },
};

/**
 * The logger's serializers: Fastify's request line with the URL redacted, and errors whose message
 * and stack are scrubbed the same way (a framework error quotes the URL it refused).
 */
export const logSerializers = {
  req(request: LoggedRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url, request.routeOptions?.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err(err: Error & { code?: string; statusCode?: number }) {
    return {
      type: err.constructor?.name ?? 'Error',
      message: redactText(String(err.message)),
      stack: redactText(err.stack ?? ''),
      ...(err.code ? { code: err.code } : {}),
      ...(err.statusCode ? { statusCode: err.statusCode } : {}),
    };
  },
};
