import type { SharedLocation, SharePrecision } from '@fj/contract/sharing';

const squareNames: Partial<Record<SharePrecision, string>> = {
  km1: 'the 1 km square',
  cell02: 'the 20 km square',
};

const latitude = (value: number) => `${Math.abs(value)}° ${value < 0 ? 'S' : 'N'}`;
const longitude = (value: number) => `${Math.abs(value)}° ${value < 0 ? 'W' : 'E'}`;

/** Where a shared spot is, in words, as finely as the share says and no finer. */
export function placeText(location: SharedLocation, precision: SharePrecision): string {
  if (location.position)
    return `At ${latitude(location.position.lat)}, ${longitude(location.position.lng)}`;
  const ring = location.area?.coordinates[0];
  const square = squareNames[precision];
  if (!ring || !square) return 'Its place is not shared';
  const lats = ring.map(([, lat]) => lat);
  const lngs = ring.map(([lng]) => lng);
  const [south, north] = [Math.min(...lats), Math.max(...lats)];
  const [west, east] = [Math.min(...lngs), Math.max(...lngs)];
  return `Somewhere in ${square} ${latitude(south)} to ${latitude(north)}, ${longitude(west)} to ${longitude(east)}`;
}
