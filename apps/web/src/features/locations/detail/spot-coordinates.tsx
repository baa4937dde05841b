import type { Location } from '@fj/contract/locations';
import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  formatCoordinates,
  storeCoordinateFormat,
  storedCoordinateFormat,
  type CoordinateFormat,
} from '../../../lib/guidance/coordinates.ts';
import { directionsUrl } from '../../../lib/guidance/directions.ts';
import { devicePlatform } from '../../../platform/platform.ts';

const formatNames: Record<CoordinateFormat, string> = {
  decimal: 'Decimal degrees',
  minutes: 'Degrees and minutes',
};

/** Where a spot is, in words a GPS unit or another app takes: coordinates, Copy, Directions. */
export function SpotCoordinates({ location }: { location: Location }) {
  const [format, setFormat] = useState<CoordinateFormat>(storedCoordinateFormat);
  const text = formatCoordinates(location.position, format);

  function choose(next: CoordinateFormat) {
    setFormat(next);
    storeCoordinateFormat(next);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Coordinates copied');
    } catch {
      toast.error('Could not copy here: select the coordinates and copy them instead.');
    }
  }

  return (
    <div className="spot-coordinates">
      <div className="spot-coordinates-line">
        <span className="spot-coordinates-text" data-testid="spot-coordinates">
          {text}
        </span>
        <button type="button" className="button button-quiet" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <div className="spot-coordinates-line">
        <label>
          <span className="visually-hidden">Coordinate format</span>
          <select
            value={format}
            aria-label="Coordinate format"
            onChange={(event) => choose(event.target.value as CoordinateFormat)}
          >
            {(Object.keys(formatNames) as CoordinateFormat[]).map((key) => (
              <option key={key} value={key}>
                {formatNames[key]}
              </option>
            ))}
          </select>
        </label>
        <a
          className="button button-secondary"
          href={directionsUrl(location.position, location.name, devicePlatform())}
          target="_blank"
          rel="noreferrer"
        >
          Directions
        </a>
      </div>
    </div>
  );
}
