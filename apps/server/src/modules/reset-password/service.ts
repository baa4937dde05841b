import type { Db } from '../../db/executor.ts';
import { resetTokensRepository } from './repository.ts';

export function createResetTokenService(db: Db) {
  return {
    /** A token still waiting to be used: neither used (its row is gone) nor past its hour. */
    async isLive(token: string): Promise<boolean> {
      const expiresAt = await resetTokensRepository.expiryOf(db, token);
      return expiresAt !== undefined && expiresAt.getTime() > Date.now();
    },
  };
}

export type ResetTokenService = ReturnType<typeof createResetTokenService>;
