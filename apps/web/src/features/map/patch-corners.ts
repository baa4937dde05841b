import type { LatLng, Polygon } from '../../lib/geo.ts';

/** A patch needs three corners before it is an area. */
export const minCorners = 3;

export interface CornerStep {
  /** Corners placed while there is no patch yet (fewer than three). */
  corners: LatLng[];
  /** The patch once it has three corners, else null. */
  area: Polygon | null;
}

const ringOf = (corners: readonly LatLng[]): [number, number][] => {
  const ring = corners.map(({ lat, lng }): [number, number] => [lng, lat]);
  const first = ring[0];
  return first ? [...ring, first] : ring;
};

/**
 * One corner added at the crosshair, the keyboard's way of drawing a patch. Before there is a
 * patch the corners are collected; the third makes the patch; each later one joins the outer
 * ring at its end (just before it closes), so a patch drawn with the pointer can grow too.
 */
export function addCorner(
  area: Polygon | null,
  corners: readonly LatLng[],
  at: LatLng,
): CornerStep {
  const outer = area?.coordinates[0];
  if (area && outer && outer.length >= 4) {
    const open = outer.slice(0, -1);
    const corner: [number, number] = [at.lng, at.lat];
    const ring = [...open, corner, open[0] ?? corner];
    return {
      corners: [],
      area: { type: 'Polygon', coordinates: [ring, ...area.coordinates.slice(1)] },
    };
  }
  const next = [...corners, at];
  if (next.length < minCorners) return { corners: next, area: null };
  return { corners: [], area: { type: 'Polygon', coordinates: [ringOf(next)] } };
}

/** What the drawing toolbar says about the patch so far. */
export function cornerWords(area: Polygon | null, corners: number): string {
  if (area) {
    const count = Math.max(0, (area.coordinates[0]?.length ?? 1) - 1);
    return `A patch with ${count} corners. Drag the corners to adjust it, or add more; then save.`;
  }
  if (corners === 0)
    return 'Tap the corners of the patch, or move the map and add each corner at the crosshair.';
  const left = minCorners - corners;
  return `${corners} ${corners === 1 ? 'corner' : 'corners'}: add ${left} more to make a patch.`;
}
