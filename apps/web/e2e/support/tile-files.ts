import Database from 'better-sqlite3';
import sharp from 'sharp';
import type { TileCoord } from '../../src/lib/saved-tiles/tile-math.ts';

/** Tile files the e2e tests write for their own server's DATA_DIR/tiles (no outside data). */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** One 256 px PNG of a single colour. */
export function solidPng(colour: Rgb): Promise<Buffer> {
  return sharp({ create: { width: 256, height: 256, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * A 256 px PNG of `colour` crossed by a few darker lines placed by the tile's own coordinates,
 * so each tile's bytes differ (as a real map's do) and weigh a few kB instead of a hundred bytes,
 * while most of its pixels stay the colour a test looks for.
 */
export function mapLikePng(colour: Rgb, tile: TileCoord): Promise<Buffer> {
  const dark = `rgb(${colour.r >> 1},${colour.g >> 1},${colour.b >> 1})`;
  const lines = Array.from({ length: 6 }, (_, i) => {
    const a = (tile.x * 37 + tile.y * 11 + i * 53 + tile.z * 7) % 256;
    const b = (tile.x * 13 + tile.y * 29 + i * 97) % 256;
    return `<path d="M0 ${a} Q128 ${b} 256 ${(a + b) % 256}" stroke="${dark}" stroke-width="${1 + (i % 3)}" fill="none"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="rgb(${colour.r},${colour.g},${colour.b})"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** An MBTiles file (SQLite, TMS rows) holding the given XYZ tiles. */
export function writeMbtiles(
  file: string,
  tiles: Iterable<{ tile: TileCoord; data: Buffer }>,
  metadata: Record<string, string>,
): void {
  const db = new Database(file);
  db.exec(`CREATE TABLE metadata (name text, value text);
    CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob);`);
  const meta = db.prepare('INSERT INTO metadata VALUES (?, ?)');
  for (const [name, value] of Object.entries(metadata)) meta.run(name, value);
  const insert = db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (const { tile, data } of tiles) insert.run(tile.z, tile.x, 2 ** tile.z - 1 - tile.y, data);
  })();
  db.close();
}

/** Every tile of zooms 0 to `maxZoom`. */
export function* wholeWorld(maxZoom: number): Generator<TileCoord> {
  for (let z = 0; z <= maxZoom; z += 1)
    for (let x = 0; x < 2 ** z; x += 1) for (let y = 0; y < 2 ** z; y += 1) yield { z, x, y };
}

/** A raster MBTiles of zooms 0–3 in one colour (MapLibre overzooms past 3). */
export async function writeSolidMbtiles(file: string, colour: Rgb): Promise<void> {
  const png = await solidPng(colour);
  writeMbtiles(
    file,
    [...wholeWorld(3)].map((tile) => ({ tile, data: png })),
    { minzoom: '0', maxzoom: '3', name: 'solid', format: 'png' },
  );
}

/** The share of the image's pixels that are this colour (within rounding). */
export async function shareOfColour(png: Buffer, colour: Rgb): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let matching = 0;
  const close = (value: number | undefined, want: number) => Math.abs((value ?? -99) - want) <= 3;
  for (let at = 0; at < data.length; at += info.channels)
    if (close(data[at], colour.r) && close(data[at + 1], colour.g) && close(data[at + 2], colour.b))
      matching += 1;
  return matching / (data.length / info.channels);
}
