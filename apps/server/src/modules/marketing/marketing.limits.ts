import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { enforce, type RateLimiter } from '../../platform/rate-limit.js';
import { clientIp } from '../../platform/rest.js';

const HOUR = 3_600_000;

/** An address in a counter's key: hashed, so no address rests in the limiter's store (Redis). */
const keyOf = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

/**
 * Budgets of the newsletter's public calls. A sign-up counts per client address (scaled by
 * RATE_LIMIT_IP_FACTOR) and per e-mail address, so nobody fills a mailbox with confirmation e-mails;
 * the links count per client address, so tokens cannot be tried in bulk. Every address has the same
 * budget, whether it is subscribed or not: a refusal tells nothing about it.
 */
export function marketingLimits(limiter: RateLimiter, ipFactor: number) {
  return {
    subscribe: (request: FastifyRequest, email: string) => enforce(limiter, [
      { key: `newsletter:ip:${clientIp(request)}`, limit: Math.round(20 * ipFactor), windowMs: HOUR },
      { key: `newsletter:email:${keyOf(email)}`, limit: 10, windowMs: HOUR },
    ]),
    link: (request: FastifyRequest) => enforce(limiter, [{ key: `newsletter-link:ip:${clientIp(request)}`, limit: Math.round(60 * ipFactor), windowMs: HOUR }]),
    account: (request: FastifyRequest) => enforce(limiter, [{ key: `newsletter-account:ip:${clientIp(request)}`, limit: Math.round(60 * ipFactor), windowMs: HOUR }]),
  };
}
