import type { Redis } from 'ioredis';

/** What the counts need of the shared Redis (plugins/redis.ts): its commands and key names. */
interface CountsRedis {
  command<T>(run: (client: Redis) => Promise<T>): Promise<T>;
  name(suffix: string): string;
}

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Until the window ends. */
  ttlMs: number;
}

export interface WindowCounts {
  /** Counts one more request for key; the window starts with the key's first request. */
  add(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's count in its current window, without counting (0 when none is open). */
  current(key: string): Promise<number>;
}

/** One step: count the request, start the window on the first, answer the count and time left. */
const addScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/** Keys spread over many made-up addresses must not grow the memory counts without end. */
const memoryMaxKeys = 100_000;

/**
 * Fixed-window request counts per key (a client, a route): the rate limits' counters. A window is
 * fixed, not rolling: it starts with the key's first request and the count resets when it ends.
 * With Redis (several servers), every server counts one key together; whenever Redis cannot
 * answer in time (docs/deploy.md#redis) this server counts alone in memory instead, so a limit
 * still holds per server and no request waits. Its keys live under `redisKeyPrefix`.
 */
export function createWindowCounts(
  redis: CountsRedis | null,
  redisKeyPrefix: string,
  now: () => number = () => Date.now(),
): WindowCounts {
  const memory = new Map<string, { count: number; endsAt: number }>();

  function addInMemory(key: string, windowMs: number): WindowCount {
    const at = now();
    let slot = memory.get(key);
    if (!slot || slot.endsAt <= at) {
      if (memory.size >= memoryMaxKeys) memory.clear();
      slot = { count: 0, endsAt: at + windowMs };
      memory.set(key, slot);
    }
    slot.count += 1;
    return { count: slot.count, ttlMs: slot.endsAt - at };
  }

  function currentInMemory(key: string): number {
    const slot = memory.get(key);
    return slot && slot.endsAt > now() ? slot.count : 0;
  }

  return {
    async current(key) {
      if (!redis) return currentInMemory(key);
      try {
        const value = await redis.command((client) =>
          client.get(redis.name(`${redisKeyPrefix}${key}`)),
        );
        return Math.max(Number(value ?? 0) || 0, currentInMemory(key));
      } catch {
        return currentInMemory(key);
      }
    },
    async add(key, windowMs) {
      if (!redis) return addInMemory(key, windowMs);
      let answer: unknown;
      try {
        answer = await redis.command((client) =>
          client.eval(addScript, 1, redis.name(`${redisKeyPrefix}${key}`), windowMs),
        );
      } catch {
        // Down, hung or degraded: plugins/redis.ts has logged the outage once.
        return addInMemory(key, windowMs);
      }
      const [count, ttlMs] = Array.isArray(answer) ? answer.map(Number) : [];
      if (count === undefined || !Number.isFinite(count)) return addInMemory(key, windowMs);
      return { count, ttlMs: ttlMs !== undefined && ttlMs > 0 ? ttlMs : windowMs };
    },
  };
}
