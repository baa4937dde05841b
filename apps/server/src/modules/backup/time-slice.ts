import { setImmediate } from 'node:timers/promises';

/** A restore's work between two turns of the event loop, at most (ms), plus one step. */
export const sliceMs = 20;

/**
 * A pause to call between small steps of long work: it gives other requests their turn once
 * `ms` have passed since the last one, and costs nothing before. One restore shares one, so the
 * journal's reading, the planning and the inserts count the same slice.
 */
export function timeSlicer(ms = sliceMs): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < ms) return;
    await setImmediate();
    since = performance.now();
  };
}
