import { createHash } from 'node:crypto';
import type { ThrottleStore } from './throttle-store.ts';

export const signInThrottleRules = {
  /** Failed sign-ins in a row that start the back-off. */
  maxFailures: 5,
  /** A streak is forgotten after this long without a failure (and once any lock is over). */
  windowMs: 15 * 60_000,
  firstLockMs: 60_000,
  maxLockMs: 15 * 60_000,
};

interface Streak {
  failures: number;
  lastFailureAt: number;
}

export type SignInOutcome = 'success' | 'failure' | 'untested';

export type SignInAttempt =
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: true; settle: (outcome: SignInOutcome) => Promise<void> };

export interface SignInThrottle {
  /** Call before checking a password; settle the attempt with what the check found. */
  begin(email: string): Promise<SignInAttempt>;
}

/** 1, 2, 4, 8, then 15 minutes: the lock after the n-th failure in a row. */
function lockMs(failures: number): number {
  const { maxFailures, firstLockMs, maxLockMs } = signInThrottleRules;
  if (failures < maxFailures) return 0;
  return Math.min(maxLockMs, firstLockMs * 2 ** (failures - maxFailures));
}

/** A streak ends once its lock is over and the window has passed without another failure. */
const endOf = (streak: Streak) =>
  streak.lastFailureAt + lockMs(streak.failures) + signInThrottleRules.windowMs;

/** How long the store must keep a streak at most; the rules above decide when it has ended. */
const storeTtlMs = signInThrottleRules.maxLockMs + signInThrottleRules.windowMs;

/** The store sees a hash, not the address: it may live in Redis. */
const keyOf = (email: string) =>
  `sign-in:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/**
 * Counts failed sign-ins per e-mail address, whoever sends them, and whether or not the address
 * has an account: an unknown address gets the same answers. The attempt counts as a failure
 * from the start, so many guesses sent at once cannot slip through before the first answer.
 */
export function createSignInThrottle(
  store: ThrottleStore,
  now: () => number = () => Date.now(),
): SignInThrottle {
  return {
    async begin(email) {
      const key = keyOf(email);
      let retryAfterMs = 0;
      await store.update<Streak>(
        key,
        (stored) => {
          // A shared store may call this again when another server changed the streak meanwhile.
          retryAfterMs = 0;
          const at = now();
          const streak = stored && at < endOf(stored) ? stored : undefined;
          const lockedUntil = streak ? streak.lastFailureAt + lockMs(streak.failures) : 0;
          if (streak && at < lockedUntil) {
            retryAfterMs = lockedUntil - at;
            return streak;
          }
          return { failures: (streak?.failures ?? 0) + 1, lastFailureAt: at };
        },
        storeTtlMs,
      );
      if (retryAfterMs > 0) {
        return { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
      }
      return {
        allowed: true,
        async settle(outcome) {
          // A failure was counted when the attempt began.
          if (outcome === 'failure') return;
          await store.update<Streak>(
            key,
            (streak) =>
              outcome === 'success' || !streak || streak.failures <= 1
                ? undefined
                : { ...streak, failures: streak.failures - 1 },
            storeTtlMs,
          );
        },
      };
    },
  };
}
