import type { Entry } from '@fj/contract/entries';
import { normalizePhotoList } from '@fj/contract/photo-list';
import { useState } from 'react';
import { AbundanceDots } from './abundance.tsx';
import { formatEntryDate } from './entry-dates.ts';
import { PhotoViewer } from './photo-viewer.tsx';
import { resolveServerUrl } from '../../lib/api/api-base.ts';
import { findsOf, formatFind } from '../../lib/finds-text.ts';
import { SyncMarkBadge } from '../../lib/ui/sync-mark-badge.tsx';
import { useJournalStore } from '../../store/journal-store.ts';
import { syncMarkOf } from '../../store/outbox-view.ts';

interface Props {
  entry: Entry;
  /** The visit matches the search shown on the map. */
  matching?: boolean;
  onEdit(): void;
  onDelete(): void;
}

/** One visit: when, what was found and how much of it (or nothing), the weather, notes and photos. */
export function EntryCard({ entry, matching = false, onEdit, onDelete }: Props) {
  const [viewing, setViewing] = useState<number | null>(null);
  const photos = normalizePhotoList(entry.photos);
  const when = formatEntryDate(entry.date);
  const finds = entry.nothingFound ? [] : findsOf(entry);
  const syncMark = useJournalStore((state) => syncMarkOf(state.outbox, entry.id));
  return (
    <article
      className="entry-card"
      data-match={matching}
      aria-label={`Entry of ${when}${matching ? ', matches the search' : ''}`}
      data-entry={entry.id}
      tabIndex={-1}
    >
      <div className="entry-card-head">
        <h3>
          <time dateTime={entry.date}>{when}</time>
        </h3>
        {entry.abundance !== undefined && <AbundanceDots value={entry.abundance} />}
        {matching && (
          <span className="entry-match" aria-hidden="true">
            Matches
          </span>
        )}
        <SyncMarkBadge mark={syncMark} />
      </div>
      {finds.length > 0 && (
        <ul className="entry-finds" aria-label="Species found">
          {finds.map((find, index) => (
            <li key={find.species}>
              {formatFind(find)}
              {index < finds.length - 1 && <span aria-hidden="true">, </span>}
            </li>
          ))}
        </ul>
      )}
      {entry.nothingFound && <p className="entry-finds">Found nothing</p>}
      {entry.weather && (
        <p className="entry-meta">
          <span>Weather: {entry.weather}</span>
        </p>
      )}
      {entry.notes && <p className="entry-notes">{entry.notes}</p>}
      {photos.length > 0 && (
        <ul className="photo-grid" aria-label="Photos">
          {photos.map((photo, index) => (
            <li key={`${photo.url}-${index}`}>
              <button
                type="button"
                className="photo-thumb"
                aria-label={`View photo ${index + 1} of ${photos.length}`}
                onClick={() => setViewing(index)}
              >
                <img
                  src={resolveServerUrl(photo.thumbnailUrl ?? photo.url)}
                  alt=""
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="journal-actions">
        <button
          type="button"
          className="button button-secondary button-small entry-edit"
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button-danger-quiet button-small"
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
      {viewing !== null && (
        <PhotoViewer photos={photos} startIndex={viewing} onClose={() => setViewing(null)} />
      )}
    </article>
  );
}
