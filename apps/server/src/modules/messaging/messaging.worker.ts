export interface DeliveryWorker {
  /** Stops scheduling runs and waits for the one in flight, if any. */
  stop(): Promise<void>;
}

/**
 * Runs `deliver` every `intervalMs`, never two runs at once (the next run is scheduled when the last
 * one ends). The timer does not keep the process alive; errors are reported and the loop goes on.
 */
export function startDeliveryWorker(
  deliver: () => Promise<unknown>,
  opts: { intervalMs: number; onError: (err: unknown) => void },
): DeliveryWorker {
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
    inFlight = deliver()
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
