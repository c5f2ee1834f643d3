import type { FastifyInstance } from 'fastify';
import { runWhileUp } from '../../platform/jobs.js';
import { transactionsOn } from '../../platform/transaction.js';

/** How often unpaid orders are looked for: one indexed query when none is due. */
export const ORDERS_JOB_INTERVAL_MS = 5_000;

/** Off in tests unless ORDERS_JOBS asks, so concurrently running test apps do not share the work. */
export function isOrdersJobEnabled(config: { NODE_ENV: string; ORDERS_JOBS?: boolean }): boolean {
  return config.ORDERS_JOBS ?? config.NODE_ENV !== 'test';
}

/** One run of the orders jobs: orders left waiting for payment past ORDERS_PAYMENT_EXPIRY_MINUTES (a guest's: _GUEST_MINUTES) are cancelled. */
export async function runOrderJobs(app: FastifyInstance): Promise<void> {
  const minutes = app.config.ORDERS_PAYMENT_EXPIRY_MINUTES;
  if (minutes === 0) return;
  // 0 for guests means "as customers".
  const guestMinutes = app.config.ORDERS_PAYMENT_EXPIRY_GUEST_MINUTES || minutes;
  const report = await app.services.orders.expireUnpaidOrders(transactionsOn(app.db), { olderThanMinutes: minutes, guestOlderThanMinutes: guestMinutes });
  if (report.canceled.length) app.log.info({ orders: report.canceled }, 'cancelled orders left unpaid');
  if (report.kept.length) app.log.warn({ orders: report.kept }, 'unpaid orders hold captured money: left for an operator');
  for (const f of report.failed) app.log.error({ err: f.error, order: f.entity_id }, 'cancelling an unpaid order failed');
}

/** Runs the orders jobs while the app is up; closing the app waits for the run in flight. */
export async function ordersJobsPlugin(app: FastifyInstance): Promise<void> {
  runWhileUp(app, { name: 'orders job', enabled: isOrdersJobEnabled(app.config), intervalMs: ORDERS_JOB_INTERVAL_MS, run: () => runOrderJobs(app) });
}
