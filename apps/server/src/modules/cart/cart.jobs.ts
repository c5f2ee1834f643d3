import type { FastifyInstance } from 'fastify';
import { runWhileUp } from '../../platform/jobs.js';
import { transactionsOn } from '../../platform/transaction.js';

/** How often abandoned guest carts are looked for: one indexed query when none is due. */
export const CART_JOB_INTERVAL_MS = 5 * 60_000;

/** Off in tests unless CART_JOBS asks, so concurrently running test apps do not share the work. */
export function isCartJobEnabled(config: { NODE_ENV: string; CART_JOBS?: boolean }): boolean {
  return config.CART_JOBS ?? config.NODE_ENV !== 'test';
}

/** One run of the cart job: guest carts untouched for CART_GUEST_LIFETIME_DAYS are deleted. */
export async function runCartJobs(app: FastifyInstance): Promise<void> {
  const days = app.config.CART_GUEST_LIFETIME_DAYS;
  if (days === 0) return;
  const deleted = await app.services.cart.deleteUntouchedGuestCarts(transactionsOn(app.db), days);
  if (deleted) app.log.info({ deleted }, 'deleted abandoned guest carts');
}

/** Runs the cart job while the app is up. */
export async function cartJobsPlugin(app: FastifyInstance): Promise<void> {
  runWhileUp(app, { name: 'cart job', enabled: isCartJobEnabled(app.config), intervalMs: CART_JOB_INTERVAL_MS, run: () => runCartJobs(app) });
}
