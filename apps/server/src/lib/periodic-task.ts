/** A task run on a timer, at most one run at a time; what the sweepers share. */
export interface PeriodicTask {
  /** The run the timer started, while it runs (tests await it). */
  readonly running: Promise<unknown> | undefined;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function runPeriodically(
  run: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): PeriodicTask {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= run()
      .catch(onError)
      .finally(() => (running = undefined));
  }, intervalMs);
  // The timer alone must not keep the process alive.
  timer.unref();
  return {
    get running() {
      return running;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
