import type { FastifyRequest } from 'fastify';
import { enforce, type RateLimiter } from '../../platform/rate-limit.js';
import { clientIp } from '../../platform/rest.js';

const HOUR = 3_600_000;

/**
 * Budgets of the public lead calls, per client address (scaled by RATE_LIMIT_IP_FACTOR): a link is
 * opened a few times by one person, and a promoter's tool asks after its leads' purchases now and then.
 * Every call counts, so neither links nor lead ids can be tried in bulk.
 */
export function leadLimits(limiter: RateLimiter, ipFactor: number) {
  return {
    validate: (request: FastifyRequest) => enforce(limiter, [{ key: `lead-link:ip:${clientIp(request)}`, limit: Math.round(20 * ipFactor), windowMs: HOUR }]),
    purchases: (request: FastifyRequest) => enforce(limiter, [{ key: `lead-purchases:ip:${clientIp(request)}`, limit: Math.round(120 * ipFactor), windowMs: HOUR }]),
  };
}
