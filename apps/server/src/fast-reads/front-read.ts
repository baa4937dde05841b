/**
 * The wall around the reads answered before Fastify (docs/architecture.md#fast-reads): a
 * service offers a read to the front door through `FrontRead`, and the front door keeps what
 * it writes per user and version, compared by value, never by which object it got.
 */

/**
 * Which answer a read gives: the user and what the answer is made from (revisions, the
 * photo-signing day, where a sync starts). Two equal versions have the same ETag and body.
 */
export interface AnswerVersion<
  Parts extends readonly (number | string)[] = readonly (number | string)[],
> {
  readonly userId: string;
  readonly parts: Parts;
}

export function sameVersion(a: AnswerVersion, b: AnswerVersion): boolean {
  if (a.userId !== b.userId || a.parts.length !== b.parts.length) return false;
  for (let i = 0; i < a.parts.length; i += 1) if (a.parts[i] !== b.parts[i]) return false;
  return true;
}

/** An answer kept in memory, as committed: the front door may send its 200 too. */
export interface KeptAnswer {
  version: AnswerVersion;
  /** The answer's JSON bytes (asked once per version). */
  body(): Buffer;
}

/** One read the front door may answer, implemented by the service that owns the route. */
export interface FrontRead<Query = undefined> {
  /** The ETag of a version: the very one the route sends. */
  etag(version: AnswerVersion): string;
  /**
   * The version of the user's current answer, to decide a 304 and nothing else: on SQLite it
   * is read at once and may count a write of this process that has not committed (a version
   * ahead of the client's is then "changed", db/read-now.ts), so it never labels a body.
   * Undefined, or a promise of it: not decided here, Fastify answers. Throws or rejects for
   * what Fastify refuses (a bad cursor), which Fastify then answers.
   */
  notModifiedNow(
    userId: string,
    query: Query,
  ): AnswerVersion | undefined | Promise<AnswerVersion | undefined>;
  /** The whole answer, where the service keeps it in memory: the front door sends 200s too. */
  kept?(userId: string): KeptAnswer | undefined;
}

/** Every read the front door answers, each from the service that owns it (app.ts). */
export interface FrontReads {
  /** GET /api/v1/locations */
  locations: FrontRead;
  /** GET /api/v1/sync, with `since` or without */
  sync: FrontRead<string | undefined>;
  /** GET /api/v1/preferences */
  preferences: FrontRead;
}
