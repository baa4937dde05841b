import type { Entry } from '@fj/contract/entries';
import type { Location } from '@fj/contract/locations';
import { useEffect, useRef, useState } from 'react';
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
  // Where focus goes once the next render has drawn it: the entry just saved, or back to the
  // button that opened a form that was cancelled (keyboard and screen reader users).
  const sectionRef = useRef<HTMLElement>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const selector = focusNext.current;
    const target = selector ? sectionRef.current?.querySelector<HTMLElement>(selector) : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });
  const closeTo = (selector: string) => {
    focusNext.current = selector;
    setEditing(null);
  };
  const saved = (id: string) => closeTo(`[data-entry="${CSS.escape(id)}"]`);
  const cancelled = () =>
    closeTo(
      editing?.mode === 'edit'
        ? `[data-entry="${CSS.escape(editing.entry.id)}"] .entry-edit`
        : '.timeline-add',
    );

  async function remove(entry: Entry) {
    await useJournalStore.getState().deleteEntry(location.id, entry.id);
    setDeleting(null);
    // The dialog's opener went with the entry.
    focusNext.current = '.timeline-add';
    toast.success('Entry deleted');
  }

  return (
    <section
      ref={sectionRef}
      className="journal timeline-section"
      aria-labelledby={`timeline-${location.id}`}
    >
      <div className="timeline-header">
        <h2 id={`timeline-${location.id}`}>Entries</h2>
        {editing === null && (
          <button
            type="button"
            className="button button-primary button-small timeline-add"
            onClick={() => setEditing({ mode: 'new' })}
          >
            Add entry
          </button>
        )}
      </div>
      {editing?.mode === 'new' && (
        <EntryForm location={location} onSaved={saved} onCancel={cancelled} />
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
                <EntryForm location={location} entry={entry} onSaved={saved} onCancel={cancelled} />
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
