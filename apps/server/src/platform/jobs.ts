import type { FastifyInstance } from 'fastify';

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
      worker = startIntervalWorker(job.run, { intervalMs: job.intervalMs, onError: (err) => app.log.error({ err }, `${job.name} run failed`) });
    });
  }
  app.addHook('onClose', async () => {
    await worker?.stop();
    await job.afterStop?.();
  });
}
