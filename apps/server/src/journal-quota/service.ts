import type { DialectName } from '../db/dialect.ts';
import type { DbTransaction } from '../db/executor.ts';
import type { LocationsTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { formatBytes } from '../lib/format-bytes.ts';
import { locationBytes } from './measure.ts';
import { journalQuotaRepository as repo } from './repository.ts';

export interface JournalQuotaDeps {
  dialect: DialectName;
  /** QUOTA_JOURNAL_BYTES_PER_USER. */
  maxBytesPerUser: number;
}

/**
 * QUOTA_JOURNAL_BYTES_PER_USER (docs/behaviour.md#quotas): the text of a user's locations and
 * entries (measure.ts), kept as a running count that each write changes in its own transaction,
 * after its revision bump, which holds the user's row: concurrent writes of one user take turns,
 * so the count never passes the quota and never drifts. Every write of a location or an entry
 * calls it: the location and entry services, the import and the restore.
 */
export function createJournalQuota({ dialect, maxBytesPerUser }: JournalQuotaDeps) {
  const refusal = (bytes: number, used: number) =>
    new AppError(
      'QUOTA_EXCEEDED',
      `Not enough room in your journal (${formatBytes(maxBytesPerUser)} of text for one account): this needs ${formatBytes(bytes)} and ${formatBytes(Math.max(0, maxBytesPerUser - used))} are left; delete some spots or entries first`,
    );
  return {
    /** The quota itself, for a message that names it. */
    maxBytesPerUser,
    /**
     * Counts `bytes` more for the user (fewer when negative), or throws QUOTA_EXCEEDED, changing
     * nothing, when that would take the user past the quota. A change that does not grow always
     * passes, even past a quota lowered since. Throwing rolls the caller's transaction back.
     */
    async charge(trx: DbTransaction, userId: string, bytes: number): Promise<void> {
      if (bytes < 0) await repo.subtract(trx, userId, -bytes);
      if (bytes <= 0) return;
      if (await repo.addWithin(trx, userId, bytes, maxBytesPerUser)) return;
      throw refusal(bytes, await repo.used(trx, userId));
    },
    /**
     * A create's first statement: the user's revision bump (modules/sync's `bump`, whose lock
     * it takes alike) and `charge(bytes)` in one upsert, for `bytes` ≥ 0. Answers the new
     * revision and whether the bytes were charged. When they would pass the quota they are taken
     * back at once (a second statement, as rare as a full journal) and `charged` is false: the
     * caller then calls `charge` where it did before, so a retry of a create already made is
     * still told apart from a refusal.
     */
    async bumpCharging(
      trx: DbTransaction,
      userId: string,
      bytes: number,
    ): Promise<{ revision: number; charged: boolean }> {
      const { revision, used } = await repo.bumpAdding(trx, userId, bytes);
      if (bytes <= 0 || used <= maxBytesPerUser) return { revision, charged: true };
      await repo.subtract(trx, userId, bytes);
      return { revision, charged: false };
    },
    /** Before a location's delete: gives back its bytes and its entries'. */
    async locationRemoved(trx: DbTransaction, row: LocationsTable): Promise<void> {
      await repo.subtractLocation(trx, dialect, row.user_id, row.id, locationBytes(row));
    },
  };
}

export type JournalQuota = ReturnType<typeof createJournalQuota>;
