// Saved map areas in plain words: how much detail, what to call an area, its size and date.
import type { Location } from '@fj/contract/locations';
import { formatDayOf } from '../../lib/dates.ts';
import { distanceMeters } from '../../lib/geo.ts';
import type { Bbox } from '../../lib/saved-tiles/tile-math.ts';

/** The choices of detail, each the highest zoom it saves (docs/behaviour.md#saved-map-areas). */
export const detailLevels = [
  { maxZoom: 12, label: 'Overview', hint: 'Towns, main roads and woods' },
  { maxZoom: 16, label: 'Street level detail', hint: 'Every road, track and stream' },
  { maxZoom: 18, label: 'Most detail', hint: 'Footpaths and buildings; the largest download' },
] as const;

const mostDetail = Math.max(...detailLevels.map((level) => level.maxZoom));

/** The least detail that still reaches `maxZoom`; the most there is past it. */
export function detailFor(maxZoom: number): number {
  const level = detailLevels.find((candidate) => candidate.maxZoom >= maxZoom);
  return level?.maxZoom ?? mostDetail;
}

/** A spot farther than this from the area's middle does not name it. */
export const namingReachMeters = 5_000;

function middleOf(bboxes: readonly Bbox[]) {
  const west = Math.min(...bboxes.map((b) => b[0]));
  const south = Math.min(...bboxes.map((b) => b[1]));
  const east = Math.max(...bboxes.map((b) => b[2]));
  const north = Math.max(...bboxes.map((b) => b[3]));
  return { lat: (south + north) / 2, lng: (west + east) / 2 };
}

const degrees = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toFixed(3)}° ${value < 0 ? negative : positive}`;

/**
 * What a new area is called until the user names it: "Near {spot}" after the spot nearest its
 * middle (within 5 km), else the place as coordinates ("Area at 50.012° N, 8.021° E").
 */
export function defaultAreaName(bboxes: readonly Bbox[], spots: readonly Location[]): string {
  if (bboxes.length === 0) return 'Saved area';
  const middle = middleOf(bboxes);
  let nearest: { name: string; meters: number } | null = null;
  for (const spot of spots) {
    const meters = distanceMeters(middle, spot.position);
    if (meters <= namingReachMeters && (nearest === null || meters < nearest.meters))
      nearest = { name: spot.name, meters };
  }
  if (nearest) return `Near ${nearest.name}`;
  return `Area at ${degrees(middle.lat, 'N', 'S')}, ${degrees(middle.lng, 'E', 'W')}`;
}

/** "12.3 MB", or "45 kB" for a size that would read "0.0 MB". */
export const megabytes = (bytes: number): string =>
  bytes < 100_000 ? `${Math.ceil(bytes / 1000)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;

/** "12.3 MB · saved 28 Nov 2026": the list's line under an area's name. */
export function areaSummary(area: { bytes: number; savedAt: string }): string {
  return `${megabytes(area.bytes)} · saved ${formatDayOf(area.savedAt)}`;
}
