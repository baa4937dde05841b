import { useState } from 'react';
import { toast } from 'react-toastify';
import type { LatLng } from '../../lib/geo.ts';
import { getCurrentPosition, PositionError } from './get-current-position.ts';

interface MapActionsProps {
  adding: boolean;
  onAddingChange(adding: boolean): void;
  onPosition(position: LatLng): void;
}

/** The two ways to start a spot that are not search: tap the map, or stand on it. */
export function MapActions({ adding, onAddingChange, onPosition }: MapActionsProps) {
  const [locating, setLocating] = useState(false);

  async function locate() {
    setLocating(true);
    try {
      onPosition(await getCurrentPosition());
    } catch (error) {
      toast.error(
        error instanceof PositionError ? error.message : 'Your position is not available.',
      );
    } finally {
      setLocating(false);
    }
  }

  return (
    <div className="map-actions">
      <button
        type="button"
        className="map-fab"
        aria-pressed={adding}
        data-active={adding}
        onClick={() => onAddingChange(!adding)}
      >
        <span className="map-fab-icon map-icon-plus" aria-hidden="true" />
        {adding ? 'Cancel adding' : 'Add a spot'}
      </button>
      <button
        type="button"
        className="map-round-button"
        aria-label="Use my position"
        title="Use my position"
        aria-busy={locating}
        disabled={locating}
        onClick={() => void locate()}
      >
        <span className="map-icon-locate" aria-hidden="true" />
      </button>
    </div>
  );
}
