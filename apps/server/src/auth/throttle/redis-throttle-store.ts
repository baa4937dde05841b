import type { SharedRedis } from '../../plugins/redis.ts';
import { createMemoryThrottleStore, type ThrottleStore } from './throttle-store.ts';

/**
 * Replaces the value only if it is still the one read (both absent counts as the same), with
 * its time to live; undefined (no ARGV[2]) removes it. 1 when written, 0 when another server
 * changed it in between.
 */
const compareAndSetScript = `
local current = redis.call('GET', KEYS[1])
if (current or '') ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1])
else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1`;

/** A change raced by other servers this often in a row is given up: the attempt counts locally. */
const maxAttempts = 8;

/**
 * The guessing throttles' counts (sign-in back-off, reset-mail cap) in Redis, so that several
 * servers count one address together. The change is a JavaScript function, so each update reads
 * the value and writes the changed one only if nobody changed it meanwhile (compare and set in
 * Lua), reading again when somebody did. While Redis cannot answer in time, this server counts in
 * memory.
 */
export function createRedisThrottleStore(redis: SharedRedis): ThrottleStore {
  const fallback = createMemoryThrottleStore();
  return {
    async update<T>(key: string, change: (current: T | undefined) => T | undefined, ttlMs: number) {
      const name = redis.name(`throttle:${key}`);
      try {
        for (let attempt = 0; attempt < maxAttempts; attempt++) {
          const stored = await redis.command((client) => client.get(name));
          const current = stored === null ? undefined : (JSON.parse(stored) as T);
          const next = change(current);
          const written = await redis.command((client) =>
            client.eval(
              compareAndSetScript,
              1,
              name,
              stored ?? '',
              next === undefined ? '' : JSON.stringify(next),
              String(Math.max(1, Math.ceil(ttlMs))),
            ),
          );
          if (written === 1) return next;
        }
      } catch {
        // Down, hung or degraded: plugins/redis.ts has logged the outage once.
      }
      return fallback.update(key, change, ttlMs);
    },
  };
}
