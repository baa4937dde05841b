import { useEffect, useState } from 'react';
import { useJournalStore } from '../../store/journal-store.ts';
import { pendingCount, unsyncedCount, waitingText } from '../../store/outbox-view.ts';
import { useConnectionWord } from './connection-word.ts';
import { SyncPanel } from './sync-panel.tsx';
import { syncedWhen } from './synced-when.ts';

/** The clock the "Synced … ago" text reads, once a minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * docs/behaviour.md#sync-status: online or offline, the changes waiting and when the journal
 * last synced; a button that opens the sync panel.
 */
export function SyncStatus() {
  const connection = useConnectionWord();
  const waiting = useJournalStore((state) => pendingCount(state.outbox));
  const unsynced = useJournalStore((state) => unsyncedCount(state.outbox));
  const refused = unsynced - waiting;
  const lastSyncedAt = useJournalStore((state) => state.lastSyncedAt);
  const now = useMinuteClock();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="sync-status"
        data-online={connection === 'Online'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span className="sync-status-line" role="status">
          <span className="sync-dot" aria-hidden="true" />
          {connection}
          <span aria-hidden="true"> · </span>
          <span className="sync-count">{waitingText(waiting)}</span>
          {refused > 0 && <span className="sync-refused"> · {refused} refused</span>}
        </span>
        <span className="sync-when">{syncedWhen(lastSyncedAt, now)}</span>
      </button>
      {open && <SyncPanel onClose={() => setOpen(false)} />}
    </>
  );
}
