import type { FastifyRequest } from 'fastify';
import { enforce, refuseWhenSpent, type Budget, type RateLimiter } from '../../platform/rate-limit.js';
import { clientIp } from '../../platform/rest.js';

const HOUR = 3_600_000;

/**
 * Attempt budgets of the device calls (docs/decisions/0046): every registration or code check counts
 * per IP and per account; wrong codes have a smaller budget of their own, and once it is spent every
 * further attempt is refused before any lookup, so a right guess cannot be told from a wrong one.
 * Per-IP budgets scale with RATE_LIMIT_IP_FACTOR; per-account budgets never do.
 */
export function deviceLimits(limiter: RateLimiter, ipFactor: number) {
  const ip = (request: FastifyRequest, action: string, limit: number): Budget => ({
    key: `${action}:ip:${clientIp(request)}`, limit: Math.round(limit * ipFactor), windowMs: HOUR,
  });
  const account = (action: string, uuid: string | null, limit: number): Budget[] => (uuid ? [{ key: `${action}:${uuid}`, limit, windowMs: HOUR }] : []);
  const wrong = (request: FastifyRequest, uuid: string | null) => [ip(request, 'device-wrong', 20), ...account('device-wrong', uuid, 10)];
  return {
    /** Before a registration or a code check: refused when wrong codes are spent, counted otherwise. */
    attempt: async (request: FastifyRequest, uuid: string | null) => {
      await refuseWhenSpent(limiter, wrong(request, uuid));
      await enforce(limiter, [ip(request, 'device-attempt', 60), ...account('device-attempt', uuid, 60)]);
    },
    /** After a code the registry does not know (406): counted against the wrong-code budgets. */
    wrongCode: async (request: FastifyRequest, uuid: string | null) => {
      for (const b of wrong(request, uuid)) await limiter.hit(b);
    },
    /** Guest calls name an external id that acts as the guest's key: bounded per IP. */
    guest: (request: FastifyRequest) => enforce(limiter, [ip(request, 'device-guest', 30)]),
  };
}

export type DeviceLimits = ReturnType<typeof deviceLimits>;
