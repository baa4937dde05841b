import { LRUCache } from 'lru-cache';
import { sameVersion, type AnswerVersion } from './front-read.ts';

/** What the front door writes for one version of a user's answer to one read. */
export interface Prepared {
  version: AnswerVersion;
  etag: string;
  /** The 304's headers, as the flat `[name, value, …]` list `writeHead` takes. */
  notModified: readonly string[];
  /** The 200's headers and body, for an answer the service keeps (`FrontRead.kept`). */
  ok?: { headers: readonly string[]; body: Buffer };
}

export type Prepare = (version: AnswerVersion, body?: () => Buffer) => Prepared;

/**
 * Each user's last prepared answer to one read, reused while the version asked for is the same:
 * a repeated 304 makes neither its ETag nor its header list again, which were most of what was
 * left of it. Bounded by users, and by bytes for the kept bodies.
 */
export function preparedAnswers(
  prepare: Prepare,
  users = 10_000,
  maxBytes = 16 * 1024 * 1024,
): Prepare {
  const kept = new LRUCache<string, Prepared>({
    max: users,
    maxSize: maxBytes,
    sizeCalculation: (answer) => (answer.ok?.body.length ?? 0) + 256,
  });
  return (version, body) => {
    const known = kept.get(version.userId);
    if (known && (!body || known.ok) && sameVersion(known.version, version)) return known;
    const made = prepare(version, body);
    kept.set(version.userId, made);
    return made;
  };
}
