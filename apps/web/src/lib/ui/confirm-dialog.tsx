import { errorMessage } from './error-message.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { useSubmit } from './use-submit.ts';

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
  const { busy, error, run } = useSubmit(errorMessage);

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
          onClick={() => void run(onConfirm)}
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
