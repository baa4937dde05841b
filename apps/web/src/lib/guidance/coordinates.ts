import type { LatLng } from '../geo.ts';

/** How coordinates are written: decimal degrees, or degrees and decimal minutes (GPS units). */
export type CoordinateFormat = 'decimal' | 'minutes';

/** Five decimals of a degree are about a metre: finer would be noise from any phone's GPS. */
function decimal({ lat, lng }: LatLng): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

/** 50° 07.407′ N: three decimals of a minute are under two metres. */
function minutes(value: number, positive: string, negative: string): string {
  const hemisphere = value < 0 ? negative : positive;
  const thousandths = Math.round(Math.abs(value) * 60_000);
  const degrees = Math.floor(thousandths / 60_000);
  const rest = ((thousandths % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return `${degrees}° ${rest}′ ${hemisphere}`;
}

export function formatCoordinates(position: LatLng, format: CoordinateFormat): string {
  if (format === 'decimal') return decimal(position);
  return `${minutes(position.lat, 'N', 'S')}, ${minutes(position.lng, 'E', 'W')}`;
}

/** The choice is the device's, like the base layer: a GPS unit beside this phone reads one way. */
const storageKey = 'fj.coordinateFormat';

export function storedCoordinateFormat(): CoordinateFormat {
  try {
    return localStorage.getItem(storageKey) === 'minutes' ? 'minutes' : 'decimal';
  } catch {
    return 'decimal';
  }
}

export function storeCoordinateFormat(format: CoordinateFormat): void {
  try {
    localStorage.setItem(storageKey, format);
  } catch {
    // Private mode without storage: the choice lasts this page only.
  }
}
