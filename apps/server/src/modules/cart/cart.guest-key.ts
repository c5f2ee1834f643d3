import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicOriginIsHttps, type Config } from '../../config.js';

/**
 * The guest cart credential (decision 0033): a 256-bit random value in an httpOnly cookie, set by
 * the call that creates a guest cart; the cart keeps only its SHA-256 digest. Once a guest cart
 * holds personal data it answers only to a request carrying this cookie. Over https the cookie is
 * Secure with the __Host- prefix, decided from the configured public origin, never the request.
 */
export const GUEST_KEY_COOKIE = 'ember_cart_key';

const VALUE = /^[A-Za-z0-9_-]{43}$/;

function cookieName(config: Pick<Config, 'PUBLIC_BASE_URL' | 'PUBLIC_BASE_URLS'>): string {
  return publicOriginIsHttps(config) ? `__Host-${GUEST_KEY_COOKIE}` : GUEST_KEY_COOKIE;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The digest of the request's guest credential, or null without a well-formed one. */
export function guestKeyOf(request: FastifyRequest, config: Pick<Config, 'PUBLIC_BASE_URL' | 'PUBLIC_BASE_URLS'>): Buffer | null {
  const value = request.cookies?.[cookieName(config)];
  return value && VALUE.test(value) ? digest(value) : null;
}

/**
 * The browser's guest credential for a new cart: the one it already carries (so its carts in other
 * store views stay its own), else a new one. The cookie is (re)set either way, so it lives as long
 * as a guest cart may.
 */
export function issueGuestKey(
  request: FastifyRequest, reply: FastifyReply | undefined, config: Pick<Config, 'PUBLIC_BASE_URL' | 'PUBLIC_BASE_URLS' | 'CART_GUEST_LIFETIME_DAYS'>,
): Buffer | null {
  if (!reply) return null;
  const name = cookieName(config);
  const carried = request.cookies?.[name];
  const value = carried && VALUE.test(carried) ? carried : randomBytes(32).toString('base64url');
  reply.setCookie(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: name.startsWith('__Host-'),
    path: '/',
    maxAge: (config.CART_GUEST_LIFETIME_DAYS || 365) * 86_400,
  });
  return digest(value);
}
