import { describe, expect, it } from 'vitest';
import {
  bboxAround,
  bboxOfCorners,
  countTiles,
  estimateBytes,
  mergeBboxes,
  tileAt,
  tilesIn,
  tilesInAll,
  type Bbox,
} from './tile-math.ts';

describe('tileAt', () => {
  it('names the slippy-map tile of a point', () => {
    expect(tileAt(0, 0, 0)).toEqual({ x: 0, y: 0 });
    expect(tileAt(0.1, 0.1, 1)).toEqual({ x: 1, y: 0 });
    expect(tileAt(-0.1, -0.1, 1)).toEqual({ x: 0, y: 1 });
    // Berlin at zoom 10 (a well-known tile: 550/335).
    expect(tileAt(13.4, 52.52, 10)).toEqual({ x: 550, y: 335 });
  });

  it('keeps the world edges inside the last tile', () => {
    expect(tileAt(180, -90, 2)).toEqual({ x: 3, y: 3 });
    expect(tileAt(-180, 90, 2)).toEqual({ x: 0, y: 0 });
  });
});

describe('countTiles and tilesIn', () => {
  const world: Bbox = [-180, -85.05, 180, 85.05];

  it('counts every tile of the world per zoom', () => {
    expect(countTiles(world, 0, 0)).toBe(1);
    expect(countTiles(world, 0, 2)).toBe(1 + 4 + 16);
  });

  it('lists as many tiles as it counts, lowest zoom first, each once', () => {
    const bbox: Bbox = [13.3, 52.45, 13.5, 52.55];
    const list = [...tilesIn(bbox, 10, 14)];
    expect(list).toHaveLength(countTiles(bbox, 10, 14));
    expect(list[0]?.z).toBe(10);
    expect(list.at(-1)?.z).toBe(14);
    expect(new Set(list.map((t) => `${t.z}/${t.x}/${t.y}`)).size).toBe(list.length);
  });

  it('gives one tile per zoom for a point-sized bbox', () => {
    expect(countTiles([13.4, 52.52, 13.4, 52.52], 10, 16)).toBe(7);
  });

  it('lists shared tiles of overlapping bboxes once', () => {
    const a: Bbox = [13.3, 52.45, 13.45, 52.55];
    const b: Bbox = [13.4, 52.45, 13.5, 52.55];
    const both = [...tilesInAll([a, b], 12, 12)];
    expect(both).toHaveLength(countTiles([13.3, 52.45, 13.5, 52.55], 12, 12));
  });
});

describe('estimateBytes', () => {
  it('uses the default per format before anything is measured', () => {
    expect(estimateBytes(10, 'raster')).toBe(250_000);
    expect(estimateBytes(10, 'vector')).toBe(400_000);
  });

  it('uses the measured average once tiles arrived', () => {
    expect(estimateBytes(100, 'raster', { tiles: 4, bytes: 4_000 })).toBe(100_000);
    expect(estimateBytes(100, 'raster', { tiles: 0, bytes: 0 })).toBe(2_500_000);
  });
});

describe('mergeBboxes', () => {
  it('merges overlapping bboxes, also through a chain, and keeps apart ones apart', () => {
    const merged = mergeBboxes([
      [0, 0, 2, 2],
      [10, 10, 11, 11],
      [1, 1, 3, 3],
      [2.5, 2.5, 4, 4],
    ]);
    expect(merged).toEqual([
      [0, 0, 4, 4],
      [10, 10, 11, 11],
    ]);
  });

  it('merges a box that only bridges two earlier ones', () => {
    expect(
      mergeBboxes([
        [0, 0, 1, 1],
        [2, 0, 3, 1],
        [0.5, 0, 2.5, 1],
      ]),
    ).toEqual([[0, 0, 3, 1]]);
  });
});

describe('bboxAround', () => {
  it('reaches the radius in each direction', () => {
    const [west, south, east, north] = bboxAround(13.4, 52.52, 1000);
    expect(north - 52.52).toBeCloseTo(1000 / 111_320, 6);
    expect(52.52 - south).toBeCloseTo(1000 / 111_320, 6);
    // Longitude degrees are shorter away from the equator, so the box is wider in degrees.
    expect(east - 13.4).toBeGreaterThan(north - 52.52);
    expect(13.4 - west).toBeCloseTo(east - 13.4, 9);
  });
});

describe('bboxOfCorners', () => {
  it('is the same bbox whichever corner the drag started from', () => {
    const a = { lng: 7.1, lat: 46.4 };
    const b = { lng: 7.3, lat: 46.6 };
    expect(bboxOfCorners(a, b)).toEqual([7.1, 46.4, 7.3, 46.6]);
    expect(bboxOfCorners(b, a)).toEqual([7.1, 46.4, 7.3, 46.6]);
    expect(bboxOfCorners({ lng: 7.1, lat: 46.6 }, { lng: 7.3, lat: 46.4 })).toEqual([
      7.1, 46.4, 7.3, 46.6,
    ]);
  });

  it('keeps to the map: past the poles of Web Mercator and the date line it is cut', () => {
    expect(bboxOfCorners({ lng: -200, lat: -89 }, { lng: 10, lat: 89 })).toEqual([
      -180, -85.0511287798066, 10, 85.0511287798066,
    ]);
  });
});
