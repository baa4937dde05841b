// What an area holds before it is saved: its tile URLs, their count and size, and the cap on them.
import { countTiles, estimateBytes, tilesInAll, type Bbox, type TileCoord } from './tile-math.ts';
import type { SavedArea } from './area-index.ts';

/** The most tiles one saved area may hold (docs/behaviour.md#saved-map-areas). */
export const maxTilesPerArea = 20_000;

export function tileUrl(template: string, tile: TileCoord): string {
  return template
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y));
}

/** The area's tile URLs; stops once past `limit`, so a huge area is refused without listing it. */
export function urlsOf(
  area: Pick<SavedArea, 'bboxes' | 'minZoom' | 'maxZoom' | 'templates'>,
  limit = Infinity,
): string[] {
  const urls: string[] = [];
  for (const tile of tilesInAll(area.bboxes, area.minZoom, area.maxZoom)) {
    for (const template of area.templates) urls.push(tileUrl(template, tile));
    if (urls.length > limit) break;
  }
  return urls;
}

/** A message for the user: the area is too big to save in one go. */
export class AreaTooLargeError extends Error {
  constructor(readonly tileCount: number) {
    super(
      `This area has ${tileCount.toLocaleString('en')} tiles; at most ${maxTilesPerArea.toLocaleString('en')} can be saved at once. Zoom in or choose less detail.`,
    );
    this.name = 'AreaTooLargeError';
  }
}

export interface AreaRequest {
  bboxes: Bbox[];
  minZoom: number;
  maxZoom: number;
  templates: string[];
  kind: 'raster' | 'vector';
}

/** The tile count and size shown before a download starts. */
export function planArea(request: AreaRequest): { tileCount: number; estimatedBytes: number } {
  // Overlapping bboxes share tiles, so their sum is only an upper bound; list them when it is
  // small enough to matter, and report "over the cap" otherwise.
  const upperBound =
    request.bboxes.reduce(
      (sum, bbox) => sum + countTiles(bbox, request.minZoom, request.maxZoom),
      0,
    ) * request.templates.length;
  const tileCount =
    request.bboxes.length === 1 ? upperBound : urlsOf(request, maxTilesPerArea).length;
  return { tileCount, estimatedBytes: estimateBytes(tileCount, request.kind) };
}
