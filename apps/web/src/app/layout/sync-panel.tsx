import { useEffect, useRef, useState } from 'react';
import { describeOp, namesIn, type OpNames } from '../../lib/offline/describe-op.ts';
import type { OutboxItem, OutboxOp } from '../../lib/offline/outbox-ops.ts';
import { ModalDialog } from '../../lib/ui/modal-dialog.tsx';
import { useSubmit } from '../../lib/ui/use-submit.ts';
import { errorMessage } from '../../lib/ui/error-message.ts';
import { useOnline } from '../../lib/offline/use-online.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { useConnectionWord } from './connection-word.ts';

/** What a dropped change held, so nothing disappears without the user seeing it. */
function heldFields(op: OutboxOp): string | null {
  const held =
    op.kind === 'updateLocation' || op.kind === 'updateEntry'
      ? op.changes
      : op.kind === 'createEntry'
        ? op.entry
        : null;
  if (!held) return null;
  return Object.entries(held)
    .filter(([key, value]) => key !== 'id' && value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}

const sections = [
  { status: 'pending', title: 'Waiting to sync' },
  { status: 'failed', title: 'Refused by the server' },
  { status: 'dropped', title: 'Not applied: deleted on another device' },
] as const;

/** What Sync now says with no connection: nothing is lost, the outbox goes by itself. */
export const syncWhenOnline = 'Offline: your changes will sync when you are back online.';

function ItemRow({ item, names }: { item: OutboxItem; names: OpNames }) {
  const held = item.status === 'dropped' ? heldFields(item.op) : null;
  const { retryChange, discardChange } = useJournalStore.getState();
  const label = describeOp(item.op, names);
  return (
    <li className="sync-item">
      <span className="sync-item-text">
        {label}
        {item.message && <span className="sync-item-message">{item.message}</span>}
        {held && <span className="sync-item-message">It held: {held}</span>}
      </span>
      <span className="sync-item-actions">
        {/* Refused, or waiting after an error answer (5xx, 401): the user may send it now. */}
        {(item.status === 'failed' || (item.status === 'pending' && item.message)) && (
          <button
            type="button"
            className="button button-quiet"
            aria-label={`Retry: ${label}`}
            onClick={() => void retryChange(item.seq)}
          >
            Retry
          </button>
        )}
        <button
          type="button"
          className="button button-quiet"
          aria-label={`${item.status === 'dropped' ? 'Dismiss' : 'Discard'}: ${label}`}
          onClick={() => void discardChange(item.seq)}
        >
          {item.status === 'dropped' ? 'Dismiss' : 'Discard'}
        </button>
      </span>
    </li>
  );
}

/** docs/behaviour.md#sync-status: the changes not on the server, with Retry and Discard. */
export function SyncPanel({ onClose }: { onClose(): void }) {
  const outbox = useJournalStore((state) => state.outbox);
  const shown = useJournalStore((state) => state.locations);
  const server = useJournalStore((state) => state.serverLocations);
  const names = namesIn(shown, server);
  const { busy, error, run } = useSubmit(errorMessage);
  const connection = useConnectionWord();
  const [offlineNote, setOfflineNote] = useState(false);
  // A change discarded or dismissed takes its button with it: focus goes to the next change's,
  // or to Sync now, not to the page's body (keyboard and screen reader).
  const listRef = useRef<HTMLDivElement>(null);
  const syncRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (document.activeElement !== document.body) return;
    const next = listRef.current?.querySelector<HTMLElement>('.sync-item button');
    (next ?? syncRef.current)?.focus();
  }, [outbox.length]);
  const deviceOnline = useOnline();
  // Offline the replay starts by itself once the network is back (docs/behaviour.md#outbox);
  // with a network but no answer yet, it is tried quietly too.
  function syncNow() {
    if (connection === 'Online') return void run(() => useJournalStore.getState().syncNow());
    setOfflineNote(true);
    if (deviceOnline)
      void useJournalStore
        .getState()
        .syncNow()
        .catch(() => undefined);
  }
  return (
    <ModalDialog title="Sync" onClose={onClose}>
      <div ref={listRef}>
        {outbox.length === 0 && <p>Every change is on the server.</p>}
        {sections.map(({ status, title }) => {
          const items = outbox.filter((item) => item.status === status);
          if (items.length === 0) return null;
          return (
            <section key={status} aria-label={title} className="sync-section">
              <h3>{title}</h3>
              <ul className="sync-list">
                {items.map((item) => (
                  <ItemRow key={item.seq} item={item} names={names} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <p className="inline-hint" role="status">
        {offlineNote && connection === 'Offline' ? syncWhenOnline : ''}
      </p>
      <div className="form-actions">
        <button ref={syncRef} type="button" className="button" disabled={busy} onClick={syncNow}>
          {busy ? 'Syncing…' : 'Sync now'}
        </button>
        <button type="button" className="button button-quiet" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
