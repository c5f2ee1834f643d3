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
