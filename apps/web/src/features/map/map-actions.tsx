import type { LatLng } from '../../lib/geo.ts';
import { AddSpotBar } from './add-spot-bar.tsx';

interface MapActionsProps {
  adding: boolean;
  onAddingChange(adding: boolean): void;
  /** A new spot's position, from the crosshair or an averaged GPS position. */
  onPlace(position: LatLng): void;
  centre(): LatLng | null;
}

/** "Add a spot", and while adding, its ways of placing one. */
export function MapActions({ adding, onAddingChange, onPlace, centre }: MapActionsProps) {
  return (
    <div className="map-actions" data-adding={adding}>
      {adding ? (
        <AddSpotBar centre={centre} onPlace={onPlace} onCancel={() => onAddingChange(false)} />
      ) : (
        <button
          type="button"
          className="map-fab"
          aria-pressed={false}
          onClick={() => onAddingChange(true)}
        >
          <span className="map-fab-icon map-icon-plus" aria-hidden="true" />
          Add a spot
        </button>
      )}
    </div>
  );
}
