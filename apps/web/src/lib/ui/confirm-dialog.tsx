import { useState } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

interface Props {
  title: string;
  message: string;
  confirmLabel: string;
  /** The action; its rejection is shown in the dialog, which then stays open. */
  onConfirm(): Promise<void>;
  onCancel(): void;
}

/** "Are you sure?" for destructive actions: Cancel has focus first, so Enter does no harm. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (caught) {
      setError(
        caught instanceof Error && caught.message ? caught.message : 'Something went wrong.',
      );
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={title} onClose={() => !busy && onCancel()}>
      <p className="modal-message">{message}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={onCancel}
          disabled={busy}
        >
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy && <span className="spinner" aria-hidden="true" />}
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
