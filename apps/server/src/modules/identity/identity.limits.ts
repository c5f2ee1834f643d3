import type { FastifyRequest } from 'fastify';
import { enforce, type Budget, type RateLimiter } from '../../platform/rate-limit.js';
import { clientIp } from '../../platform/rest.js';

const MIN = 60_000;
const HOUR = 3_600_000;

/**
 * The attempt budgets of every account action, in one place for both families (docs/decisions/0005).
 * Per-IP budgets scale with RATE_LIMIT_IP_FACTOR; per-account and per-target budgets never do.
 */
export function accountLimits(limiter: RateLimiter, ipFactor: number) {
  const ip = (request: FastifyRequest, action: string, limit: number, windowMs: number): Budget => ({
    key: `${action}:ip:${clientIp(request)}`, limit: Math.round(limit * ipFactor), windowMs,
  });
  return {
    register: (request: FastifyRequest) => enforce(limiter, [ip(request, 'register', 10, HOUR)]),
    login: (request: FastifyRequest, email: string) =>
      enforce(limiter, [ip(request, 'login', 30, 10 * MIN), { key: `login:id:${email}`, limit: 10, windowMs: 15 * MIN }]),
    forgotPassword: (request: FastifyRequest, email: string) =>
      enforce(limiter, [ip(request, 'forgot', 10, HOUR), { key: `forgot:id:${email}`, limit: 3, windowMs: HOUR }]),
    resetPassword: (request: FastifyRequest) => enforce(limiter, [ip(request, 'reset', 20, HOUR)]),
    changePassword: (uuid: string) => enforce(limiter, [{ key: `change-password:${uuid}`, limit: 10, windowMs: HOUR }]),
    // The current password asked before an e-mail or phone change, an export or a cancellation: one
    // budget for all of them, so a stolen session cannot guess the password freely through any.
    reauthenticate: (uuid: string) => enforce(limiter, [{ key: `reauth:${uuid}`, limit: 10, windowMs: HOUR }]),
    dataExport: (uuid: string) => enforce(limiter, [{ key: `dsar:${uuid}`, limit: 10, windowMs: HOUR }]),
    contactCheck: (request: FastifyRequest) => enforce(limiter, [ip(request, 'verify-contact', 20, HOUR)]),
    walletLink: (uuid: string) => enforce(limiter, [{ key: `wallet-link:${uuid}`, limit: 30, windowMs: HOUR }]),
    walletPass: (request: FastifyRequest) => enforce(limiter, [ip(request, 'wallet-pass', 120, HOUR)]),
    resendRegistrationCode: (request: FastifyRequest, uuid: string) =>
      enforce(limiter, [ip(request, 'register-resend', 20, HOUR), { key: `register-resend:${uuid}`, limit: 5, windowMs: HOUR }]),
    verifiedPhoneCheck: (uuid: string) => enforce(limiter, [{ key: `verified-phone:${uuid}`, limit: 30, windowMs: HOUR }]),
  };
}

export type AccountLimits = ReturnType<typeof accountLimits>;
