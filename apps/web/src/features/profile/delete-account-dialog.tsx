import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/ui/error-message.ts';
import { ModalDialog } from '../../lib/ui/modal-dialog.tsx';
import { useSubmit } from '../../lib/ui/use-submit.ts';

const CONFIRM_WORD = 'DELETE';

interface DeleteAccountDialogProps {
  /** Deletes the account and cleans up; rejects with what the server said. */
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}

/** Typing DELETE and the password again: no accidental tap can erase a journal. */
export function DeleteAccountDialog({ onConfirm, onCancel }: DeleteAccountDialogProps) {
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useSubmit(errorMessage, { logAs: 'Deleting the account failed' });
  const ready = word === CONFIRM_WORD && password !== '' && !busy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (ready) await run(() => onConfirm(password));
  }

  // A dialog that is mid-deletion must not be dismissed into an unknown state.
  const close = () => {
    if (!busy) onCancel();
  };

  return (
    <ModalDialog title="Delete your account?" onClose={close}>
      <p>
        Every spot, entry and photo is removed from this server for good. This cannot be undone.
      </p>
      <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor="delete-word">Type {CONFIRM_WORD} to confirm</label>
          <input
            id="delete-word"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={word}
            onChange={(event) => setWord(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="delete-password">Your password</label>
          <input
            id="delete-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button button-quiet" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button-destructive" disabled={!ready}>
            {busy ? 'Deleting…' : 'Delete my account'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
