import type { Db } from '../../db/executor.ts';
import { healthRepository } from './repository.ts';

export function createHealthService(db: Db) {
  return {
    /** Resolves when the database answers; throws what the driver threw when it does not. */
    checkDatabase: () => healthRepository.ping(db),
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
