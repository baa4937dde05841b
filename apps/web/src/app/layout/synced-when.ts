import { formatSyncTime } from '../../lib/dates.ts';

/** docs/behaviour.md#sync-status: when the journal last synced, as the header says it. */
export function syncedWhen(syncedAt: number | null, now: number): string {
  return syncedAt === null ? 'Not synced yet' : `Synced ${formatSyncTime(syncedAt, now)}`;
}
