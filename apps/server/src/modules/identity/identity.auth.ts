import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSUMER_IDENTITY_TOKEN_HEADER, CONSUMER_SESSION_TOKEN_HEADER, TENANT_TOKEN_HEADER } from '@ember/contracts';
import { publicOriginIsHttps, type Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import type { IdentityService, SessionUser } from './identity.service.js';

export const SESSION_COOKIE = 'ember_session';

/**
 * A cookie script may read, set and cleared with the session cookie: it says only that a session
 * cookie was set, so the storefront asks who is signed in only then (docs/decisions/0055). It is no
 * credential: the server never reads it, and a forged or stale one costs a session check that answers
 * "no session".
 */
export const SIGNED_IN_HINT = 'ember_signed_in';

/**
 * The session cookie's name: with the `__Host-` prefix whenever shoppers reach the shop over https
 * (the browser then keeps it only if it is Secure, host-only and for path /, so no sibling domain
 * or plain-http page can plant one), the bare name in development over http (docs/decisions/0032).
 */
export function sessionCookieName(config: Pick<Config, 'PUBLIC_BASE_URL' | 'PUBLIC_BASE_URLS'>): string {
  return publicOriginIsHttps(config) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

function sessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies?.[sessionCookieName(request.server.config)];
}

/** Headers that carry the session token itself, the spec's names beside `Authorization: Bearer` (spec §6). */
export const TOKEN_HEADERS = [CONSUMER_SESSION_TOKEN_HEADER, CONSUMER_IDENTITY_TOKEN_HEADER] as const;

type Headers = FastifyRequest['headers'];

/**
 * The session token a request sends in a header (docs/decisions/0074): `Authorization: Bearer`, the
 * account services' `X-Consumer-Session-Token` or the other services' `X-Consumer-Identity-Token`,
 * all the same token under the same checks. Headers that disagree, or one sent twice, name no
 * session (an empty token): a request never gets to choose between two identities. Undefined when
 * it sends none, so it authenticates with the cookie if at all.
 */
export function headerToken(request: { headers: Headers }): string | undefined {
  const found = new Set<string>();
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) found.add(auth.slice(7).trim());
  for (const name of TOKEN_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) found.add(typeof value === 'string' ? value.trim() : '');
  }
  if (found.size === 0) return undefined;
  return found.size === 1 ? [...found][0] : '';
}

/** The session token of a request: one sent in a header, or the storefront's httpOnly cookie. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return headerToken(request) ?? sessionCookie(request);
}

/**
 * The customer of a commerce GraphQL call: the header token's (an invalid token is refused, as
 * Magento does), else the storefront's httpOnly session cookie (script never sees a token; an
 * ended cookie is no customer). Null for a guest.
 */
export async function graphqlSession(identity: IdentityService, request: FastifyRequest): Promise<SessionUser | null> {
  const token = headerToken(request);
  if (request.headers.authorization !== undefined || token !== undefined) {
    const session = token ? await identity.sessionFor(token) : null;
    if (!session) throw new AppError('UNAUTHORISED', "The current customer isn't authorized.");
    return session;
  }
  const cookie = sessionCookie(request);
  return cookie ? identity.sessionFor(cookie) : null;
}

/** The signed-in customer, or UNAUTHORISED. */
export async function requireSession(identity: IdentityService, request: FastifyRequest): Promise<SessionUser> {
  const session = await identity.sessionFor(sessionToken(request));
  if (!session) throw new AppError('UNAUTHORISED', 'Sign in to continue');
  return session;
}

/**
 * A refused ownership check, at warn, so attempts on other customers' records can be found and
 * counted without the access log (checklist item 1). It names the route's pattern, never the URL:
 * the uuid tried stays in the request's access-log line (same reqId), redacted as that log is. The
 * caller is named by their uuid; no token or e-mail address is written.
 */
export function logAccessDenied(request: FastifyRequest, session: SessionUser, reason: 'not-owner'): void {
  request.log.warn({ event: 'access.denied', route: request.routeOptions.url, method: request.method, reason, user: session.uuid }, 'access denied');
}

/**
 * Ownership comes from the session, never from the URL: another customer's UUID answers exactly
 * like a UUID that does not exist (and both are logged as refused: the check cannot tell them apart).
 */
export async function requireOwner(identity: IdentityService, request: FastifyRequest, uuid: string): Promise<SessionUser> {
  const session = await requireSession(identity, request);
  if (session.uuid !== uuid) {
    logAccessDenied(request, session, 'not-owner');
    throw new AppError('NOT_FOUND', 'User not found');
  }
  return session;
}

/**
 * Secure follows the configured public origin, never the request's scheme: behind a proxy that
 * ends TLS the request arrives over http, yet the shopper's browser is on https.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string): void {
  const config = request.server.config;
  const secure = publicOriginIsHttps(config) || request.protocol === 'https';
  reply.setCookie(sessionCookieName(config), token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: new Date(expiresAt) });
  reply.setCookie(SIGNED_IN_HINT, '1', { httpOnly: false, sameSite: 'lax', secure, path: '/', expires: new Date(expiresAt) });
}

export function clearSessionCookie(reply: FastifyReply): void {
  const config = reply.server.config;
  const secure = publicOriginIsHttps(config);
  reply.clearCookie(sessionCookieName(config), { path: '/', secure, httpOnly: true, sameSite: 'lax' });
  reply.clearCookie(SIGNED_IN_HINT, { path: '/', secure, sameSite: 'lax' });
}

/**
 * Refuses a request whose `X-Tenant-Token` names another website than its store view's (spec §6,
 * docs/decisions/0074): an account-service client configured for one market cannot act in another.
 * The token is public (it identifies, it does not authenticate), so a plain comparison is right; a
 * request without one is judged by its `Store` header alone, as before.
 */
export function registerTenantCheck(app: FastifyInstance, stores: { forRequest(request: { headers: Headers }): Promise<{ tenant_token: string }> }): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const sent = request.headers[TENANT_TOKEN_HEADER];
    if (sent === undefined) return;
    const view = await stores.forRequest(request);
    if (typeof sent !== 'string' || sent.trim() !== view.tenant_token) {
      throw new AppError('PERMISSION_DENIED', 'The tenant token does not belong to this store');
    }
  });
}
