import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** Compares a presented bearer token with the configured one in constant time (digests hide the length too). */
export function isAdminToken(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Refuses a request to an operator endpoint (/admin/...) that does not carry ADMIN_TOKEN as its bearer. */
export function requireAdmin(request: FastifyRequest, token: string): void {
  const auth = request.headers.authorization;
  const presented = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
  if (!isAdminToken(presented, token)) throw new AppError('UNAUTHORISED', 'Operator token missing or wrong');
}
