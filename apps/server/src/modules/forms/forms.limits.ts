import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { enforce, type RateLimiter } from '../../platform/rate-limit.js';
import { clientIp } from '../../platform/rest.js';

const HOUR = 3_600_000;

/**
 * Form budgets: per client address (scaled by RATE_LIMIT_IP_FACTOR) against floods, and per
 * acknowledgement address (never scaled) so the form cannot be used to mail-bomb someone.
 */
export function formLimits(limiter: RateLimiter, ipFactor: number) {
  return {
    submit: (request: FastifyRequest, recipient: string | null) =>
      enforce(limiter, [
        { key: `forms:ip:${clientIp(request)}`, limit: Math.round(10 * ipFactor), windowMs: HOUR },
        ...(recipient
          ? [{ key: `forms:to:${createHash('sha256').update(recipient).digest('base64url').slice(0, 22)}`, limit: 5, windowMs: HOUR }]
          : []),
      ]),
  };
}

export type FormLimits = ReturnType<typeof formLimits>;
