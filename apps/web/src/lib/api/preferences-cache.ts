/** docs/behaviour.md#api-client: how long a preferences answer is reused. */
export const PREFERENCES_CACHE_MS = 300_000;

interface Entry {
  uid: string | null;
  storedAt: number;
  value: unknown;
}

let entry: Entry | null = null;
const freshFor = (uid: string | null) =>
  entry !== null && entry.uid === uid && Date.now() - entry.storedAt < PREFERENCES_CACHE_MS;
/** A read under way, shared by whoever asks meanwhile (at start-up the species and the tutorial both do). */
let reading: { uid: string | null; promise: Promise<unknown> } | null = null;

/**
 * The GET /preferences answer, kept 300000 ms (docs/behaviour.md#constants). Keyed by uid, so one user never
 * reads another's preferences from memory after switching accounts.
 */
export const preferencesCache = {
  read(uid: string | null): unknown {
    return freshFor(uid) ? entry?.value : undefined;
  },
  write(uid: string | null, value: unknown): void {
    entry = { uid, storedAt: Date.now(), value };
  },
  /** Changes the kept answer for this uid (while it is fresh), keeping its age. */
  patch(uid: string | null, change: (value: unknown) => unknown): void {
    if (entry && freshFor(uid)) entry = { ...entry, value: change(entry.value) };
  },
  clear(): void {
    entry = null;
    reading = null;
  },
  /** The read under way for this uid, if any. */
  pending(uid: string | null): Promise<unknown> | undefined {
    return reading?.uid === uid ? reading.promise : undefined;
  },
  /** Remembers `promise` as the read under way until it settles (or the cache is cleared). */
  track(uid: string | null, promise: Promise<unknown>): void {
    const own = { uid, promise };
    reading = own;
    const done = () => {
      if (reading === own) reading = null;
    };
    promise.then(done, done);
  },
};
