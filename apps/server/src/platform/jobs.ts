import type { FastifyInstance } from 'fastify';
import type {} from './observability/error-reporter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs' run times, for the metrics (set by platform/observability). */
    jobStats?: JobStats;
  }
}

/** One background job's schedule and its last run, as the metrics read them. */
export interface JobStat {
  readonly name: string;
  readonly intervalMs: number;
  /** When the last run ended (or the job was scheduled, before its first run), in epoch ms. */
  lastEndedAt: number;
  lastDurationMs: number | null;
  failures: number;
  time<T>(run: () => Promise<T>): Promise<T>;
}

/** The app's background jobs, each with the timing of its last run. */
export class JobStats {
  private readonly jobs = new Map<string, JobStat>();

  track(name: string, intervalMs: number): JobStat {
    const stat: JobStat = {
      name,
      intervalMs,
      lastEndedAt: Date.now(),
      lastDurationMs: null,
      failures: 0,
      async time<T>(run: () => Promise<T>): Promise<T> {
        const started = Date.now();
        try {
          return await run();
        } catch (err) {
          stat.failures++;
          throw err;
        } finally {
          stat.lastEndedAt = Date.now();
          stat.lastDurationMs = stat.lastEndedAt - started;
        }
      },
    };
    this.jobs.set(name, stat);
    return stat;
  }

  list(): JobStat[] {
    return [...this.jobs.values()];
  }
}

export interface IntervalWorker {
  /** Stops scheduling runs and waits for the one in flight, if any. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `intervalMs`, never two runs at once (the next run is scheduled when the last
 * one ends). The timer does not keep the process alive; errors are reported and the loop goes on.
 */
export function startIntervalWorker(
  work: () => Promise<unknown>,
  opts: { intervalMs: number; onError: (err: unknown) => void },
): IntervalWorker {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, opts.intervalMs);
    timer.unref();
  };
  const run = () => {
    timer = null;
    inFlight = work()
      .then(() => undefined, opts.onError)
      .finally(() => {
        inFlight = null;
        schedule();
      });
  };

  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
  };
}

/**
 * Runs a background job of the app while it is up: from `onReady` when `enabled`, every
 * `intervalMs`; closing the app waits for the run in flight, then calls `afterStop`. A failed run
 * is logged under `name`.
 */
export function runWhileUp(
  app: FastifyInstance,
  job: { name: string; enabled: boolean; intervalMs: number; run: () => Promise<unknown>; afterStop?: () => Promise<void> },
): void {
  let worker: IntervalWorker | null = null;
  if (job.enabled) {
    app.addHook('onReady', async () => {
      // Each run is timed for the metrics' job lag (platform/observability/metrics.ts).
      const stat = app.jobStats?.track(job.name, job.intervalMs);
      const run = stat ? () => stat.time(job.run) : job.run;
      worker = startIntervalWorker(run, {
        intervalMs: job.intervalMs,
        onError: (err) => {
          app.log.error({ err }, `${job.name} run failed`);
          app.errorReporter?.report(err, { source: 'job', extra: { job: job.name } });
        },
      });
    });
  }
  app.addHook('onClose', async () => {
    await worker?.stop();
    await job.afterStop?.();
  });
}
