/**
 * One value that tells its listeners when it changes: setting the value it already has tells
 * no one. The page's small shared states (server reachability, network state, the update
 * prompt) are each one of these.
 */
export function createObservableValue<T>(initial: T) {
  let value = initial;
  const listeners = new Set<(value: T) => void>();

  // Arrow functions, so that each may be handed on alone (`subscribe: value.subscribe`).
  return {
    get: (): T => value,
    set: (next: T): void => {
      if (next === value) return;
      value = next;
      // A copy: a listener may unsubscribe (itself or another) while it is told.
      for (const listener of [...listeners]) listener(next);
    },
    /** Calls the listener on every change; answers the function that stops it. */
    subscribe: (listener: (value: T) => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
