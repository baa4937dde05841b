import type { SharedRedis } from '../../plugins/redis.ts';
import type { ListCache } from './list-cache.ts';

/**
 * The revision check keeps every server's cached lists true after a write anywhere, but not a
 * deleted account's: no later read ever asks for it, so on the servers that did not delete it
 * the user's journal would stay in memory until pushed out. With several servers (REDIS_URL), a
 * forget is published to all of them, and one Redis could not take is sent again once it answers
 * (SharedRedis.publish); after a Redis outage or hang, when forgets may have been missed, each
 * server also drops its whole cache (it refills on the next reads).
 */
export function shareForgets(cache: ListCache, redis: SharedRedis): ListCache {
  const channel = redis.name('list-cache-forget');
  redis.subscribe(channel, (userId) => cache.forget(userId));
  redis.onReconnect(() => cache.clear());
  return {
    ...cache,
    forget(userId) {
      cache.forget(userId);
      void redis.publish(channel, userId);
    },
  };
}
