import type { SavedSearch } from '@fj/contract/saved-searches';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { ModalDialog } from '../../../lib/ui/modal-dialog.tsx';
import { useJournalStore } from '../../../store/journal-store.ts';
import { SavedSearchNameDialog } from './saved-search-name-dialog.tsx';

/** The saved searches with Rename and Delete each (docs/behaviour.md#saved-searches). */
export function ManageSavedSearches({ onClose }: { onClose(): void }) {
  const saved = useJournalStore((state) => state.savedSearches) ?? [];
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);

  return (
    <ModalDialog title="Saved searches" onClose={onClose}>
      {saved.length === 0 ? (
        <p className="modal-message">No saved searches left.</p>
      ) : (
        <ul className="saved-manage-list">
          {saved.map((search) => (
            <li key={search.id}>
              <span className="saved-manage-name">{search.name}</span>
              <code className="saved-manage-query">{search.query}</code>
              <span className="saved-manage-actions">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={`Rename ${search.name}`}
                  onClick={() => setRenaming(search)}
                >
                  Rename
                </button>
                <button
                  type="button"
                  className="button button-danger-quiet button-small"
                  aria-label={`Delete ${search.name}`}
                  onClick={() => setDeleting(search)}
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Done
        </button>
      </div>
      {renaming && (
        <SavedSearchNameDialog
          title="Rename saved search"
          query={renaming.query}
          initialName={renaming.name}
          submitLabel="Rename"
          onSubmit={(name) => useJournalStore.getState().changeSavedSearch(renaming.id, { name })}
          onClose={() => setRenaming(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete saved search?"
          message={`Delete “${deleting.name}”? Your spots are not touched.`}
          confirmLabel="Delete"
          onConfirm={async () => {
            await useJournalStore.getState().deleteSavedSearch(deleting.id);
            setDeleting(null);
            toast.success(`Deleted “${deleting.name}”`);
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </ModalDialog>
  );
}
