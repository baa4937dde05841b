import type { Location } from '@fj/contract/locations';
import { useCallback, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { MapRef } from 'react-map-gl/maplibre';
import { bboxAround, mergeBboxes, type Bbox } from '../../lib/saved-tiles/tile-math.ts';
import { AreaRectangle } from './area-rectangle.tsx';
import { MapMenuButton } from './map-controls.tsx';
import { SaveAreaDialog, type AreaChoice } from './save-area-dialog.tsx';

/** The surroundings saved around each spot, and their zooms (docs/behaviour.md#saved-map-areas). */
const spotRadiusMeters = 1000;
const spotZooms = { minZoom: 10, maxZoom: 16 };
/** Saving stops at this zoom by default: street detail, and a size a phone can keep. */
const defaultMaxZoom = 16;

interface Props {
  mapRef: RefObject<MapRef | null>;
  locations: readonly Location[];
  /** The map's own box: the rectangle to drag covers it, not the controls' column. */
  overlayHost: HTMLElement;
}

/** The saved-areas control: "Save this area for offline" and "Make my spots available offline". */
export function OfflineAreaButtons({ mapRef, locations, overlayHost }: Props) {
  const [choice, setChoice] = useState<AreaChoice | null>(null);

  const [drawing, setDrawing] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  /** The area to save, with zooms from the current one (rounded down) to 16. */
  function saveArea(bbox: Bbox) {
    const zoom = Math.floor(mapRef.current?.getZoom() ?? defaultMaxZoom);
    setChoice({
      title: 'Save this area for offline',
      bboxes: [bbox],
      minZoom: Math.min(zoom, defaultMaxZoom),
      maxZoom: Math.max(zoom, defaultMaxZoom),
      drawn: drawing,
    });
    setDrawing(false);
  }

  function saveVisibleArea() {
    const bounds = mapRef.current?.getBounds();
    if (bounds)
      saveArea([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]);
  }

  function saveSpots() {
    const bboxes = mergeBboxes(
      locations.map(({ position }) => bboxAround(position.lng, position.lat, spotRadiusMeters)),
    );
    setChoice({ title: 'Make my spots available offline', bboxes, name: 'My spots', ...spotZooms });
  }

  function choose(action: () => void) {
    setMenuOpen(false);
    action();
  }

  const cancelDrawing = useCallback(() => setDrawing(false), []);
  if (drawing)
    return createPortal(
      <AreaRectangle
        unproject={(point) => mapRef.current?.unproject(point) ?? { lng: 0, lat: 0 }}
        onDone={saveArea}
        onCancel={cancelDrawing}
      />,
      overlayHost,
    );
  return (
    <>
      <MapMenuButton
        label="Saved map areas"
        icon="map-icon-download"
        open={menuOpen}
        onOpenChange={setMenuOpen}
      >
        <div className="map-offline-actions">
          <button type="button" onClick={() => choose(saveVisibleArea)}>
            Save this area for offline
          </button>
          {locations.length > 0 && (
            <button type="button" onClick={() => choose(saveSpots)}>
              Make my spots available offline
            </button>
          )}
        </div>
      </MapMenuButton>
      {choice && (
        <SaveAreaDialog
          choice={choice}
          locations={locations}
          onClose={() => setChoice(null)}
          onDrawRectangle={
            choice.bboxes.length === 1 && choice.title === 'Save this area for offline'
              ? () => {
                  setChoice(null);
                  setDrawing(true);
                }
              : undefined
          }
        />
      )}
    </>
  );
}
