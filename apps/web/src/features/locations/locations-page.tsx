import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { shareLimits } from '@fj/contract/sharing';
import { useShareAction } from '../../lib/sharing/share-action.tsx';
import { journalKnown } from '../../store/journal-known.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import { filterLocations, noFilters, type LocationFilters } from './list/filter-locations.ts';
import { filterOptions } from './list/filter-options.ts';
import { showingCount } from './list/format-visit.ts';
import { LocationFiltersBar } from './list/location-filters.tsx';
import { ExportDialog } from './list/export-dialog.tsx';
import { ImportDialog } from './list/import-dialog.tsx';
import { LocationList } from './list/location-list.tsx';
import { sortLocations, type LocationSort } from './list/sort-locations.ts';
import '../../styles/pages.css';

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

/** All spots in one searchable list; picking one opens it on the map. */
export function LocationsPage() {
  const locations = useJournalStore((state) => state.locations);
  const loading = useJournalStore((state) => state.locationsLoading);
  const error = useJournalStore((state) => state.locationsError);
  const loadedOnce = useJournalStore(journalKnown);
  const fetchLocations = useJournalStore((state) => state.fetchLocations);
  const [filters, setFilters] = useState<LocationFilters>(noFilters);
  const [sort, setSort] = useState<LocationSort>('last-visit');
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const share = useShareAction();

  // The store skips this when its list is under 30 s old (docs/behaviour.md#location-loading).
  useEffect(() => {
    void fetchLocations();
  }, [fetchLocations]);

  const options = useMemo(() => filterOptions(locations), [locations]);
  const shown = useMemo(
    () => sortLocations(filterLocations(locations, filters), sort),
    [locations, filters, sort],
  );
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
        <LocationFiltersBar
          filters={filters}
          options={options}
          sort={sort}
          onFilters={setFilters}
          onSort={setSort}
        />
        <p className="list-count" role="status">
          {showingCount(shown.length, locations.length)}
        </p>
        {shown.length > 0 ? (
          <LocationList locations={shown} />
        ) : (
          <div className="state-panel">
            <p>No spot matches these filters.</p>
            <button
              type="button"
              className="button button-quiet"
              onClick={() => setFilters(noFilters)}
            >
              Clear filters
            </button>
          </div>
        )}
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
