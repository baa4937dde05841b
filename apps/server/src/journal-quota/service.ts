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
      const left = Math.max(0, maxBytesPerUser - (await repo.used(trx, userId)));
      throw new AppError(
        'QUOTA_EXCEEDED',
        `Not enough room in your journal (${formatBytes(maxBytesPerUser)} of text for one account): this needs ${formatBytes(bytes)} and ${formatBytes(left)} are left; delete some spots or entries first`,
      );
    },
    /** Before a location's delete: gives back its bytes and its entries'. */
    async locationRemoved(trx: DbTransaction, row: LocationsTable): Promise<void> {
      await repo.subtractLocation(trx, dialect, row.user_id, row.id, locationBytes(row));
    },
  };
}

export type JournalQuota = ReturnType<typeof createJournalQuota>;
