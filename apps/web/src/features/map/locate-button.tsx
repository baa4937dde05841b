import { useState } from 'react';
import { toast } from 'react-toastify';
import type { LatLng } from '../../lib/geo.ts';
import { getCurrentPosition, PositionError } from './get-current-position.ts';

/** The target button: centres the map on the device's position, and does nothing else. */
export function LocateButton({ onPosition }: { onPosition(position: LatLng): void }) {
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
    <button
      type="button"
      className="map-control map-locate"
      aria-label="Use my position"
      title="Use my position"
      aria-busy={locating}
      disabled={locating}
      onClick={() => void locate()}
    >
      <span className="map-icon-locate" aria-hidden="true" />
    </button>
  );
}
