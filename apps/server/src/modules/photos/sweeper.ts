import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/executor.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import { storedFilesOf } from './mapping.ts';
import { photosRepository } from './repository.ts';
import { runPeriodically } from '../../lib/periodic-task.ts';

/** A photo not attached to an entry within this time is removed (an abandoned entry form). */
export const unattachedPhotoMaxAgeMs = 24 * 60 * 60 * 1000;
/** How often to look: a photo goes at most this long after its 24 hours are up. */
export const sweepIntervalMs = 10 * 60 * 1000;

export interface PhotoSweeper {
  /** Removes rows and files of photos unattached for 24 h or more; answers how many. */
  sweep(): Promise<number>;
  /** The sweep the timer started, while it runs (tests await it). */
  readonly running: Promise<unknown> | undefined;
  stop(): Promise<void>;
}

export function startPhotoSweeper(deps: {
  db: Db;
  storage: PhotoStorage;
  log: FastifyBaseLogger;
}): PhotoSweeper {
  async function sweep(): Promise<number> {
    const cutoff = new Date(Date.now() - unattachedPhotoMaxAgeMs).toISOString();
    const removed = await photosRepository.deleteUnattachedSince(deps.db, cutoff);
    // Files after the rows: a failed delete leaves an orphan file, never a row without its file.
    await deps.storage.delete(storedFilesOf(removed));
    if (removed.length > 0) deps.log.info({ photos: removed.length }, 'removed unattached photos');
    return removed.length;
  }

  const task = runPeriodically(sweep, sweepIntervalMs, (error: unknown) =>
    deps.log.error({ err: error }, 'photo sweep failed'),
  );

  return {
    sweep,
    get running() {
      return task.running;
    },
    stop: () => task.stop(),
  };
}
