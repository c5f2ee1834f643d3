import type { FastifyInstance } from 'fastify';
import { runWhileUp } from '../../platform/jobs.js';
import { runRenewals } from '../../workflows/subscription-renewal.js';

/** Off in tests unless SUBSCRIPTIONS_JOBS asks, so concurrently running test apps do not share the work. */
export function isSubscriptionsJobEnabled(config: { NODE_ENV: string; SUBSCRIPTIONS_JOBS?: boolean }): boolean {
  return config.SUBSCRIPTIONS_JOBS ?? config.NODE_ENV !== 'test';
}

/** One run of the renewal job; what it did is logged without any customer's data. */
export async function runSubscriptionJobs(app: FastifyInstance): Promise<void> {
  const report = await runRenewals(app.db, app.services, {
    unsettledAfterSeconds: app.config.SUBSCRIPTIONS_UNSETTLED_AFTER_S, concurrency: app.config.SUBSCRIPTIONS_JOB_CONCURRENCY,
  });
  const { failed, ...counts } = report;
  if (Object.values(counts).some((n) => n > 0)) app.log.info({ renewals: counts }, 'subscription renewals');
  for (const f of failed) app.log.error({ err: f.error, subscription: f.subscription_id }, 'subscription renewal failed');
}

export async function subscriptionsJobsPlugin(app: FastifyInstance): Promise<void> {
  // Every SUBSCRIPTIONS_JOB_INTERVAL_MS: one indexed query per queue when nothing is due.
  runWhileUp(app, { name: 'subscriptions job', enabled: isSubscriptionsJobEnabled(app.config), intervalMs: app.config.SUBSCRIPTIONS_JOB_INTERVAL_MS, run: () => runSubscriptionJobs(app) });
}
