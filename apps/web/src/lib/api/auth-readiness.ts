import type { Identity } from '../identity/identity.ts';

/** docs/behaviour.md#api-client: the first request waits at most 10 s for the session, later ones 5 s. */
export const AUTH_READY_MAX_MS = 10_000;
export const AUTH_READY_PER_REQUEST_MS = 5_000;

export interface AuthReadiness {
  /** Resolves on the identity's first state report, or when this wait's limit has passed. */
  wait(): Promise<void>;
  isReady(): boolean;
}

/** Waits for `promise`, but no longer than `ms`; the timer is cleared either way. */
async function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * docs/behaviour.md#auth-readiness: before the first request wait for the identity's first state report at most 10 s;
 * each later request waits at most 5 s. Then the request goes anyway: a 401 is recoverable,
 * a request that never leaves is not.
 */
export function createAuthReadiness(source: Pick<Identity, 'onAuthStateChanged'>): AuthReadiness {
  let ready = false;
  let firstReport: Promise<void> | null = null;
  let waitedOnce = false;

  function subscribe(): Promise<void> {
    firstReport ??= new Promise<void>((resolve) => {
      const settle = () => {
        ready = true;
        resolve();
      };
      source.onAuthStateChanged(settle, settle);
    });
    return firstReport;
  }

  return {
    async wait() {
      const report = subscribe();
      if (ready) return;
      const limit = waitedOnce ? AUTH_READY_PER_REQUEST_MS : AUTH_READY_MAX_MS;
      waitedOnce = true;
      await waitAtMost(report, limit);
    },
    isReady: () => ready,
  };
}
