import type { Location } from '@fj/contract/locations';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { formatDistance, type LatLng } from '../../../lib/geo.ts';
import { compassPoint, guidanceTo } from '../../../lib/guidance/geodesy.ts';
import { useHeading, usePositionWatch } from '../../../lib/guidance/use-position-watch.ts';
import { askForCompass } from '../../../platform/compass.ts';

interface GuideMeProps {
  location: Location;
  /** Each new position, so the map's "you" dot follows the walk. */
  onPosition?(position: LatLng): void;
}

/**
 * "Guide me": distance and an arrow from the device to the spot (its patch's nearest edge),
 * from GPS and the compass alone, so it works with no signal.
 */
export function GuideMe({ location, onPosition }: GuideMeProps) {
  const [on, setOn] = useState(false);
  const startRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const wasOn = useRef(false);
  useEffect(() => {
    if (on) stopRef.current?.focus();
    else if (wasOn.current) startRef.current?.focus();
    wasOn.current = on;
  }, [on]);

  if (!on)
    return (
      <button
        ref={startRef}
        type="button"
        className="button button-primary"
        onClick={() => {
          void askForCompass();
          setOn(true);
        }}
      >
        Guide me
      </button>
    );
  return (
    <GuidePanel
      location={location}
      onPosition={onPosition}
      stopRef={stopRef}
      onStop={() => setOn(false)}
    />
  );
}

interface GuidePanelProps extends GuideMeProps {
  stopRef: RefObject<HTMLButtonElement | null>;
  onStop(): void;
}

function GuidePanel({ location, onPosition, stopRef, onStop }: GuidePanelProps) {
  const { fix, problem } = usePositionWatch(true, onPosition);
  const heading = useHeading(true);
  const guidance = fix ? guidanceTo(fix, location) : null;
  // The arrow is drawn pointing up; up is the way the phone faces when there is a compass.
  const rotation = guidance ? (guidance.bearing - (heading ?? 0) + 360) % 360 : 0;
  const toWhat = location.area ? "the patch's nearest edge" : 'the spot';

  return (
    <section className="guide" aria-label={`Guide to ${location.name}`}>
      {guidance ? (
        <div className="guide-reading">
          <span
            className="guide-arrow"
            role="img"
            aria-label={`Arrow pointing ${compassPoint(guidance.bearing)}`}
            data-rotation={rotation.toFixed(1)}
            style={{ transform: `rotate(${rotation}deg)` }}
          />
          <div>
            <p
              className="guide-distance"
              data-testid="guide-distance"
              data-meters={guidance.distance.toFixed(1)}
              data-bearing={guidance.bearing.toFixed(1)}
            >
              {guidance.distance === 0 ? 'You are there' : formatDistance(guidance.distance)}
            </p>
            {guidance.distance > 0 && (
              <p>
                {compassPoint(guidance.bearing)} ({Math.round(guidance.bearing)}°) to {toWhat}
              </p>
            )}
            {fix?.accuracy !== undefined && (
              <p data-testid="guide-accuracy">Accurate to ±{Math.round(fix.accuracy)} m</p>
            )}
          </div>
        </div>
      ) : (
        <p role="status">{problem ?? 'Finding your position…'}</p>
      )}
      {guidance && heading === null && (
        <p className="guide-note" role="note">
          No compass reading: the arrow points as on a map with north at the top.
        </p>
      )}
      {guidance && problem && <p role="status">{problem}</p>}
      <button ref={stopRef} type="button" className="button button-quiet" onClick={onStop}>
        Stop guiding
      </button>
    </section>
  );
}
