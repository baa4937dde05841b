import {
  isGzip,
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

/**
 * An MBTiles file (SQLite), opened read-only with one prepared statement. MBTiles rows are in
 * the TMS scheme, counted from the south: `tile_row = 2^z - 1 - y`.
 */
export async function openMbtiles(file: string): Promise<TileReader> {
  const { default: Database } = await import('better-sqlite3');
  const db = keepUntilExit(new Database(file, { readonly: true, fileMustExist: true }));
  try {
    const rows = keepUntilExit(db.prepare('SELECT name, value FROM metadata')).all() as {
      name: string;
      value: string;
    }[];
    const metadata = new Map(rows.map((row) => [row.name, String(row.value)]));
    const format = formats[metadata.get('format') ?? 'png'];
    if (!format) throw new Error(`${file}: MBTiles format ${metadata.get('format')} is not served`);
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
        return Promise.resolve({ data: row.tile_data, gzip: isGzip(row.tile_data) });
      },
      close: () => {
        db.close();
        return Promise.resolve();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
