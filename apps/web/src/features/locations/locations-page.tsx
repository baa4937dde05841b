import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { shareLimits } from '@fj/contract/sharing';
import { useShareAction } from '../../lib/sharing/share-action.tsx';
import { useSearchUrl } from '../../lib/search/use-search-url.ts';
import { useSpotSearch } from '../../lib/search/use-spot-search.ts';
import { readRequest } from '../../lib/search/search-request.ts';
import { useKnownPosition } from '../../lib/guidance/use-known-position.ts';
import { defaultSort } from './list/sort-locations.ts';
import { journalKnown } from '../../store/journal-known.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { ExportDialog } from './list/export-dialog.tsx';
import { ImportDialog } from './list/import-dialog.tsx';
import { SearchControls } from './search/search-controls.tsx';
import { SearchList, useShownSpots, type ListSort } from './search/search-list.tsx';
import '../../styles/pages.css';
import '../../styles/search.css';

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="state-panel" role="alert">
      <p>{message}. Check your connection and try again.</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/**
 * All spots in one list, and the search over them (docs/behaviour.md#search-page): the query
 * box, its chips and the saved searches, the search in the URL. Picking a spot opens it on
 * the map, the search with it.
 */
export function LocationsPage() {
  const locations = useJournalStore((state) => state.locations);
  const loading = useJournalStore((state) => state.locationsLoading);
  const error = useJournalStore((state) => state.locationsError);
  const loadedOnce = useJournalStore(journalKnown);
  const fetchLocations = useJournalStore((state) => state.fetchLocations);
  const { request, setRequest } = useSearchUrl();
  const search = useSpotSearch(request, locations);
  const [chosenSort, setSort] = useState<ListSort | null>(null);
  // Nearest first when the device's position is known (asked of no one), else by last visit.
  const position = useKnownPosition();
  const sort = chosenSort ?? (search.active ? 'match' : defaultSort(position));
  const shown = useShownSpots(locations, search, sort, position);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const share = useShareAction();

  // The store skips this when its list is under 30 s old (docs/behaviour.md#location-loading).
  useEffect(() => {
    void fetchLocations();
  }, [fetchLocations]);

  const retry = () => void fetchLocations(true);

  let body: ReactNode;
  if (locations.length === 0 && error) {
    body = <LoadFailed message={error} onRetry={retry} />;
  } else if (locations.length === 0 && (loading || !loadedOnce)) {
    body = (
      <div className="state-panel" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>Loading your spots…</p>
      </div>
    );
  } else if (locations.length === 0) {
    body = (
      <div className="state-panel">
        <h2>No spots yet</h2>
        <p>Every place you forage becomes a spot you can find again here.</p>
        <Link className="button button-primary" to="/">
          Add your first spot on the map
        </Link>
      </div>
    );
  } else {
    const { facets } = readRequest(request);
    body = (
      <>
        {error && (
          <p className="inline-alert" role="alert">
            {error}; showing what was loaded before.{' '}
            <button type="button" className="link-button" onClick={retry}>
              Retry
            </button>
          </p>
        )}
        <SearchControls
          locations={locations}
          request={request}
          facets={facets}
          active={search.active}
          onRequest={setRequest}
        />
        <SearchList
          locations={locations}
          shown={shown}
          sort={sort}
          onSort={setSort}
          request={request}
          search={search}
          onRequest={setRequest}
          position={position}
        />
      </>
    );
  }

  return (
    <div className="page page-fill locations-page">
      <div className="page-heading">
        <h1>Locations</h1>
        <div className="page-heading-actions">
          <button
            type="button"
            className="button button-quiet"
            aria-haspopup="dialog"
            onClick={() => setImporting(true)}
          >
            Import
          </button>
          {locations.length > 0 && (
            <button
              type="button"
              className="button button-quiet"
              aria-haspopup="dialog"
              onClick={() => setExporting(true)}
            >
              Export
            </button>
          )}
          {share && shown.length > 0 && (
            <button
              type="button"
              className="button button-quiet"
              aria-haspopup="dialog"
              // The spots the filters show (a share holds at most 100): the dialog can untick some.
              onClick={() => share(shown.slice(0, shareLimits.locations).map((l) => l.id))}
            >
              Share…
            </button>
          )}
        </div>
      </div>
      {body}
      {exporting && (
        <ExportDialog
          total={locations.length}
          shownIds={shown.map((location) => location.id)}
          onClose={() => setExporting(false)}
        />
      )}
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          // The changes since the last read (GET /sync): the new spots show at once.
          onImported={() => void fetchLocations(true)}
        />
      )}
    </div>
  );
}
