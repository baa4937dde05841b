import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { isTimeout, watchRedisHealth } from './redis-health.ts';

/**
 * The Redis every server shares (REDIS_URL). It holds nothing that must survive: rate-limit
 * counts and messages. So while it is unreachable or hung the app keeps answering, and no
 * request waits on it longer than one command's time-out: the limits count per server, the
 * revocations are read from the database, and what a missed message would have told (a
 * revocation, a forgotten cache entry) is sent again and caught up on when it answers
 * (`onReconnect`). docs/deploy.md#redis says what each use does.
 */
export interface SharedRedis {
  /**
   * Runs commands on the shared connection. Each times out after `redisCommandTimeoutMs`; while
   * Redis is degraded this rejects at once, without asking it: the caller uses its fallback.
   */
  command<T>(run: (client: Redis) => Promise<T>): Promise<T>;
  /** True while Redis is down or does not answer in time; /api/health says so. */
  readonly degraded: boolean;
  /** The key or channel name under REDIS_PREFIX. */
  name(suffix: string): string;
  /**
   * Sends to every server (this one included); never throws. A message Redis could not take is
   * kept and sent again once it answers (receivers must take a message twice calmly).
   */
  publish(channel: string, message: string): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, listener: (message: string) => void): () => void;
  /** Runs after Redis comes back from an outage or a hang: messages sent meanwhile were lost. */
  onReconnect(listener: () => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** null when REDIS_URL is unset: everything stays in this process. */
    redis: SharedRedis | null;
  }
}

/** How long start-up waits for Redis before going on without it (it connects later). */
const firstConnectMs = 3_000;

/** The longest any request waits on Redis: after this a command counts as unanswered. */
export const redisCommandTimeoutMs = 500;

/** Messages kept for sending again; past this the oldest go (receivers catch up on reconnect). */
const maxUnsentMessages = 1_000;

/** Refused at once while Redis is degraded, so the caller falls back without waiting. */
export class RedisDegradedError extends Error {
  constructor() {
    super('Redis is degraded: not asked');
  }
}

export async function connectSharedRedis(
  settings: NonNullable<Config['redis']>,
  log: FastifyBaseLogger,
): Promise<{ shared: SharedRedis; close(): void }> {
  // Loaded only when REDIS_URL is set, as start-up wants (docs/architecture.md#server-build).
  const { Redis } = await import('ioredis');
  const reconnectListeners = new Set<() => void>();
  const unsent: { channel: string; message: string }[] = [];
  const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2_000);
  const client = new Redis(settings.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: redisCommandTimeoutMs,
    retryStrategy,
  });
  // A subscriber connection can only subscribe; it queues its subscriptions until connected,
  // however long that takes (maxRetriesPerRequest null: a Redis down at start would otherwise
  // fail them for good), and subscribes again after each reconnect (ioredis' autoResubscribe).
  // No request waits on it, so it has no command time-out (one would drop a queued subscription).
  const subscriber = new Redis(settings.url, {
    connectTimeout: 2_000,
    retryStrategy,
    maxRetriesPerRequest: null,
  });

  // Logs an outage once, not once per reconnect attempt or timed-out command, and its end once:
  // when every connection is ready and answers again (the subscriber has then subscribed anew,
  // so whatever the reconnect listeners catch up on cannot be missed again).
  const health = watchRedisHealth({
    ping: () => client.ping(),
    onOutage: (error) =>
      log.error(
        { err: error },
        `Redis is unreachable or does not answer within ${redisCommandTimeoutMs} ms: rate limits count per server, revocations are read from the database; retrying`,
      ),
    onRecovered() {
      log.warn('Redis is reachable again');
      void sendUnsent();
      for (const listener of [...reconnectListeners]) listener();
    },
  });
  for (const [name, connection] of Object.entries({ client, subscriber })) {
    connection.on('error', (error: unknown) => health.failed(name, error));
    connection.on('ready', () => health.ready(name));
  }

  async function command<T>(run: (redis: Redis) => Promise<T>): Promise<T> {
    if (health.degraded) throw new RedisDegradedError();
    try {
      return await run(client);
    } catch (error) {
      // A closed connection has said so itself; an unanswered command is the sign of a hang.
      if (isTimeout(error)) health.failed('commands', error);
      throw error;
    }
  }

  /** Sends a message now; false (and logged when Redis answered no) when it could not. */
  async function send(channel: string, message: string): Promise<boolean> {
    try {
      await command((redis) => redis.publish(channel, message));
      return true;
    } catch (error) {
      // Connected, answering and still refused: say so each time. An outage is logged once.
      if (!health.degraded && client.status === 'ready')
        log.error({ err: error, channel }, 'Redis refused a message');
      return false;
    }
  }

  function keep(channel: string, message: string) {
    if (unsent.length >= maxUnsentMessages) unsent.shift();
    unsent.push({ channel, message });
  }

  async function sendUnsent() {
    for (const { channel, message } of unsent.splice(0)) {
      if (!(await send(channel, message))) keep(channel, message);
    }
  }

  const listeners = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const listener of [...(listeners.get(channel) ?? [])]) listener(message);
  });

  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, firstConnectMs);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    }
    client.once('ready', done);
    // The first failure is logged by the reporter; start without Redis and keep retrying.
    client.once('error', done);
  });

  const shared: SharedRedis = {
    command,
    get degraded() {
      return health.degraded;
    },
    name: (suffix) => `${settings.prefix}${suffix}`,
    async publish(channel, message) {
      if (!(await send(channel, message))) keep(channel, message);
    },
    subscribe(channel, listener) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        subscriber
          .subscribe(channel)
          .catch((error: unknown) =>
            log.error({ err: error, channel }, 'Redis refused a subscription'),
          );
      }
      set.add(listener);
      return () => void set.delete(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => void reconnectListeners.delete(listener);
    },
  };
  return {
    shared,
    close() {
      health.stop();
      client.disconnect();
      subscriber.disconnect();
    },
  };
}

export default fp(
  async (app, opts: { redis: Config['redis'] }) => {
    if (!opts.redis) {
      app.decorate('redis', null);
      return;
    }
    const { shared, close } = await connectSharedRedis(opts.redis, app.log);
    app.decorate('redis', shared);
    app.addHook('onClose', async () => close());
  },
  { name: 'redis' },
);
