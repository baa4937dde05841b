/** docs/behaviour.md#sync-status: the mark on a spot or entry whose change is not on the server yet. */
export function SyncMarkBadge({ mark }: { mark: 'waiting' | 'failed' | null }) {
  if (!mark) return null;
  return (
    <span className={`sync-mark sync-mark-${mark}`}>
      {mark === 'waiting' ? 'Waiting to sync' : 'Not synced'}
    </span>
  );
}
