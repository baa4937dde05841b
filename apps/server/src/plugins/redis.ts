import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/**
 * The Redis every server shares (REDIS_URL). It holds nothing that must survive: rate-limit
 * counts and messages. So while it is unreachable the app keeps answering: the limits count per
 * server, and what a missed message would have told (a revocation, a forgotten cache entry) is
 * caught up on reconnect (`onReconnect`).
 */
export interface SharedRedis {
  /** For commands; fails at once while disconnected instead of queueing the request behind it. */
  client: Redis;
  /** The key or channel name under REDIS_PREFIX. */
  name(suffix: string): string;
  /** Sends to every server (this one included); never throws: a lost message is caught up later. */
  publish(channel: string, message: string): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, listener: (message: string) => void): () => void;
  /** Runs after Redis comes back from an outage: messages sent meanwhile were lost. */
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

/**
 * Logs an outage once, not once per reconnect attempt (ioredis retries every second or two),
 * and its end once: when every connection is ready again (the subscriber has then subscribed
 * anew, so whatever the reconnect listeners catch up on cannot be missed again).
 */
function outageReporter(log: FastifyBaseLogger, reconnected: () => void) {
  let outage = false;
  const down = new Set<string>();
  return {
    failed(connection: string, error: unknown) {
      down.add(connection);
      if (outage) return;
      outage = true;
      log.error(
        { err: error },
        'Redis is unreachable: rate limits count per server and revocations reach the other servers once it is back; retrying',
      );
    },
    ready(connection: string) {
      down.delete(connection);
      if (!outage || down.size > 0) return;
      outage = false;
      log.warn('Redis is reachable again');
      reconnected();
    },
  };
}

export async function connectSharedRedis(
  settings: NonNullable<Config['redis']>,
  log: FastifyBaseLogger,
): Promise<{ shared: SharedRedis; close(): void }> {
  // Loaded only when REDIS_URL is set, as start-up wants (docs/architecture.md#server-build).
  const { Redis } = await import('ioredis');
  const reconnectListeners = new Set<() => void>();
  const reporter = outageReporter(log, () => {
    for (const listener of [...reconnectListeners]) listener();
  });
  const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2_000);
  const client = new Redis(settings.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy,
  });
  // A subscriber connection can only subscribe; it queues its subscriptions until connected,
  // however long that takes (maxRetriesPerRequest null: a Redis down at start would otherwise
  // fail them for good), and subscribes again after each reconnect (ioredis' autoResubscribe).
  const subscriber = new Redis(settings.url, {
    connectTimeout: 2_000,
    retryStrategy,
    maxRetriesPerRequest: null,
  });
  for (const [name, connection] of Object.entries({ client, subscriber })) {
    connection.on('error', (error: unknown) => reporter.failed(name, error));
    connection.on('ready', () => reporter.ready(name));
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
    client,
    name: (suffix) => `${settings.prefix}${suffix}`,
    async publish(channel, message) {
      try {
        await client.publish(channel, message);
      } catch (error) {
        // Disconnected: the outage is logged once. Connected and still refused: say so each time.
        if (client.status === 'ready')
          log.error({ err: error, channel }, 'Redis refused a message');
        else reporter.failed('client', error);
      }
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
