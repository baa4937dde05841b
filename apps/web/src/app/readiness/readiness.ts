import type { HealthAnswer } from '../../lib/api/health.ts';

/**
 * The server-readiness gate without React (docs/behaviour.md#readiness-gate): what to say at each attempt,
 * how long to wait before the next one, and the retry loop itself with an injectable check,
 * so the rules are tested with fake timers and no DOM.
 */

export const readinessRules = {
  maxRetries: 5,
  baseDelayMs: 2_000,
  backoffFactor: 1.5,
  maxDelayMs: 10_000,
  progressPerAttempt: 20,
  maxProgress: 95,
  noticeFromAttempt: 2,
} as const;

export const startScreenTitle = 'Starting Foraging Journal';
export const wakeUpNotice =
  'First visit of the day? The server needs a moment to wake up from sleep mode to save resources.';
export const connectionIssue = {
  heading: 'Connection Issue',
  message: 'Server is taking longer than expected to start. Please refresh the page.',
  action: 'Refresh Page',
} as const;

const attemptMessages = [
  'Waking up the server...',
  'Server is starting up...',
  'Almost there...',
  'This is taking a bit longer than usual...',
] as const;

export function messageForAttempt(attempt: number): string {
  const index = Math.min(Math.max(0, attempt), attemptMessages.length - 1);
  return attemptMessages[index] ?? attemptMessages[3];
}

/** Wait after a failed attempt: 2000 ms × 1.5^attempt, capped at 10000 ms. */
export function delayForAttempt(attempt: number): number {
  const { baseDelayMs, backoffFactor, maxDelayMs } = readinessRules;
  return Math.min(baseDelayMs * backoffFactor ** attempt, maxDelayMs);
}

/** 20 % per attempt, capped at 95 % until the server answers (then 100). */
export function progressForAttempt(attempt: number): number {
  const { progressPerAttempt, maxProgress } = readinessRules;
  return Math.min(attempt * progressPerAttempt, maxProgress);
}

export function showsWakeUpNotice(attempt: number): boolean {
  return attempt >= readinessRules.noticeFromAttempt;
}

/**
 * `unreachable`: the last health check got no response at all (not even an error), so the
 * server cannot be reached, rather than being slow to start (docs/behaviour.md#offline-start).
 */
export type ReadinessState =
  | { phase: 'checking'; attempt: number; unreachable: boolean }
  | { phase: 'ready' }
  | { phase: 'failed'; attempt: number; unreachable: boolean };

/** What the start screen shows for a state. */
export interface ReadinessView {
  loading: boolean;
  message: string;
  progress: number;
  notice: boolean;
  failed: boolean;
}

export function viewFor(state: ReadinessState): ReadinessView {
  switch (state.phase) {
    case 'checking':
      return {
        loading: true,
        message: messageForAttempt(state.attempt),
        progress: progressForAttempt(state.attempt),
        notice: showsWakeUpNotice(state.attempt),
        failed: false,
      };
    case 'ready':
      return { loading: false, message: '', progress: 100, notice: false, failed: false };
    case 'failed':
      return {
        loading: false,
        message: connectionIssue.message,
        progress: progressForAttempt(state.attempt),
        notice: false,
        failed: true,
      };
  }
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** setTimeout-based, so fake timers drive it; an abort resolves it at once and clears the timer. */
export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

export interface WaitForServerOptions {
  /** The health check: 'up' when the server answered ok. A throw counts as no answer. */
  check: () => Promise<HealthAnswer>;
  /** Refreshes the signed-in user's identity token, if any; a failure is only logged. */
  refreshToken: () => Promise<void>;
  onState: (state: ReadinessState) => void;
  onReady: () => void;
  signal?: AbortSignal;
  sleep?: Sleep;
  logError?: (message: string, error: unknown) => void;
}

export type ReadinessOutcome = 'ready' | 'failed' | 'cancelled';

async function ask(check: () => Promise<HealthAnswer>): Promise<HealthAnswer> {
  try {
    return await check();
  } catch {
    return 'unreachable';
  }
}

/**
 * Attempt 0 plus up to 5 retries. On success: state 'ready' (loader hidden, progress 100),
 * then the token refresh, then onReady, in that order.
 */
export async function waitForServer(options: WaitForServerOptions): Promise<ReadinessOutcome> {
  const { check, refreshToken, onState, onReady, signal } = options;
  const pause = options.sleep ?? sleep;
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  let unreachable = false;
  for (let attempt = 0; ; attempt += 1) {
    if (signal?.aborted) return 'cancelled';
    onState({ phase: 'checking', attempt, unreachable });
    const answer = await ask(check);
    if (signal?.aborted) return 'cancelled';
    if (answer === 'up') {
      onState({ phase: 'ready' });
      try {
        await refreshToken();
      } catch (error) {
        logError('Failed to refresh the identity token after start-up', error);
      }
      if (signal?.aborted) return 'cancelled';
      onReady();
      return 'ready';
    }
    unreachable = answer === 'unreachable';
    if (attempt >= readinessRules.maxRetries) {
      onState({ phase: 'failed', attempt, unreachable });
      return 'failed';
    }
    await pause(delayForAttempt(attempt), signal);
  }
}
