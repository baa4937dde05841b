import { open } from 'node:fs/promises';
import {
  BadTileFile,
  isGzip,
  maxPartBytes,
  metadataText,
  readVectorLayers,
  worldBounds,
  type StoredTile,
  type TileFormat,
  type TileReader,
  type TileSetInfo,
} from './tile-set.ts';
import { keepUntilExit } from '../../db/sqlite-kept-objects.ts';

const formats: Record<string, TileFormat> = {
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  webp: 'webp',
  avif: 'avif',
  pbf: 'pbf',
  mvt: 'pbf',
};

function numbers(text: string | undefined, count: number): number[] | undefined {
  const values = text?.split(',').map(Number);
  return values?.length === count && values.every(Number.isFinite) ? values : undefined;
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Every SQLite database file starts with these 16 bytes. */
const sqliteMagic = Buffer.from('SQLite format 3\0', 'latin1');

/** The file's first bytes name it a SQLite database, before SQLite is given it. */
async function checkHeader(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(sqliteMagic.length);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    if (bytesRead < start.length || !start.equals(sqliteMagic))
      throw new BadTileFile('not a SQLite database (MBTiles is one)');
  } finally {
    await handle.close();
  }
}

/**
 * An MBTiles file (SQLite), opened read-only with one prepared statement. MBTiles rows are in
 * the TMS scheme, counted from the south: `tile_row = 2^z - 1 - y`. Opening checks the header
 * and reads the metadata and zoom range, so a corrupt file is refused here (BadTileFile).
 */
export async function openMbtiles(file: string): Promise<TileReader> {
  await checkHeader(file);
  const { default: Database } = await import('better-sqlite3');
  let db: InstanceType<typeof Database>;
  try {
    db = keepUntilExit(new Database(file, { readonly: true, fileMustExist: true }));
  } catch (error) {
    throw new BadTileFile(String(error));
  }
  try {
    const longest = keepUntilExit(
      db.prepare('SELECT MAX(length(value)) AS bytes FROM metadata'),
    ).get() as { bytes: number | null };
    if ((longest.bytes ?? 0) > maxPartBytes)
      throw new BadTileFile(`an MBTiles metadata value of ${longest.bytes} bytes`);
    const rows = keepUntilExit(db.prepare('SELECT name, value FROM metadata')).all() as {
      name: string;
      value: string;
    }[];
    const metadata = new Map(rows.map((row) => [row.name, String(row.value)]));
    const format = formats[metadata.get('format') ?? 'png'];
    if (!format) throw new BadTileFile(`MBTiles format ${metadata.get('format')} is not served`);
    const zooms = keepUntilExit(
      db.prepare('SELECT MIN(zoom_level) AS min, MAX(zoom_level) AS max FROM tiles'),
    ).get() as { min: number | null; max: number | null };
    const minzoom = Number(metadata.get('minzoom') ?? zooms.min ?? 0);
    const maxzoom = Number(metadata.get('maxzoom') ?? zooms.max ?? 0);
    const bounds = (numbers(metadata.get('bounds'), 4) ?? worldBounds) as TileSetInfo['bounds'];
    const center = (numbers(metadata.get('center'), 3) ?? [
      (bounds[0] + bounds[2]) / 2,
      (bounds[1] + bounds[3]) / 2,
      minzoom,
    ]) as TileSetInfo['center'];
    const json = parseJson(metadata.get('json'));
    const info: TileSetInfo = {
      format,
      minzoom,
      maxzoom,
      bounds,
      center,
      vectorLayers: format === 'pbf' ? readVectorLayers(json) : [],
      attribution: metadata.get('attribution') || metadataText(json, 'attribution'),
      description: metadata.get('description') || undefined,
    };
    const select = keepUntilExit(
      db.prepare<[number, number, number], { tile_data: Buffer }>(
        'SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?',
      ),
    );

    return {
      info: () => Promise.resolve(info),
      tile(z, x, y): Promise<StoredTile | undefined> {
        const row = select.get(z, x, 2 ** z - 1 - y);
        if (!row) return Promise.resolve(undefined);
        if (row.tile_data.length > maxPartBytes)
          return Promise.reject(new BadTileFile(`a tile of ${row.tile_data.length} bytes`));
        return Promise.resolve({ data: row.tile_data, gzip: isGzip(row.tile_data) });
      },
      close: () => {
        db.close();
        return Promise.resolve();
      },
    };
  } catch (error) {
    db.close();
    // SQLite's own complaints ("file is not a database", "database disk image is malformed").
    throw error instanceof BadTileFile ? error : new BadTileFile(String(error));
  }
}
