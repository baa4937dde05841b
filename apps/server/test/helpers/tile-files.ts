import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { zxyToTileId } from 'pmtiles';
import sharp from 'sharp';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { keepUntilExit } from '../../src/db/sqlite-kept-objects.ts';

/*
 * Small tile files made in the test: no outside data. MBTiles is written with better-sqlite3 in
 * the spec's schema; PMTiles v3 by hand (the pmtiles package only reads), after the spec:
 * a 127-byte header, one root directory, the JSON metadata, then the tile data.
 */

export interface FixtureTile {
  z: number;
  x: number;
  /** XYZ, counted from the north (the writer flips it for MBTiles). */
  y: number;
  data: Buffer;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** A 256×256 PNG of one colour. */
export function solidPng(colour: Rgb): Promise<Buffer> {
  return sharp({ create: { width: 256, height: 256, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A vector tile with a `roads` line and a `water` polygon, gzipped as tile files store them. */
export function gzippedVectorTile(roadClass: string): { raw: Buffer; gzipped: Buffer } {
  // geojson-vt's tile shape (type 2 line, 3 polygon; tile units 0–4096), of which the writer
  // reads only type, geometry and tags.
  const layers = {
    roads: {
      features: [
        {
          type: 2,
          geometry: [
            [
              [0, 0],
              [4096, 4096],
            ],
          ],
          tags: { kind: roadClass },
        },
      ],
    },
    water: {
      features: [
        {
          type: 3,
          geometry: [
            [
              [0, 0],
              [2048, 0],
              [2048, 2048],
              [0, 2048],
              [0, 0],
            ],
          ],
          tags: {},
        },
      ],
    },
  } as unknown as Parameters<typeof fromGeojsonVt>[0];
  const raw = Buffer.from(fromGeojsonVt(layers));
  return { raw, gzipped: gzipSync(raw) };
}

export function writeMbtiles(
  file: string,
  tiles: FixtureTile[],
  metadata: Record<string, string>,
): void {
  const db = keepUntilExit(new Database(file));
  db.exec(`CREATE TABLE metadata (name text, value text);
    CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob);
    CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);`);
  const meta = keepUntilExit(db.prepare('INSERT INTO metadata (name, value) VALUES (?, ?)'));
  for (const [name, value] of Object.entries(metadata)) meta.run(name, value);
  const insert = keepUntilExit(db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?)'));
  for (const tile of tiles) insert.run(tile.z, tile.x, 2 ** tile.z - 1 - tile.y, tile.data);
  db.close();
}

/** The spec's numbers: tile type 1 MVT, 2 PNG; compression 1 none, 2 gzip. */
export interface PmtilesOptions {
  tileType: 1 | 2;
  tileCompression: 1 | 2;
  metadata: Record<string, unknown>;
  bounds: [number, number, number, number];
  /** How the directory and metadata are stored: none (1, the default) or gzip (2). */
  internalCompression?: 1 | 2;
  /** Stored bytes written instead of the ones made from the tiles and metadata (broken files). */
  stored?: { rootDirectory?: Buffer; metadata?: Buffer };
}

let zeroMember: Buffer | undefined;

/**
 * Gzip that inflates to `prefix` and then at least `zeros` zero bytes, made cheaply: gzip of
 * 8 MiB of zeros (8 kB) repeated, since gunzip reads concatenated members as one stream.
 */
export function gzipBomb(zeros: number, prefix: Buffer = Buffer.alloc(0)): Buffer {
  const block = 8 * 1024 * 1024;
  zeroMember ??= gzipSync(Buffer.alloc(block), { level: 9 });
  const members = Array.from({ length: Math.ceil(zeros / block) }, () => zeroMember as Buffer);
  return Buffer.concat([gzipSync(prefix), ...members]);
}

/** A PMTiles directory's entry count as the spec writes it (a varint), for a bomb's start. */
export const directoryCount = (count: number): Buffer => varints([count]);

function varints(values: number[]): Buffer {
  const bytes: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      bytes.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    bytes.push(value);
  }
  return Buffer.from(bytes);
}

export function writePmtiles(file: string, tiles: FixtureTile[], options: PmtilesOptions): void {
  const entries = tiles
    .map((tile) => ({ id: zxyToTileId(tile.z, tile.x, tile.y), data: tile.data }))
    .sort((a, b) => a.id - b.id);
  let offset = 0;
  const placed = entries.map((entry) => {
    const at = offset;
    offset += entry.data.length;
    return { ...entry, offset: at };
  });
  // Entries: count, tile id deltas, run lengths, lengths, offsets (+1; 0 = right after the last).
  const internal = options.internalCompression ?? 1;
  const pack = (bytes: Buffer) => (internal === 2 ? gzipSync(bytes) : bytes);
  const directory =
    options.stored?.rootDirectory ??
    pack(
      varints([
        placed.length,
        ...placed.map((entry, i) => entry.id - (placed[i - 1]?.id ?? 0)),
        ...placed.map(() => 1),
        ...placed.map((entry) => entry.data.length),
        ...placed.map((entry, i) => (i > 0 ? 0 : entry.offset + 1)),
      ]),
    );
  const metadata = options.stored?.metadata ?? pack(Buffer.from(JSON.stringify(options.metadata)));
  const data = Buffer.concat(placed.map((entry) => entry.data));
  const header = Buffer.alloc(127);
  const zooms = tiles.map((tile) => tile.z);
  const rootOffset = 127;
  const metadataOffset = rootOffset + directory.length;
  const dataOffset = metadataOffset + metadata.length;
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (value: number, at: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(rootOffset, 8);
  u64(directory.length, 16);
  u64(metadataOffset, 24);
  u64(metadata.length, 32);
  u64(dataOffset, 40); // no leaf directories
  u64(0, 48);
  u64(dataOffset, 56);
  u64(data.length, 64);
  u64(placed.length, 72);
  u64(placed.length, 80);
  u64(placed.length, 88);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(internal, 97);
  header.writeUInt8(options.tileCompression, 98);
  header.writeUInt8(options.tileType, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  const [west, south, east, north] = options.bounds;
  const degrees = (value: number, at: number) => header.writeInt32LE(Math.round(value * 1e7), at);
  degrees(west, 102);
  degrees(south, 106);
  degrees(east, 110);
  degrees(north, 114);
  header.writeUInt8(Math.min(...zooms), 118);
  degrees((west + east) / 2, 119);
  degrees((south + north) / 2, 123);
  writeFileSync(file, Buffer.concat([header, directory, metadata, data]));
}
