import { targetsOf, type OutboxItem } from '../lib/offline/outbox-ops.ts';

/** docs/behaviour.md#sync-status: how a spot or entry with a queued change is marked. */
export type SyncMark = 'waiting' | 'failed' | null;

/** The mark of a location or entry: failed when a change to it was refused, else waiting. */
export function syncMarkOf(outbox: readonly OutboxItem[], id: string): SyncMark {
  let mark: SyncMark = null;
  for (const item of outbox) {
    if (item.status === 'dropped' || !targetsOf(item.op).includes(id)) continue;
    if (item.status === 'failed') return 'failed';
    mark = 'waiting';
  }
  return mark;
}

/** The changes not yet on the server: waiting and refused ones (the sign-out question counts these). */
export const unsyncedCount = (outbox: readonly OutboxItem[]) =>
  outbox.filter((item) => item.status !== 'dropped').length;

export const pendingCount = (outbox: readonly OutboxItem[]) =>
  outbox.filter((item) => item.status === 'pending').length;

/** docs/behaviour.md#sync-status: "1 change is not synced yet" / "3 changes are not synced yet". */
export const notSyncedText = (count: number) =>
  count === 1 ? '1 change is not synced yet' : `${count} changes are not synced yet`;

/** docs/behaviour.md#sync-status: the header's count. */
export function waitingText(count: number): string {
  if (count === 0) return 'All changes synced';
  return count === 1 ? '1 change waiting' : `${count} changes waiting`;
}
