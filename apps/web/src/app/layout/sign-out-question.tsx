import { useState } from 'react';
import { ModalDialog } from '../../lib/ui/modal-dialog.tsx';
import { useJournalStore } from '../../store/journal-store.ts';
import { notSyncedText, unsyncedCount } from '../../store/outbox-view.ts';

interface Props {
  onSignOut(): void;
  onCancel(): void;
}

/**
 * docs/behaviour.md#sync-status: signing out with changes not on the server asks first —
 * wait for them (sync now, then sign out once none is left) or sign out anyway (they are lost).
 */
export function SignOutQuestion({ onSignOut, onCancel }: Props) {
  const count = useJournalStore((state) => unsyncedCount(state.outbox));
  const [syncing, setSyncing] = useState(false);
  const [stillWaiting, setStillWaiting] = useState(false);

  async function syncFirst() {
    setSyncing(true);
    await useJournalStore.getState().syncNow();
    setSyncing(false);
    if (unsyncedCount(useJournalStore.getState().outbox) === 0) onSignOut();
    else setStillWaiting(true);
  }

  return (
    <ModalDialog title="Sign out?" onClose={onCancel}>
      <p role="alert">{notSyncedText(count)}</p>
      <p>Signing out removes the journal from this device, with the changes not yet synced.</p>
      {stillWaiting && (
        <p className="form-error">They could not be synced now. Try again once you are online.</p>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button"
          disabled={syncing}
          onClick={() => void syncFirst()}
        >
          {syncing ? 'Syncing…' : 'Sync, then sign out'}
        </button>
        <button type="button" className="button button-danger" onClick={onSignOut}>
          Sign out anyway
        </button>
        <button type="button" className="button button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
