import { LRUCache } from 'lru-cache';
import type { Db } from '../db/executor.ts';
import type { ReadNow } from '../db/read-now.ts';
import type { RevisionState } from '../modules/sync/repository.ts';

/** The user's revision state, read at once (SQLite only: db/read-now.ts). */
export type RevisionNow = (userId: string) => RevisionState;

/**
 * `syncRepository.state`'s read (the same query, compiled by Kysely) without a promise, for the
 * 304s answered before Fastify, where Kysely's promises and connection queue cost several times
 * the read itself. What it read is kept until Kysely runs any statement that may
 * change what reads see (`readNow.changes()`): a 304 repeated with nothing written meanwhile
 * reads nothing. It may see a write of this process that has not committed yet (read-now.ts),
 * so it only decides 304s: a revision one bump ahead of the client's ETag is "changed", and
 * Fastify answers from what has committed.
 */
export function revisionNow(db: Db, readNow: ReadNow, users = 10_000): RevisionNow {
  const read = readNow.prepare(
    db
      .selectFrom('sync_revisions')
      .select(['revision', 'pruned_revision'])
      .where('user_id', '=', ''),
  );
  const kept = new LRUCache<string, { changes: number; state: RevisionState }>({ max: users });
  return (userId) => {
    const changes = readNow.changes();
    const known = kept.get(userId);
    if (known?.changes === changes) return known.state;
    const row = read(userId);
    const state = {
      revision: Number(row?.revision ?? 0),
      prunedRevision: Number(row?.pruned_revision ?? 0),
    };
    kept.set(userId, { changes, state });
    return state;
  };
}
