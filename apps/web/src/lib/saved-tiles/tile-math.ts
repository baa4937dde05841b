/** West, south, east, north in degrees (the order MapLibre's LngLatBounds.toArray() flattens to). */
export type Bbox = readonly [west: number, south: number, east: number, north: number];

export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

/** Web Mercator stops here; tiles beyond it do not exist. */
const maxLatitude = 85.0511287798066;

const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value));

/** The XYZ tile column and row holding a point at zoom z (slippy-map tile names). */
export function tileAt(lng: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const latRad = (clamp(lat, -maxLatitude, maxLatitude) * Math.PI) / 180;
  const x = Math.floor(((clamp(lng, -180, 180) + 180) / 360) * n);
  const y = Math.floor(((1 - Math.asinh(Math.tan(latRad)) / Math.PI) / 2) * n);
  // The east and south edges (lng 180, lat -85.05) belong to the last tile, not one past it.
  return { x: clamp(x, 0, n - 1), y: clamp(y, 0, n - 1) };
}

interface TileRange {
  z: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

function rangeAt(bbox: Bbox, z: number): TileRange {
  const [west, south, east, north] = bbox;
  const topLeft = tileAt(west, north, z);
  const bottomRight = tileAt(east, south, z);
  return { z, minX: topLeft.x, maxX: bottomRight.x, minY: topLeft.y, maxY: bottomRight.y };
}

function zooms(minZoom: number, maxZoom: number): number[] {
  const list: number[] = [];
  for (let z = minZoom; z <= maxZoom; z++) list.push(z);
  return list;
}

/** How many tiles cover the bbox over the zoom range, without listing them. */
export function countTiles(bbox: Bbox, minZoom: number, maxZoom: number): number {
  return zooms(minZoom, maxZoom).reduce((sum, z) => {
    const r = rangeAt(bbox, z);
    return sum + (r.maxX - r.minX + 1) * (r.maxY - r.minY + 1);
  }, 0);
}

/** The tiles covering the bbox, lowest zoom first (so a cancelled download keeps an overview). */
export function* tilesIn(bbox: Bbox, minZoom: number, maxZoom: number): Generator<TileCoord> {
  for (const z of zooms(minZoom, maxZoom)) {
    const r = rangeAt(bbox, z);
    for (let x = r.minX; x <= r.maxX; x++) for (let y = r.minY; y <= r.maxY; y++) yield { z, x, y };
  }
}

/** The tiles of several bboxes, each tile once even where the bboxes overlap. */
export function* tilesInAll(
  bboxes: readonly Bbox[],
  minZoom: number,
  maxZoom: number,
): Generator<TileCoord> {
  const seen = new Set<string>();
  for (const bbox of bboxes)
    for (const tile of tilesIn(bbox, minZoom, maxZoom)) {
      const key = `${tile.z}/${tile.x}/${tile.y}`;
      if (seen.has(key)) continue;
      seen.add(key);
      yield tile;
    }
}

/**
 * Typical bytes per tile before any is measured: a 256 px raster PNG of a map and a gzipped
 * vector tile at street zooms. Rough on purpose: the estimate is replaced by the measured
 * average once the first tiles arrive.
 */
export const defaultTileBytes = { raster: 25_000, vector: 40_000 } as const;

/** The estimated size of `tileCount` tiles: the measured average when there is one, else the default. */
export function estimateBytes(
  tileCount: number,
  kind: keyof typeof defaultTileBytes,
  measured?: { tiles: number; bytes: number },
): number {
  const perTile =
    measured && measured.tiles > 0 ? measured.bytes / measured.tiles : defaultTileBytes[kind];
  return Math.round(tileCount * perTile);
}

function overlaps(a: Bbox, b: Bbox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

function union(a: Bbox, b: Bbox): Bbox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

/**
 * Merges bboxes that overlap (or touch) into their union, repeating until none overlap, so
 * spots close together become one saved area instead of many that share tiles.
 */
export function mergeBboxes(bboxes: readonly Bbox[]): Bbox[] {
  let merged = [...bboxes];
  let changed = true;
  while (changed) {
    changed = false;
    const next: Bbox[] = [];
    for (const bbox of merged) {
      const index = next.findIndex((other) => overlaps(other, bbox));
      const other = next[index];
      if (!other) next.push(bbox);
      else {
        next[index] = union(other, bbox);
        changed = true;
      }
    }
    merged = next;
  }
  return merged;
}

const metersPerDegreeLat = 111_320;

/** The square bbox reaching `radiusMeters` from a point in every direction. */
export function bboxAround(lng: number, lat: number, radiusMeters: number): Bbox {
  const dLat = radiusMeters / metersPerDegreeLat;
  const cosLat = Math.max(Math.cos((lat * Math.PI) / 180), 1e-6);
  const dLng = radiusMeters / (metersPerDegreeLat * cosLat);
  return [
    clamp(lng - dLng, -180, 180),
    clamp(lat - dLat, -maxLatitude, maxLatitude),
    clamp(lng + dLng, -180, 180),
    clamp(lat + dLat, -maxLatitude, maxLatitude),
  ];
}

/** The bbox two opposite corners span, whichever way they were drawn. */
export function bboxOfCorners(
  a: { lng: number; lat: number },
  b: { lng: number; lat: number },
): Bbox {
  return [
    clamp(Math.min(a.lng, b.lng), -180, 180),
    clamp(Math.min(a.lat, b.lat), -maxLatitude, maxLatitude),
    clamp(Math.max(a.lng, b.lng), -180, 180),
    clamp(Math.max(a.lat, b.lat), -maxLatitude, maxLatitude),
  ];
}
