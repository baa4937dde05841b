import { useEffect, useRef, useState } from 'react';
import type { LatLng } from '../../lib/geo.ts';
import { usePointerVerb } from '../../lib/ui/pointer-verb.ts';
import { usePositionAveraging } from './use-position-averaging.ts';

interface AddSpotBarProps {
  /** The map's centre, where the crosshair is. */
  centre(): LatLng | null;
  onPlace(position: LatLng): void;
  onCancel(): void;
}

/**
 * "Add a spot" mode: tap the map, place the spot at the crosshair (no precise tap needed, and
 * the keyboard can do it), or stand on it and average the GPS position.
 */
export function AddSpotBar({ centre, onPlace, onCancel }: AddSpotBarProps) {
  const [averaging, setAveraging] = useState(false);
  const placeRef = useRef<HTMLButtonElement>(null);
  const verb = usePointerVerb();
  useEffect(() => placeRef.current?.focus(), []);

  if (averaging)
    return (
      <AveragingBar
        onDone={onPlace}
        onCancel={() => {
          setAveraging(false);
        }}
      />
    );
  return (
    <div className="map-add-bar" role="group" aria-label="Add a spot">
      <p className="map-add-hint" role="status">
        {verb.Tap} the map where you found something, or move the map to put it under the crosshair.
      </p>
      <div className="map-add-buttons">
        <button
          ref={placeRef}
          type="button"
          className="button button-primary"
          onClick={() => {
            const position = centre();
            if (position) onPlace(position);
          }}
        >
          Place at crosshair
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setAveraging(true)}
        >
          Add a spot here
        </button>
        <button type="button" className="button button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function AveragingBar({ onDone, onCancel }: { onDone(position: LatLng): void; onCancel(): void }) {
  const { current, problem, finish } = usePositionAveraging(({ lat, lng }) => onDone({ lat, lng }));
  const saveRef = useRef<HTMLButtonElement>(null);
  useEffect(() => saveRef.current?.focus(), []);
  return (
    <div className="map-add-bar" role="group" aria-label="Finding your position">
      <p className="map-add-hint" role="status" data-testid="averaging">
        {problem ??
          (current
            ? `Averaging your position: accurate to ±${Math.round(current.accuracy)} m (${current.readings} ${current.readings === 1 ? 'reading' : 'readings'})`
            : 'Finding your position…')}
      </p>
      <div className="map-add-buttons">
        <button
          ref={saveRef}
          type="button"
          className="button button-primary"
          aria-disabled={!current}
          onClick={finish}
        >
          Save now
        </button>
        <button type="button" className="button button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
