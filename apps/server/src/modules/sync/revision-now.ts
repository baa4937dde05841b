import type { Db } from '../../db/executor.ts';
import type { ReadNow } from '../../db/read-now.ts';
import type { RevisionState } from './repository.ts';

/** The user's revision state, read at once (SQLite only: db/read-now.ts). */
export type RevisionNow = (userId: string) => RevisionState;

/**
 * `syncRepository.state`'s read (the same query, compiled by Kysely) without a promise: a 304
 * answered before Fastify is then one statement of a few microseconds, where Kysely's promises
 * and connection queue cost several times that (issue 12). It may see a write of this process
 * that has not committed yet (read-now.ts), so it only decides 304s: a revision one bump ahead
 * of the client's ETag is "changed", and Fastify answers from what has committed.
 */
export function revisionNow(db: Db, readNow: ReadNow): RevisionNow {
  const read = readNow(
    db
      .selectFrom('sync_revisions')
      .select(['revision', 'pruned_revision'])
      .where('user_id', '=', ''),
  );
  return (userId) => {
    const row = read(userId);
    return {
      revision: Number(row?.revision ?? 0),
      prunedRevision: Number(row?.pruned_revision ?? 0),
    };
  };
}
