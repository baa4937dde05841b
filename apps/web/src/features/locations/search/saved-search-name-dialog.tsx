import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/ui/error-message.ts';
import { ModalDialog } from '../../../lib/ui/modal-dialog.tsx';
import { useSubmit } from '../../../lib/ui/use-submit.ts';

interface SavedSearchNameDialogProps {
  title: string;
  /** What is saved, shown under the name. */
  query: string;
  initialName: string;
  submitLabel: string;
  /** A note about conditions a saved search cannot keep. */
  note?: string;
  onSubmit(name: string): Promise<void>;
  onClose(): void;
}

/** Naming a search to save, or a saved one anew; the server's refusal stays in the dialog. */
export function SavedSearchNameDialog(props: SavedSearchNameDialogProps) {
  const { title, query, initialName, submitLabel, note, onSubmit, onClose } = props;
  const id = useId();
  const [name, setName] = useState(initialName);
  const { busy, error, setError, run } = useSubmit(errorMessage);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Give the search a name.');
    if (await run(() => onSubmit(trimmed))) onClose();
  }

  return (
    <ModalDialog title={title} onClose={() => !busy && onClose()}>
      <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={id}>Name</label>
          <input
            id={id}
            value={name}
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <p className="saved-search-query">
          Searches for <code>{query}</code>
        </p>
        {note && <p className="inline-hint">{note}</p>}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={onClose}
            disabled={busy}
          >
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {busy && <span className="spinner" aria-hidden="true" />}
            {submitLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
