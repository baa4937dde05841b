import type { BetterAuthRateLimitOptions } from 'better-auth';
import type { SharedRedis } from '../plugins/redis.ts';

export type RateLimitStorage = NonNullable<BetterAuthRateLimitOptions['customStorage']>;
type Rule = Parameters<RateLimitStorage['consume']>[1];

/** One step: count the request, start the window on the first, answer the count and time left. */
const consumeScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/** Keys spread over many made-up addresses must not grow the fallback without end. */
const fallbackMaxKeys = 100_000;

/**
 * better-auth's per-client limits (sign-in, sign-up, resets, session reads) counted in Redis, so
 * a client spreading its attempts over several servers meets one budget. A window is fixed, not
 * rolling: it starts with the client's first request and the count resets when it ends.
 * While Redis cannot answer, this server counts alone in memory rather than letting every
 * attempt through.
 */
export function createRedisRateLimitStorage(
  redis: SharedRedis,
  now: () => number = () => Date.now(),
): RateLimitStorage {
  const fallback = new Map<string, { count: number; endsAt: number }>();

  function consumeInMemory(key: string, rule: Rule) {
    const at = now();
    let slot = fallback.get(key);
    if (!slot || slot.endsAt <= at) {
      if (fallback.size >= fallbackMaxKeys) fallback.clear();
      slot = { count: 0, endsAt: at + rule.window * 1000 };
      fallback.set(key, slot);
    }
    slot.count += 1;
    return slot.count <= rule.max
      ? { allowed: true, retryAfter: null }
      : { allowed: false, retryAfter: Math.ceil((slot.endsAt - at) / 1000) };
  }

  return {
    async consume(key, rule) {
      let answer: unknown;
      try {
        answer = await redis.client.eval(
          consumeScript,
          1,
          redis.name(`auth-rate:${key}`),
          rule.window * 1000,
        );
      } catch {
        // The connection's own error event has logged the outage once.
        return consumeInMemory(key, rule);
      }
      const [count, ttlMs] = Array.isArray(answer) ? answer.map(Number) : [NaN, NaN];
      if (!(count !== undefined && count <= rule.max)) {
        const seconds = ttlMs !== undefined && ttlMs > 0 ? Math.ceil(ttlMs / 1000) : rule.window;
        return { allowed: false, retryAfter: seconds };
      }
      return { allowed: true, retryAfter: null };
    },
  };
}
