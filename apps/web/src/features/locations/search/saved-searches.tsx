import type { SearchFacets } from '@fj/contract/search-facets';
import { formatQuery } from '@fj/contract/search-query';
import { useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { SearchRequest } from '../../../lib/search/search-request.ts';
import { useJournalStore } from '../../../store/journal-store.ts';
import { ManageSavedSearches } from './manage-saved-searches.tsx';
import { SavedSearchNameDialog } from './saved-search-name-dialog.tsx';

interface SavedSearchesProps {
  request: SearchRequest;
  facets: SearchFacets;
  /** Whether there is a search to save. */
  active: boolean;
  onApply(query: string): void;
}

/**
 * The query a saved search keeps: the box's text as typed, or, when parameters joined it, the
 * conditions the box can say (a quantity, unit or map area cannot be saved: the note says so).
 */
function queryToSave(request: SearchRequest, facets: SearchFacets) {
  if (request.extra.length === 0) return { query: request.q.trim(), lost: false };
  const lost =
    facets.minQuantity !== undefined || facets.unit !== undefined || facets.bbox !== undefined;
  return { query: formatQuery(facets), lost };
}

/** The saved searches, each one tap away (docs/behaviour.md#saved-searches); save and manage. */
export function SavedSearches({ request, facets, active, onApply }: SavedSearchesProps) {
  const id = useId();
  const saved = useJournalStore((state) => state.savedSearches);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  useEffect(() => {
    void useJournalStore.getState().fetchSavedSearches();
  }, []);
  const current = request.extra.length === 0 ? request.q.trim() : null;
  const toSave = queryToSave(request, facets);

  return (
    <section className="saved-searches" aria-labelledby={id}>
      <h2 id={id} className="saved-searches-label">
        Saved
      </h2>
      {saved === null ? (
        <span className="saved-none">…</span>
      ) : saved.length === 0 ? (
        <span className="saved-none">No saved searches yet</span>
      ) : (
        <ul className="saved-list">
          {saved.map((search) => (
            <li key={search.id}>
              <button
                type="button"
                className="filter-chip"
                aria-pressed={current === search.query.trim()}
                title={search.query}
                onClick={() => onApply(search.query)}
              >
                {search.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <span className="saved-actions">
        {active && (
          <button type="button" className="link-button" onClick={() => setDialog('save')}>
            Save this search
          </button>
        )}
        {saved !== null && saved.length > 0 && (
          <button type="button" className="link-button" onClick={() => setDialog('manage')}>
            Manage
          </button>
        )}
      </span>
      {dialog === 'save' && (
        <SavedSearchNameDialog
          title="Save this search"
          query={toSave.query}
          initialName={toSave.query.slice(0, 120)}
          submitLabel="Save search"
          note={
            toSave.lost
              ? 'A saved search keeps what the box can say: the quantity and map-area conditions are left out.'
              : undefined
          }
          onSubmit={async (name) => {
            await useJournalStore.getState().saveSearch(name, toSave.query);
            toast.success(`Saved “${name}”`);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'manage' && <ManageSavedSearches onClose={() => setDialog(null)} />}
    </section>
  );
}
