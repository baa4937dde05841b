import { executionAsyncResource } from 'node:async_hooks';

/** The tick objects kept for the life of the process (see keepNextTickShape). */
const kept: object[] = [];

/**
 * Keeps `process.nextTick`'s object shape alive for the life of the process, so that its inline
 * caches stay monomorphic.
 *
 * Node 20's nextTick makes each tick as `{ [async_id_symbol], [trigger_async_id_symbol], callback,
 * args }`, and every socket write, request end and stream step of an answer goes through it
 * (some five per 304). Between bursts of work no tick object is alive, and a garbage collection
 * can then drop the hidden classes (maps) of that shape; the next tick makes new ones. After a
 * few such rounds V8 marks the caches that add `callback` and `args` megamorphic, and from then
 * on each tick costs about half a microsecond more, for as long as the process lives. Which
 * processes it hit depended on when collections fell between their first calls (sign-up and
 * sign-in were enough): in half of the servers started for the bench, a 304 cost 22–24 µs of CPU
 * instead of 18–19. One tick object kept alive keeps its maps, and
 * so the caches, as they were.
 *
 * Inside a tick's callback the current async resource is that tick object, whether or not any
 * async hook is enabled. Call once at start, before the server takes requests.
 */
export function keepNextTickShape(): Promise<void> {
  return new Promise((resolve) => {
    process.nextTick(() => {
      kept.push(executionAsyncResource());
      resolve();
    });
  });
}

/** What keepNextTickShape kept (for its test). */
export function keptTickObjects(): readonly object[] {
  return kept;
}
