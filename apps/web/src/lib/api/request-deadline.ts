/** docs/behaviour.md#api-client: a request without an answer after 30 s fails, so nothing waits without an end. */
export const API_TIMEOUT_MS = 30_000;

export interface Deadline {
  /** Aborts once the time is up. */
  signal: AbortSignal;
  /** Whether it was the time that ended the request. */
  passed(): boolean;
  /** Stops the clock (the request has ended, or someone else's deadline takes over). */
  clear(): void;
}

/**
 * An abort signal that fires after `ms`. A setTimeout, not AbortSignal.timeout: fake timers
 * drive it in the unit tests, and the page's clock in the browser tests.
 */
export function deadlineIn(ms: number = API_TIMEOUT_MS): Deadline {
  const controller = new AbortController();
  let passed = false;
  const timer = setTimeout(() => {
    passed = true;
    controller.abort(new DOMException(`No answer within ${ms} ms`, 'TimeoutError'));
  }, ms);
  return {
    signal: controller.signal,
    passed: () => passed,
    clear: () => clearTimeout(timer),
  };
}
