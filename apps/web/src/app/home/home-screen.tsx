import type { Location } from '@fj/contract/locations';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { EntryTimeline } from '../../features/entries/entry-timeline.tsx';
import { LocationDetails } from '../../features/locations/detail/location-details.tsx';
import { NewLocationForm } from '../../features/locations/detail/new-location-form.tsx';
import { MapView, type PatchDrawing } from '../../features/map/map-view.tsx';
import { HomeSeasonCard } from '../../features/seasons/home-season-card.tsx';
import { SpotCalendar } from '../../features/seasons/spot-calendar.tsx';
import type { LatLng, Polygon } from '../../lib/geo.ts';
import { useAuth } from '../../lib/identity/auth-provider.tsx';
import { journalKnown, spotsKnown } from '../../store/journal-known.ts';
import { useJournalStore } from '../../store/journal-store.ts';
import '../../styles/map.css';
import { EmptyStateCard } from './empty-state-card.tsx';
import { HomePanel } from './home-panel.tsx';
import { HomeStatus } from './home-status.tsx';
import { useMatchingVisits } from './use-matching-visits.ts';
import { useNarrowScreen } from './use-narrow-screen.ts';
import { useSelectedLocation } from './use-selected-location.ts';
import { SpotsPanel } from './spots-panel.tsx';
import { useKnownPosition } from '../../lib/guidance/use-known-position.ts';
import { useReturnFocus } from './use-return-focus.ts';

/** The "/" page: the map with the user's spots, and a panel for one spot or a new one. */
export function HomeScreen() {
  const { user } = useAuth();
  const locations = useJournalStore((state) => state.locations);
  const loading = useJournalStore((state) => state.locationsLoading);
  const error = useJournalStore((state) => state.locationsError);
  const fetched = useJournalStore(journalKnown);
  const knownSpots = useJournalStore(spotsKnown);
  const fetchLocations = useJournalStore((state) => state.fetchLocations);
  const userId = useJournalStore((state) => state.userId);
  // Spots others share with the user: the first-spot card would cover them.
  const sharedSpots = useJournalStore((state) =>
    state.sharedWithMe.some((grant) => (grant.locations?.length ?? 0) > 0),
  );
  const [selectedId, select] = useSelectedLocation();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<LatLng | null>(null);
  const [userPosition, setUserPosition] = useState<LatLng | null>(null);
  const [drawingId, setDrawingId] = useState<string | null>(null);
  const narrow = useNarrowScreen();
  // For the list beside the map, which only wide screens show.
  const knownPosition = useKnownPosition(!narrow);
  const [pointedId, setPointedId] = useState<string | null>(null);

  // Keyed on the store's user: the session may hand it over just after this screen mounts.
  useEffect(() => {
    if (userId) void fetchLocations();
  }, [userId, fetchLocations]);

  const selected = locations.find((location) => location.id === selectedId) ?? null;
  const matchingIds = useMatchingVisits(selected);
  const drawingLocation = locations.find((location) => location.id === drawingId) ?? null;

  const selectSpot = useCallback(
    (id: string | null) => {
      setPending(null);
      setAdding(false);
      select(id);
    },
    [select],
  );

  function startAt(position: LatLng) {
    select(null);
    setAdding(false);
    setPending(position);
  }

  async function saveArea(location: Location, area: Polygon | null) {
    setDrawingId(null);
    try {
      await useJournalStore.getState().updateLocation(location.id, { area });
      toast.success(area ? 'Patch saved' : 'Patch removed');
    } catch {
      toast.error('The patch could not be saved. Please try again.');
    }
  }

  const drawing: PatchDrawing | null = drawingLocation
    ? {
        initial: drawingLocation.area ?? null,
        onSave: (area) => void saveArea(drawingLocation, area),
        onCancel: () => setDrawingId(null),
      }
    : null;

  const closePanel = useCallback(() => {
    setPending(null);
    select(null);
  }, [select]);

  // An empty journal's card has the Add a spot button then (the map's is hidden).
  useReturnFocus(Boolean(pending ?? selected), () => [
    ...document.querySelectorAll<HTMLElement>('.home-empty button, .map-fab'),
  ]);

  let panel = null;
  // On a phone the sheet would cover the patch being drawn; beside the map it can stay.
  if (drawing && narrow) panel = null;
  else if (pending)
    panel = (
      <HomePanel label="New spot" onClose={closePanel}>
        <NewLocationForm
          position={pending}
          area={null}
          onCreated={(location) => selectSpot(location.id)}
          onCancel={() => setPending(null)}
        />
      </HomePanel>
    );
  else if (selected)
    panel = (
      <HomePanel label={selected.name} onClose={closePanel} closable={false}>
        <LocationDetails
          location={selected}
          userPosition={userPosition}
          onUserPosition={setUserPosition}
          onClose={closePanel}
          onEditArea={() => setDrawingId(selected.id)}
          drawingPatch={drawingId === selected.id}
          onDeleted={() => selectSpot(null)}
        />
        <EntryTimeline location={selected} matchingIds={matchingIds} />
        <SpotCalendar location={selected} />
      </HomePanel>
    );

  const empty = fetched && !loading && !error && locations.length === 0 && !sharedSpots;
  // On a wide screen, with nothing open, the spots are listed beside the map.
  const listed = !narrow && !panel && !adding && !drawing && locations.length > 0;
  const who = user?.name || user?.email || 'forager';
  return (
    <div className="home" data-panel={panel !== null || listed}>
      <h1 className="visually-hidden">Hello, {who}</h1>
      {panel}
      {listed && (
        <SpotsPanel
          locations={locations}
          position={userPosition ?? knownPosition}
          onPoint={setPointedId}
        />
      )}
      <div className="home-map">
        <MapView
          locations={locations}
          spotsKnown={knownSpots}
          selectedId={selected?.id ?? null}
          highlightId={listed ? pointedId : null}
          onSelectLocation={selectSpot}
          adding={adding}
          onAddingChange={(on) => {
            setAdding(on);
            if (on) select(null);
          }}
          onMapClick={startAt}
          pendingPosition={pending}
          userPosition={userPosition}
          onUserPosition={setUserPosition}
          drawing={drawing}
          bottomInset={narrow && panel ? Math.round(window.innerHeight * 0.5) : 0}
        />
        <HomeStatus
          loading={loading || (!fetched && !error)}
          error={error}
          onRetry={() => void fetchLocations(true)}
        />
        {empty && !adding && !pending && <EmptyStateCard onAdd={() => setAdding(true)} />}
        {!panel && !adding && !drawing && (
          <HomeSeasonCard locations={locations} position={userPosition} folded={narrow} />
        )}
      </div>
    </div>
  );
}
