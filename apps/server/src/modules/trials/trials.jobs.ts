import type { FastifyInstance } from 'fastify';
import { runWhileUp } from '../../platform/jobs.js';
import { runTrials } from '../../workflows/trial-lifecycle.js';

/** Off in tests unless TRIALS_JOBS asks, so concurrently running test apps do not share the work. */
export function isTrialsJobEnabled(config: { NODE_ENV: string; TRIALS_JOBS?: boolean }): boolean {
  return config.TRIALS_JOBS ?? config.NODE_ENV !== 'test';
}

/** One run of the trial job; what it did is logged without any customer's data. */
export async function runTrialJobs(app: FastifyInstance): Promise<void> {
  const { failed, ...counts } = await runTrials(app.db, app.services);
  if (Object.values(counts).some((n) => n > 0)) app.log.info({ trials: counts }, 'free trials');
  for (const f of failed) app.log.error({ err: f.error, trial: f.trial_id }, 'free trial run failed');
}

export async function trialsJobsPlugin(app: FastifyInstance): Promise<void> {
  // Every TRIALS_JOB_INTERVAL_MS: one indexed query per queue when nothing is due.
  runWhileUp(app, { name: 'trials job', enabled: isTrialsJobEnabled(app.config), intervalMs: app.config.TRIALS_JOB_INTERVAL_MS, run: () => runTrialJobs(app) });
}
