import type { Entry } from '@fj/contract/entries';
import type { Location } from '@fj/contract/locations';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog.tsx';
import { useJournalStore } from '../../store/journal-store.ts';
import '../../styles/journal.css';
import { EntryCard } from './entry-card.tsx';
import { formatEntryDate, newestFirst } from './entry-dates.ts';
import { EntryForm } from './entry-form.tsx';

type Editing = { mode: 'new' } | { mode: 'edit'; entry: Entry } | null;

interface EntryTimelineProps {
  location: Location;
  /**
   * The visits a search shown on the map found here (docs/behaviour.md#search-map), marked
   * on their cards; null without a search that asks about visits.
   */
  matchingIds?: ReadonlySet<string> | null;
}

/** A location's visits, newest first, with adding, changing and deleting them. */
export function EntryTimeline({ location: given, matchingIds = null }: EntryTimelineProps) {
  // The store's copy when it has one: entry writes replace it with the server's answer.
  const location =
    useJournalStore((state) => state.locations.find((item) => item.id === given.id)) ?? given;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const entries = newestFirst(location.entries);
  const close = () => setEditing(null);

  async function remove(entry: Entry) {
    await useJournalStore.getState().deleteEntry(location.id, entry.id);
    setDeleting(null);
    toast.success('Entry deleted');
  }

  return (
    <section className="journal timeline-section" aria-labelledby={`timeline-${location.id}`}>
      <div className="timeline-header">
        <h2 id={`timeline-${location.id}`}>Entries</h2>
        {editing === null && (
          <button
            type="button"
            className="button button-primary button-small"
            onClick={() => setEditing({ mode: 'new' })}
          >
            Add entry
          </button>
        )}
      </div>
      {editing?.mode === 'new' && (
        <EntryForm location={location} onSaved={close} onCancel={close} />
      )}
      {matchingIds && (
        <p className="timeline-matches" role="status">
          {matchingIds.size === 0
            ? 'No visit here matches the search.'
            : `${plural(matchingIds.size, 'visit')} here ${matchingIds.size === 1 ? 'matches' : 'match'} the search, marked below.`}
        </p>
      )}
      {entries.length === 0 ? (
        editing === null && <p className="timeline-empty">No visits yet — add your first entry.</p>
      ) : (
        <ol className="timeline" aria-label="Visits, newest first">
          {entries.map((entry) => (
            <li key={entry.id}>
              {editing?.mode === 'edit' && editing.entry.id === entry.id ? (
                <EntryForm location={location} entry={entry} onSaved={close} onCancel={close} />
              ) : (
                <EntryCard
                  entry={entry}
                  matching={matchingIds?.has(entry.id) ?? false}
                  onEdit={() => setEditing({ mode: 'edit', entry })}
                  onDelete={() => setDeleting(entry)}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete entry?"
          message={`Delete the entry of ${formatEntryDate(deleting.date)}${
            deleting.photos.length > 0 ? ` and its ${plural(deleting.photos.length, 'photo')}` : ''
          }? This cannot be undone.`}
          confirmLabel="Delete entry"
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
