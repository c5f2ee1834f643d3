import { ConsoleDashboardSchema } from '@ember/contracts';
import type { FastifyInstance } from 'fastify';
import { placedSince, waitingForPayment } from '../modules/orders/orders.console.store.js';
import type { Db } from '../platform/db.js';
import { restScope } from '../platform/rest.js';
import type { Services } from '../services.js';
import { ageChecksWaiting } from '../modules/age-verification/age-verification.store.js';
import { lowStock } from '../modules/catalog/catalog.inventory.js';
import { storeViewClocks } from '../modules/store/store.store.js';

/** Stock at or below this many units shows on the dashboard (the products' own thresholds are lower). */
export const DASHBOARD_LOW_STOCK = 10;

/**
 * `GET /admin/dashboard` (docs/decisions/0076): today's orders and revenue per store view, counted
 * from midnight in the store view's own time zone (store_view.timezone) in its currency; payments
 * and age checks waiting; the 20 products lowest in stock; this instance's failed background jobs;
 * the messaging outbox's depth.
 */
export async function dashboardRoutes(scope: FastifyInstance, opts: { services: Services; db: Db }) {
  const app = restScope(scope);
  const { services, db } = opts;

  app.get('/dashboard', { schema: { tags: ['console'], response: { 200: ConsoleDashboardSchema } } }, async (request) => {
    await services.operators.authorize(request, 'dashboard:read');
    const clocks = await storeViewClocks(db);
    const [placed, payments, ageChecks, stock, outbox] = await Promise.all([
      placedSince(db, clocks.map((c) => ({ store_code: c.code, since: new Date(c.midnight) }))),
      waitingForPayment(db),
      ageChecksWaiting(db),
      lowStock(db, DASHBOARD_LOW_STOCK, 20),
      services.messaging.pendingSummary(),
    ]);
    const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
    return {
      generated_at: new Date().toISOString(),
      today: clocks.map((c) => {
        const mine = placed.filter((p) => p.store_code === c.code);
        // A store view sells in its base currency; an order in another one (none today) would not add up, so only the base is summed.
        const base = mine.find((p) => p.currency === c.currency);
        return {
          store_code: c.code, timezone: c.timezone, since: new Date(c.midnight).toISOString(),
          orders: mine.reduce((n, p) => n + p.orders, 0), revenue: { amount: base?.revenue ?? 0, currency: c.currency },
        };
      }),
      payments_waiting: { count: payments.count, oldest_at: iso(payments.oldest_at) },
      age_checks_waiting: { count: ageChecks.count, oldest_at: iso(ageChecks.oldest_at) },
      low_stock: stock,
      failed_jobs: (app.jobStats?.list() ?? []).filter((j) => j.failures > 0)
        .map((j) => ({ name: j.name, failures: j.failures, last_ended_at: new Date(j.lastEndedAt).toISOString() })),
      outbox: { pending: outbox.pending, oldest_seconds: outbox.oldestSeconds },
    };
  });
}
