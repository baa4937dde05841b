import { tombstoneRetentionDays } from '@fj/contract/sync';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/executor.ts';
import { syncRepository } from './repository.ts';
import { runPeriodically } from '../../lib/periodic-task.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** Deletions are told to GET /sync for this long (docs/behaviour.md#sync); then they go. */
export const tombstoneMaxAgeMs = tombstoneRetentionDays * dayMs;
/** How often to look, as the other sweepers: a tombstone goes at most an hour after its 90 days. */
export const tombstoneSweepIntervalMs = 60 * 60 * 1000;

export interface TombstoneSweeper {
  /** Removes tombstones 90 days old or more; answers how many. */
  sweep(): Promise<number>;
  /** The sweep the timer started, while it runs (tests await it). */
  readonly running: Promise<unknown> | undefined;
  stop(): Promise<void>;
}

export function startTombstoneSweeper(deps: { db: Db; log: FastifyBaseLogger }): TombstoneSweeper {
  async function sweep(): Promise<number> {
    const cutoff = new Date(Date.now() - tombstoneMaxAgeMs).toISOString();
    let removed = 0;
    // One user at a time, each in a transaction that takes the user's revision row first, as
    // every write does, and records how far the user's tombstones are gone.
    for (const { userId, revision } of await syncRepository.usersWithTombstonesBefore(
      deps.db,
      cutoff,
    )) {
      removed += await deps.db
        .transaction()
        .execute((trx) => syncRepository.pruneTombstones(trx, userId, cutoff, revision));
    }
    if (removed > 0) deps.log.info({ tombstones: removed }, 'removed old sync tombstones');
    return removed;
  }

  const task = runPeriodically(sweep, tombstoneSweepIntervalMs, (error: unknown) =>
    deps.log.error({ err: error }, 'tombstone sweep failed'),
  );

  return {
    sweep,
    get running() {
      return task.running;
    },
    stop: () => task.stop(),
  };
}
