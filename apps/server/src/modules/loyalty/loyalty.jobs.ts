import type { FastifyInstance } from 'fastify';
import { runWhileUp } from '../../platform/jobs.js';
import { legacyLoyaltyRoutes, loyaltyRoutes } from './loyalty.routes.js';
import { transactionsOn } from '../../platform/transaction.js';

export const LOYALTY_JOB_INTERVAL_MS = 1000;

/** Off in tests unless LOYALTY_JOBS asks, so concurrently running test apps do not share the work. */
export function isLoyaltyJobEnabled(config: { NODE_ENV: string; LOYALTY_JOBS?: boolean }): boolean {
  return config.LOYALTY_JOBS ?? config.NODE_ENV !== 'test';
}

/**
 * One run of the loyalty jobs: order events reach loyalty and referral, undelivered order points
 * that have waited long enough become available, lapsed points expire.
 */
export async function runLoyaltyJobs(app: FastifyInstance): Promise<void> {
  const run = transactionsOn(app.db);
  await app.services.orders.deliverEvents(run);
  await app.services.loyalty.releaseDuePendingPoints(run);
  await app.services.loyalty.expirePoints(run);
}

/** Registers both loyalty families and the loyalty jobs. */
export async function loyaltyPlugin(app: FastifyInstance): Promise<void> {
  const { services, config } = app;
  await app.register(loyaltyRoutes, { prefix: '/api/loyalty', services });
  await app.register(legacyLoyaltyRoutes, { prefix: '/loyalty-legacy', services });
  runWhileUp(app, { name: 'loyalty job', enabled: isLoyaltyJobEnabled(config), intervalMs: LOYALTY_JOB_INTERVAL_MS, run: () => runLoyaltyJobs(app) });
}
