import type { Location } from '@fj/contract/locations';
import { useState, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { bboxAround, mergeBboxes, type Bbox } from '../../lib/saved-tiles/tile-math.ts';
import { SaveAreaDialog, type AreaChoice } from './save-area-dialog.tsx';

/** The surroundings saved around each spot, and their zooms (docs/behaviour.md#saved-map-areas). */
const spotRadiusMeters = 1000;
const spotZooms = { minZoom: 10, maxZoom: 16 };
/** Saving stops at this zoom by default: street detail, and a size a phone can keep. */
const defaultMaxZoom = 16;

interface Props {
  mapRef: RefObject<MapRef | null>;
  locations: readonly Location[];
}

/** "Save this area for offline" and "Make my spots available offline". */
export function OfflineAreaButtons({ mapRef, locations }: Props) {
  const [choice, setChoice] = useState<AreaChoice | null>(null);

  function saveVisibleArea() {
    const map = mapRef.current;
    if (!map) return;
    const bounds = map.getBounds();
    const bbox: Bbox = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()];
    const zoom = Math.floor(map.getZoom());
    setChoice({
      title: 'Save this area for offline',
      bboxes: [bbox],
      minZoom: Math.min(zoom, defaultMaxZoom),
      maxZoom: Math.max(zoom, defaultMaxZoom),
    });
  }

  function saveSpots() {
    const bboxes = mergeBboxes(
      locations.map(({ position }) => bboxAround(position.lng, position.lat, spotRadiusMeters)),
    );
    setChoice({ title: 'Make my spots available offline', bboxes, ...spotZooms });
  }

  return (
    <div className="map-offline-actions">
      <button type="button" onClick={saveVisibleArea}>
        Save this area for offline
      </button>
      {locations.length > 0 && (
        <button type="button" onClick={saveSpots}>
          Make my spots available offline
        </button>
      )}
      {choice && <SaveAreaDialog choice={choice} onClose={() => setChoice(null)} />}
    </div>
  );
}
