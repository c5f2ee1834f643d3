import type { FastifyRequest } from 'fastify';
import { enforce, type RateLimiter } from '../../platform/rate-limit.js';
import { clientIp } from '../../platform/rest.js';

const HOUR = 3_600_000;

/**
 * Budgets of the quiz calls that score or write: a person takes the finder a few times, so a guest's
 * scoring counts per client address (scaled by RATE_LIMIT_IP_FACTOR) and a customer's kept
 * submissions per customer as well, so neither can be run in bulk.
 */
export function quizLimits(limiter: RateLimiter, ipFactor: number) {
  return {
    score: (request: FastifyRequest) => enforce(limiter, [{ key: `quiz-score:ip:${clientIp(request)}`, limit: Math.round(60 * ipFactor), windowMs: HOUR }]),
    submit: (request: FastifyRequest, userUuid: string) => enforce(limiter, [
      { key: `quiz-submit:user:${userUuid}`, limit: 30, windowMs: HOUR },
      { key: `quiz-submit:ip:${clientIp(request)}`, limit: Math.round(60 * ipFactor), windowMs: HOUR },
    ]),
  };
}
