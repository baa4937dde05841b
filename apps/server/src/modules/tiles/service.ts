import type { Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { notFound } from '../../errors.ts';
import type { MapStyle } from './style.ts';
import { contentTypeOf, type TileReader, type TileSetInfo } from './tile-set.ts';

export interface TileSettings {
  /** DATA_DIR/tiles: every .pmtiles and .mbtiles in it is served. */
  dir: string;
  /** MAP_TILES: one more file, wherever it is. */
  file?: string;
}

interface TileFile {
  path: string;
  kind: 'pmtiles' | 'mbtiles';
  /** mtime and size, in the ETag: a replaced file never answers 304 for its old tiles. */
  version: string;
  reader?: Promise<TileReader>;
}

/** A tile, ready to send. */
export interface TileAnswer {
  etag: string;
  contentType: string;
  /** Absent when the client's copy is current (304). */
  body?: Buffer;
  gzip: boolean;
  vector: boolean;
}

const extensions = new Set(['.pmtiles', '.mbtiles']);

/** An unknown name looks in the folder again, at most this often (a stream of bad names stays cheap). */
const rescanEveryMs = 5_000;

/** A tile file's name as it appears in URLs: letters, digits, dot, dash, underscore. */
export const tileSetNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Imported on first use, as the readers' packages are: a server without tile files loads neither. */
async function open(file: TileFile): Promise<TileReader> {
  // The ETag names what is opened now (the file may have changed since the folder was read).
  file.version = versionOf(await stat(file.path));
  if (file.kind === 'pmtiles') return (await import('./pmtiles-reader.ts')).openPmtiles(file.path);
  return (await import('./mbtiles-reader.ts')).openMbtiles(file.path);
}

const versionOf = (stats: Stats) =>
  `${Math.trunc(stats.mtimeMs).toString(36)}-${stats.size.toString(36)}`;

async function describe(file: string): Promise<TileFile | undefined> {
  const extension = path.extname(file).toLowerCase();
  if (!extensions.has(extension)) return undefined;
  const stats = await stat(file).catch(() => undefined);
  if (!stats?.isFile()) return undefined;
  return {
    path: file,
    kind: extension === '.pmtiles' ? 'pmtiles' : 'mbtiles',
    version: versionOf(stats),
  };
}

/**
 * The tile files this server serves, by name (the file name without its extension). The folder
 * is read at the first request and again (at most every 5 s) when a request names a file not yet
 * known or asks for the list, so a file dropped into DATA_DIR/tiles is served without a restart. Each file is opened once and kept open.
 */
export function createTileService(settings: TileSettings) {
  let files = new Map<string, TileFile>();
  let scanned: Promise<void> | undefined;
  let lastScan = 0;

  async function scan(): Promise<void> {
    const names = await readdir(settings.dir).catch(() => [] as string[]);
    const candidates = names.map((name) => path.join(settings.dir, name));
    if (settings.file) candidates.push(path.resolve(settings.file));
    const found = new Map<string, TileFile>();
    for (const candidate of candidates) {
      const file = await describe(candidate);
      const name = file && path.basename(candidate, path.extname(candidate));
      if (!file || !name || !tileSetNamePattern.test(name) || found.has(name)) continue;
      const known = files.get(name);
      found.set(name, known?.path === file.path && known.version === file.version ? known : file);
    }
    for (const [name, file] of files)
      if (found.get(name) !== file)
        void file.reader?.then(
          (reader) => reader.close(),
          () => {},
        );
    files = found;
    lastScan = Date.now();
  }

  async function lookUp(name: string): Promise<TileFile | undefined> {
    await (scanned ??= scan());
    if (!files.has(name) && Date.now() - lastScan >= rescanEveryMs) await scan();
    return files.get(name);
  }

  async function readerOf(name: string): Promise<{ file: TileFile; reader: TileReader }> {
    const file = await lookUp(name);
    if (!file) throw notFound('Tile set');
    // A file that cannot be read (still being copied in, or broken) answers 500, logged, never
    // a half tile, and is opened again at the next request rather than failing for good.
    file.reader ??= open(file).catch((error: unknown) => {
      file.reader = undefined;
      throw error;
    });
    return { file, reader: await file.reader };
  }

  async function info(name: string): Promise<TileSetInfo> {
    return (await readerOf(name)).reader.info();
  }

  return {
    /**
     * The names of the files served now, sorted (the first is the default base map). The folder
     * is read again if the last look is over 5 s old, so a new file becomes the base map too.
     */
    async names(): Promise<string[]> {
      await (scanned ??= scan());
      if (Date.now() - lastScan >= rescanEveryMs) await scan();
      return [...files.keys()].sort();
    },

    info,

    /**
     * One tile. `ifNoneMatch` decides a 304 before any byte is read; `acceptsGzip` false unpacks
     * a gzipped tile for a client that cannot.
     */
    async tile(
      name: string,
      z: number,
      x: number,
      y: number,
      conditional: { matches: (etag: string) => boolean; acceptsGzip: boolean },
    ): Promise<TileAnswer> {
      const { file, reader } = await readerOf(name);
      const info = await reader.info();
      const vector = info.format === 'pbf';
      const etag = `"${file.version}-${z}-${x}-${y}${vector && !conditional.acceptsGzip ? '-u' : ''}"`;
      const contentType = contentTypeOf[info.format];
      if (conditional.matches(etag)) return { etag, contentType, gzip: false, vector };
      const stored = await reader.tile(z, x, y);
      if (!stored) throw notFound('Tile');
      if (stored.gzip && !conditional.acceptsGzip)
        return { etag, contentType, body: gunzipSync(stored.data), gzip: false, vector };
      return { etag, contentType, body: stored.data, gzip: stored.gzip, vector };
    },

    async style(name: string, tileJsonUrl: string): Promise<MapStyle> {
      const { styleFor } = await import('./style.ts');
      return styleFor(name, await info(name), tileJsonUrl);
    },

    async close(): Promise<void> {
      const open = [...files.values()].map((file) => file.reader);
      files = new Map();
      await Promise.all(
        open.map((reader) =>
          reader?.then(
            (r) => r.close(),
            () => {},
          ),
        ),
      );
    },
  };
}

export type TileService = ReturnType<typeof createTileService>;
