import type { FastifyInstance } from 'fastify';
import { runWhileUp } from '../../platform/jobs.js';
import { inTransaction } from '../../platform/transaction.js';

/** Off in tests unless SEARCH_JOBS asks, so concurrently running test apps do not share the work. */
export function isSearchJobEnabled(config: { NODE_ENV: string; SEARCH_JOBS?: boolean }): boolean {
  return config.SEARCH_JOBS ?? config.NODE_ENV !== 'test';
}

/** Rebuilds the sources whose owners changed data since the last run: one locking read when none did. */
export async function runSearchJob(app: FastifyInstance): Promise<string[]> {
  const rebuilt = await inTransaction(app.db, (tx) => app.services.search.rebuild(tx));
  if (rebuilt.length) app.log.info({ sources: rebuilt }, 'search index rebuilt');
  return rebuilt;
}

export async function searchJobsPlugin(app: FastifyInstance): Promise<void> {
  runWhileUp(app, { name: 'search job', enabled: isSearchJobEnabled(app.config), intervalMs: app.config.SEARCH_JOB_INTERVAL_MS, run: () => runSearchJob(app) });
}
