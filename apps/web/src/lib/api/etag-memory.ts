/** docs/behaviour.md#api-client: how many GET URLs the client remembers an ETag and answer for. */
export const ETAG_MEMORY_URLS = 16;

/** The parts of a response's headers the client reads. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** A remembered answer: what the server said, with the ETag that names it. */
export interface Remembered<A> {
  etag: string;
  answer: A;
}

export interface EtagMemory<A> {
  /** The answer remembered for this URL and user, if any (and it becomes the most recent). */
  recall(url: string, uid: string | null): Remembered<A> | undefined;
  remember(url: string, uid: string | null, etag: string, answer: A): void;
  forget(url: string): void;
  clear(): void;
}

/**
 * The last answer of a bounded set of GET URLs, with its ETag, so the next request can ask
 * "changed since?" (If-None-Match) and a 304 reuses what came before. The least recently used
 * URL goes first; an entry is another user's after a switch and is then not recalled.
 */
export function createEtagMemory<A>(size = ETAG_MEMORY_URLS): EtagMemory<A> {
  const entries = new Map<string, Remembered<A> & { uid: string | null }>();
  return {
    recall(url, uid) {
      const entry = entries.get(url);
      if (!entry || entry.uid !== uid) return undefined;
      // A Map keeps insertion order: re-inserting makes it the most recent.
      entries.delete(url);
      entries.set(url, entry);
      return entry;
    },
    remember(url, uid, etag, answer) {
      entries.delete(url);
      entries.set(url, { uid, etag, answer });
      while (entries.size > size) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    forget: (url) => void entries.delete(url),
    clear: () => entries.clear(),
  };
}
