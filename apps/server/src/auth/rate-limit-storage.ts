import type { BetterAuthRateLimitOptions } from 'better-auth';
import { createWindowCounts } from '../lib/window-counts.ts';
import type { SharedRedis } from '../plugins/redis.ts';

export type RateLimitStorage = NonNullable<BetterAuthRateLimitOptions['customStorage']>;

/**
 * better-auth's per-client limits (sign-in, sign-up, resets, session reads), counted by this app
 * rather than in better-auth's own memory store, which is one map for the whole process. With
 * Redis (several servers) the counts are shared, so a client spreading its attempts over several
 * servers meets one budget; while Redis cannot answer in time, or without it, this server counts
 * alone in memory (lib/window-counts.ts). A window is fixed, not rolling: it starts with the
 * client's first request and the count resets when it ends.
 */
export function createRateLimitStorage(
  redis: SharedRedis | null,
  now: () => number = () => Date.now(),
): RateLimitStorage {
  const counts = createWindowCounts(redis, 'auth-rate:', now);
  return {
    async consume(key, rule) {
      const { count, ttlMs } = await counts.add(key, rule.window * 1000);
      return count <= rule.max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.ceil(ttlMs / 1000) };
    },
  };
}
