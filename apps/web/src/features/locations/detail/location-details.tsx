import type { Location } from '@fj/contract/locations';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { useShareAction } from '../../../lib/sharing/share-action.tsx';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { SyncMarkBadge } from '../../../lib/ui/sync-mark-badge.tsx';
import { useJournalStore } from '../../../store/journal-store.ts';
import { syncMarkOf } from '../../../store/outbox-view.ts';
import '../../../styles/journal.css';
import { GuideMe } from './guide-me.tsx';
import { LocationEditForm } from './location-edit-form.tsx';
import { LocationFacts } from './location-facts.tsx';
import { deleteMessage, summarize } from './location-summary.ts';
import { SpotCoordinates } from './spot-coordinates.tsx';

interface Props {
  location: Location;
  userPosition: { lat: number; lng: number } | null;
  /** Positions met while guiding, for the map's "you" dot. */
  onUserPosition?(position: { lat: number; lng: number }): void;
  onClose(): void;
  onEditArea(): void;
  /** Its patch is being drawn on the map: focus comes back here when that ends. */
  drawingPatch?: boolean;
  onDeleted(): void;
}

/** One spot: its facts, favourite star, editing, its patch on the map, and deleting it. */
export function LocationDetails({
  location: given,
  userPosition,
  onUserPosition,
  onClose,
  onEditArea,
  drawingPatch = false,
  onDeleted,
}: Props) {
  // The store's copy when it has one, so optimistic edits show at once.
  const location =
    useJournalStore((state) => state.locations.find((item) => item.id === given.id)) ?? given;
  const syncMark = useJournalStore((state) => syncMarkOf(state.outbox, location.id));
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const share = useShareAction();
  const summary = summarize(location);
  // Focus goes to the spot when it opens, is created, or its edit or patch drawing ends:
  // keyboard and screen reader users land on what they just did.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!editing && !drawingPatch) headingRef.current?.focus({ preventScroll: true });
  }, [location.id, editing, drawingPatch]);

  function toggleFavorite() {
    const favorite = !location.favorite;
    useJournalStore
      .getState()
      .updateLocation(location.id, { favorite })
      .catch(() => toast.error('Could not change the favourite. Please try again.'));
  }

  async function remove() {
    await useJournalStore.getState().deleteLocation(location.id);
    setConfirmingDelete(false);
    toast.success(`“${location.name}” deleted`);
    onDeleted();
  }

  function edit() {
    // The form opens at its top, wherever the sheet was scrolled to.
    headingRef.current?.closest('.home-panel')?.scrollTo({ top: 0 });
    setEditing(true);
  }

  if (editing) return <LocationEditForm location={location} onDone={() => setEditing(false)} />;

  return (
    <section className="journal location-details" aria-labelledby={`spot-${location.id}`}>
      <div className="journal-header">
        <h2 id={`spot-${location.id}`} ref={headingRef} tabIndex={-1}>
          {location.name}
        </h2>
        <SyncMarkBadge mark={syncMark} />
        <button
          type="button"
          className="icon-button favorite-toggle"
          aria-pressed={location.favorite}
          aria-label="Favourite"
          title={location.favorite ? 'Remove from favourites' : 'Add to favourites'}
          onClick={toggleFavorite}
        >
          {location.favorite ? '★' : '☆'}
        </button>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <LocationFacts location={location} summary={summary} userPosition={userPosition} />
      <div className="find-again">
        <GuideMe location={location} onPosition={onUserPosition} />
        <SpotCoordinates location={location} />
      </div>
      <div className="journal-actions">
        <button type="button" className="button button-secondary" onClick={edit}>
          Edit
        </button>
        <button type="button" className="button button-secondary" onClick={onEditArea}>
          {location.area ? 'Edit patch' : 'Draw patch'}
        </button>
        {share && (
          <button
            type="button"
            className="button button-secondary"
            aria-haspopup="dialog"
            onClick={() => share([location.id])}
          >
            Share
          </button>
        )}
        <button
          type="button"
          className="button button-danger-quiet"
          onClick={() => setConfirmingDelete(true)}
        >
          Delete
        </button>
      </div>
      {confirmingDelete && (
        <ConfirmDialog
          title="Delete spot?"
          message={deleteMessage(location.name, summary)}
          confirmLabel="Delete spot"
          onConfirm={remove}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
    </section>
  );
}
