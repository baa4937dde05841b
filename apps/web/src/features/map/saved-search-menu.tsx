import { useEffect, useState } from 'react';
import type { SearchRequest } from '../../lib/search/search-request.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { MapMenuButton } from './map-controls.tsx';

interface SavedSearchMenuProps {
  request: SearchRequest;
  onRequest(next: SearchRequest): void;
}

/**
 * Saved searches as map layers (docs/behaviour.md#search-map): one tap shows a saved search's
 * spots and makes the rest faint; None takes the layer away. The list is the device's, so it
 * works offline too.
 */
export function SavedSearchMenu({ request, onRequest }: SavedSearchMenuProps) {
  const saved = useJournalStore((state) => state.savedSearches);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open) void useJournalStore.getState().fetchSavedSearches();
  }, [open]);
  const current = request.extra.length === 0 ? request.q.trim() : null;
  const pick = (q: string) => {
    setOpen(false);
    onRequest({ q, extra: [] });
  };
  return (
    <MapMenuButton
      label="Saved searches"
      icon="map-icon-saved-search"
      open={open}
      onOpenChange={setOpen}
    >
      <div className="saved-search-menu">
        <p className="saved-search-menu-title">Show a saved search</p>
        {saved === null ? (
          <p className="saved-search-menu-note">Loading…</p>
        ) : saved.length === 0 ? (
          <p className="saved-search-menu-note">
            No saved searches yet. Search on the Locations page, then Save this search.
          </p>
        ) : (
          <ul>
            {saved.map((search) => (
              <li key={search.id}>
                <button
                  type="button"
                  aria-pressed={current === search.query.trim()}
                  onClick={() => pick(search.query)}
                >
                  <span className="saved-search-menu-name">{search.name}</span>
                  <code>{search.query}</code>
                </button>
              </li>
            ))}
          </ul>
        )}
        {current !== '' && (
          <button type="button" className="link-button" onClick={() => pick('')}>
            Show all spots
          </button>
        )}
      </div>
    </MapMenuButton>
  );
}
