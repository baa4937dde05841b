// When Redis counts as degraded, and when it answers again (plugins/redis-health.ts), on a fake
// clock. The PING stands in for ioredis' own: a hung Redis makes it reject after the command
// time-out, a closed connection at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { redisCommandTimeoutMs } from '../src/plugins/redis.ts';
import {
  redisHeartbeatMs,
  watchRedisHealth,
  type RedisHealth,
} from '../src/plugins/redis-health.ts';

type Redis = 'answers' | 'hung' | 'closed';

function watch(state: { redis: Redis }) {
  const outages: unknown[] = [];
  let recoveries = 0;
  const health = watchRedisHealth({
    ping() {
      if (state.redis === 'answers') return Promise.resolve('PONG');
      if (state.redis === 'closed')
        return Promise.reject(new Error("Stream isn't writeable and enableOfflineQueue is false"));
      return new Promise((_resolve, reject) =>
        setTimeout(() => reject(new Error('Command timed out')), redisCommandTimeoutMs),
      );
    },
    onOutage: (error) => outages.push(error),
    onRecovered: () => (recoveries += 1),
  });
  return {
    health,
    outages,
    get recoveries() {
      return recoveries;
    },
  };
}

describe('the Redis health watch', () => {
  let stop: RedisHealth['stop'] | undefined;
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });

  it('is degraded within a heartbeat and a time-out of Redis hanging, and says so once', async () => {
    const state: { redis: Redis } = { redis: 'answers' };
    const w = watch(state);
    stop = w.health.stop;
    await vi.advanceTimersByTimeAsync(3 * redisHeartbeatMs);
    expect(w.health.degraded).toBe(false);

    state.redis = 'hung';
    await vi.advanceTimersByTimeAsync(redisHeartbeatMs + redisCommandTimeoutMs);
    expect(w.health.degraded).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * redisHeartbeatMs);
    expect(w.health.degraded).toBe(true);
    expect(w.outages).toHaveLength(1);
    expect(String(w.outages[0])).toContain('Command timed out');
    expect(w.recoveries).toBe(0);
  });

  it('answers again with the first PING answered, and calls the catch-up once', async () => {
    const state: { redis: Redis } = { redis: 'hung' };
    const w = watch(state);
    stop = w.health.stop;
    await vi.advanceTimersByTimeAsync(5 * redisHeartbeatMs);
    expect(w.health.degraded).toBe(true);

    state.redis = 'answers';
    await vi.advanceTimersByTimeAsync(redisHeartbeatMs);
    expect(w.health.degraded).toBe(false);
    expect(w.recoveries).toBe(1);
    await vi.advanceTimersByTimeAsync(5 * redisHeartbeatMs);
    expect(w.recoveries).toBe(1);
  });

  it('is degraded while a connection is down, until it is ready and PING answers', async () => {
    const state: { redis: Redis } = { redis: 'answers' };
    const w = watch(state);
    stop = w.health.stop;
    state.redis = 'closed';
    w.health.failed('client', new Error('connect ECONNREFUSED'));
    w.health.failed('subscriber', new Error('connect ECONNREFUSED'));
    await vi.advanceTimersByTimeAsync(3 * redisHeartbeatMs);
    expect(w.health.degraded).toBe(true);
    expect(w.outages).toHaveLength(1);

    state.redis = 'answers';
    w.health.ready('client');
    await vi.advanceTimersByTimeAsync(redisHeartbeatMs);
    // The subscriber has not subscribed again yet: a message could still be missed.
    expect(w.health.degraded).toBe(true);
    w.health.ready('subscriber');
    expect(w.health.degraded).toBe(false);
    expect(w.recoveries).toBe(1);
  });

  it('is degraded when PING is refused on a connection that never got ready', async () => {
    const state: { redis: Redis } = { redis: 'closed' };
    const w = watch(state);
    stop = w.health.stop;
    await vi.advanceTimersByTimeAsync(redisHeartbeatMs);
    expect(w.health.degraded).toBe(true);
    state.redis = 'answers';
    await vi.advanceTimersByTimeAsync(redisHeartbeatMs);
    expect(w.health.degraded).toBe(false);
  });

  it('counts a command that timed out until a PING answers', async () => {
    const state: { redis: Redis } = { redis: 'answers' };
    const w = watch(state);
    stop = w.health.stop;
    w.health.failed('commands', new Error('Command timed out'));
    expect(w.health.degraded).toBe(true);
    await vi.advanceTimersByTimeAsync(redisHeartbeatMs);
    expect(w.health.degraded).toBe(false);
    expect(w.recoveries).toBe(1);
  });
});
