/**
 * Whether the outbox is replaying queued writes right now. The outbox sets it; the "New version
 * ready" prompt reads it, because reloading mid-replay would cut a write off half-way. A module of its own so neither imports the other.
 */
type Listener = (replaying: boolean) => void;

let replaying = false;
const listeners = new Set<Listener>();

export function isReplaying(): boolean {
  return replaying;
}

export function setReplaying(next: boolean): void {
  if (next === replaying) return;
  replaying = next;
  for (const listener of [...listeners]) listener(next);
}

/** Calls the listener on every change; answers the function that stops it. */
export function onReplayingChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves once no replay is running (at once when none is). */
export function whenReplayIdle(): Promise<void> {
  if (!replaying) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = onReplayingChange((now) => {
      if (now) return;
      stop();
      resolve();
    });
  });
}
