/**
 * Where the guessing throttles keep their counts. In memory for one server; with REDIS_URL,
 * `redis-throttle-store.ts` lets several servers share them. `change` may then run more than
 * once for one update (another server changed the value meanwhile): only its last answer counts.
 */
export interface ThrottleStore {
  /**
   * Replaces the value of key with change(current) as one step, and returns the new value.
   * undefined removes the key. A value is forgotten ttlMs after its last change.
   */
  update<T>(
    key: string,
    change: (current: T | undefined) => T | undefined,
    ttlMs: number,
  ): Promise<T | undefined>;
}

interface Slot {
  value: unknown;
  expiresAt: number;
}

/** Keys spread over many made-up addresses must not grow the map without end. */
const defaultMaxKeys = 100_000;

export function createMemoryThrottleStore(
  options: { now?: () => number; maxKeys?: number } = {},
): ThrottleStore {
  const now = options.now ?? (() => Date.now());
  const maxKeys = options.maxKeys ?? defaultMaxKeys;
  const slots = new Map<string, Slot>();

  function makeRoom(at: number) {
    if (slots.size < maxKeys) return;
    for (const [key, slot] of slots) if (slot.expiresAt <= at) slots.delete(key);
    // Still full: forget the least recently changed keys (the map keeps change order).
    for (const key of slots.keys()) {
      if (slots.size < maxKeys) break;
      slots.delete(key);
    }
  }

  return {
    update<T>(key: string, change: (current: T | undefined) => T | undefined, ttlMs: number) {
      const at = now();
      const slot = slots.get(key);
      const current = slot && slot.expiresAt > at ? (slot.value as T) : undefined;
      const next = change(current);
      slots.delete(key);
      if (next !== undefined) {
        makeRoom(at);
        slots.set(key, { value: next, expiresAt: at + ttlMs });
      }
      return Promise.resolve(next);
    },
  };
}
