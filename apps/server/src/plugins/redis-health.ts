/** How often Redis is asked PING, whether or not requests are using it. */
export const redisHeartbeatMs = 1_000;

export interface RedisHealthOptions {
  /** PING on the command connection; rejects when it times out (ioredis' commandTimeout). */
  ping: () => Promise<unknown>;
  /** The first failure of an outage; called once per outage. */
  onOutage: (error: unknown) => void;
  /** Every source answers again: what was sent meanwhile may have been lost. */
  onRecovered: () => void;
  heartbeatMs?: number;
}

export interface RedisHealth {
  /** True while any connection is down or a command went unanswered, until PING answers. */
  readonly degraded: boolean;
  /** A connection failed (its error event), or a command timed out (source 'commands'). */
  failed(source: string, error: unknown): void;
  /** A connection is ready again (its ready event). */
  ready(source: string): void;
  stop(): void;
}

/**
 * Whether Redis answers. A Redis that is down closes its connections, which say so; a hung one
 * (stopped, swapping, blocked by a slow script) keeps them open and never answers, which only an
 * unanswered command tells. So besides the connections' events, a PING every second: a failed
 * or timed-out one (or any timed-out command) marks Redis degraded, the next answered one ends
 * that once every connection is ready too. While
 * degraded, callers skip Redis altogether (plugins/redis.ts), so no request waits on it twice.
 */
export function watchRedisHealth(options: RedisHealthOptions): RedisHealth {
  const down = new Set<string>();
  let pinging = false;

  function failed(source: string, error: unknown) {
    const wasDegraded = down.size > 0;
    down.add(source);
    if (!wasDegraded) options.onOutage(error);
  }

  function ready(source: string) {
    if (!down.delete(source) || down.size > 0) return;
    options.onRecovered();
  }

  const timer = setInterval(() => {
    if (pinging) return;
    pinging = true;
    options
      .ping()
      .then(
        () => ready('commands'),
        // Unanswered, or refused at once by a connection that is not ready (also one connected
        // to a Redis that never finished its ready check): either way no command would get through.
        (error: unknown) => failed('commands', error),
      )
      .finally(() => (pinging = false));
  }, options.heartbeatMs ?? redisHeartbeatMs);
  // The heartbeat alone must not keep the process alive.
  timer.unref();

  return {
    get degraded() {
      return down.size > 0;
    },
    failed,
    ready,
    stop: () => clearInterval(timer),
  };
}

/** ioredis rejects a command that outlived its commandTimeout with this message. */
export function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'Command timed out';
}
