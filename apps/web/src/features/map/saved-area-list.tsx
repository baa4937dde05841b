import { useState } from 'react';
import type { SavedArea } from '../../lib/saved-tiles/tile-store.ts';
import { areaSummary } from './area-words.ts';

interface Props {
  areas: readonly SavedArea[];
  /** Who saved them, for the note under the heading. */
  who: string;
  /** Off while a download runs: one at a time. */
  busy: boolean;
  /** Off when the map cannot be saved (Update needs the server's base map). */
  canUpdate: boolean;
  onRename(area: SavedArea, name: string): void;
  onUpdate(area: SavedArea): void;
  onDelete(area: SavedArea): void;
}

/** The user's saved areas, newest first: name, size and date, with Rename, Update and Delete. */
export function SavedAreaList({ areas, who, busy, canUpdate, ...actions }: Props) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const newestFirst = [...areas].sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  return (
    <section aria-labelledby="saved-areas-heading">
      <h3 id="saved-areas-heading" className="saved-areas-heading">
        Saved map areas
      </h3>
      <p className="saved-areas-owner">Saved on this device by {who}; removed when you sign out.</p>
      <ul className="saved-areas">
        {newestFirst.map((area) => {
          const name = area.name ?? 'Saved area';
          return (
            <li key={area.id} className="saved-area" aria-label={name}>
              {renaming === area.id ? (
                <form
                  className="saved-area-rename"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (draft.trim()) actions.onRename(area, draft);
                    setRenaming(null);
                  }}
                >
                  <input
                    aria-label="New name"
                    value={draft}
                    maxLength={80}
                    autoFocus
                    onChange={(event) => setDraft(event.target.value)}
                  />
                  <button type="submit" className="button button-primary button-small">
                    Save
                  </button>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => setRenaming(null)}
                  >
                    Cancel
                  </button>
                </form>
              ) : (
                <span className="saved-area-name">{name}</span>
              )}
              <span className="saved-area-meta">{areaSummary(area)}</span>
              <span className="saved-area-actions">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={busy || renaming !== null}
                  onClick={() => {
                    setDraft(name);
                    setRenaming(area.id);
                  }}
                >
                  Rename
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={busy || !canUpdate}
                  onClick={() => actions.onUpdate(area)}
                >
                  Update
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={busy}
                  onClick={() => actions.onDelete(area)}
                >
                  Delete
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
