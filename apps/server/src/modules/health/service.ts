import type { Db } from '../../db/executor.ts';
import type { ReadNow } from '../../db/read-now.ts';
import { healthRepository } from './repository.ts';

/**
 * `readNow` (SQLite): the ping runs on the connection at once. Through Kysely it waited for any
 * transaction in progress (an import of 10,000 spots holds the connection for some 300 ms), so
 * the health check reported a slow server while its event loop was free.
 */
export function createHealthService(db: Db, readNow: ReadNow | null = null) {
  const pingNow = readNow ? healthRepository.pingNow(db, readNow) : undefined;
  return {
    /** Resolves when the database answers; throws what the driver threw when it does not. */
    checkDatabase: async () => {
      if (pingNow) pingNow();
      else await healthRepository.ping(db);
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
