import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { WindowCounts } from '../lib/window-counts.ts';

/** What the rate limit hands a route's store: its options and, documented, `routeInfo`. */
function routePrefix(options: object): string {
  const route: unknown = 'routeInfo' in options ? options.routeInfo : undefined;
  if (typeof route !== 'object' || route === null) return '';
  const method = 'method' in route ? String(route.method) : '';
  const url = 'url' in route ? String(route.url) : '';
  return `${method}${url}-`;
}

/**
 * @fastify/rate-limit's store on our window counts: in Redis when several servers share it, and
 * per server, in memory, whenever Redis cannot answer in time. Its own Redis store would wait on
 * a hung Redis, or with `skipOnError` let every request through uncounted. A route with a budget
 * of its own (the map tiles) counts under its method and URL, as that store did.
 */
export function rateLimitStoreOn(counts: WindowCounts): FastifyRateLimitStoreCtor {
  class CountsStore implements FastifyRateLimitStore {
    constructor(
      _options: object,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counts.add(`${this.prefix}${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new CountsStore(routeOptions, `${this.prefix}${routePrefix(routeOptions)}`);
    }
  }
  return CountsStore;
}
