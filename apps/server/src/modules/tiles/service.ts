import type { Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../errors.ts';
import type { MapStyle } from './style.ts';
import {
  BadTileFile,
  contentTypeOf,
  gunzipBounded,
  type TileReader,
  type TileSetInfo,
} from './tile-set.ts';

export interface TileSettings {
  /** DATA_DIR/tiles: every .pmtiles and .mbtiles in it is served. */
  dir: string;
  /** MAP_TILES: one more file, wherever it is. */
  file?: string;
}

interface FoundFile {
  path: string;
  kind: 'pmtiles' | 'mbtiles';
  /** mtime and size, in the ETag: a replaced file never answers 304 for its old tiles. */
  version: string;
}

/** A file opened and checked at discovery, served until it changes or is found bad. */
interface TileFile extends FoundFile {
  reader: TileReader;
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

/**
 * The file opened and checked (its size, header, metadata and root directory). The readers are
 * imported on first use, as their packages are: a server without tile files loads neither.
 */
async function open(found: FoundFile): Promise<TileReader> {
  if (found.kind === 'pmtiles')
    return (await import('./pmtiles-reader.ts')).openPmtiles(found.path);
  return (await import('./mbtiles-reader.ts')).openMbtiles(found.path);
}

const versionOf = (stats: Stats) =>
  `${Math.trunc(stats.mtimeMs).toString(36)}-${stats.size.toString(36)}`;

async function describe(file: string): Promise<FoundFile | undefined> {
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

const sameFile = (a: FoundFile | undefined, b: FoundFile) =>
  a?.path === b.path && a.version === b.version;

const closeQuietly = (reader: TileReader) => void reader.close().catch(() => {});

/**
 * The tile files this server serves, by name (the file name without its extension). The folder
 * is read at the first request and again (at most every 5 s) when a request names a file not yet
 * known or asks for the list, so a file dropped into DATA_DIR/tiles is served without a restart.
 * Each file is opened and checked when it is found, and kept open. A bad one (corrupt, truncated,
 * a part that inflates past the limit, tile-set.ts) is refused then, or when a request first
 * meets its bad part: logged once, answered 404 like a missing file, and not opened again until
 * it changes (its modification time or size).
 */
export function createTileService(settings: TileSettings, log: Pick<FastifyBaseLogger, 'warn'>) {
  let files = new Map<string, TileFile>();
  /** Bad files by name, as they were when refused. */
  let refused = new Map<string, FoundFile>();
  let scanned: Promise<void> | undefined;
  let scanning: Promise<void> | undefined;
  let lastScan = 0;

  function refuse(name: string, file: FoundFile, error: unknown): void {
    refused.set(name, { path: file.path, kind: file.kind, version: file.version });
    const reason = error instanceof Error ? error.message : String(error);
    log.warn(`Tile file ${file.path} refused, answered 404 until it changes: ${reason}`);
  }

  async function scanNow(): Promise<void> {
    const names = await readdir(settings.dir).catch(() => [] as string[]);
    const candidates = names.map((name) => path.join(settings.dir, name));
    if (settings.file) candidates.push(path.resolve(settings.file));
    const found = new Map<string, TileFile>();
    const bad = new Map<string, FoundFile>();
    for (const candidate of candidates) {
      const file = await describe(candidate);
      const name = file && path.basename(candidate, path.extname(candidate));
      if (!file || !name || !tileSetNamePattern.test(name) || found.has(name) || bad.has(name))
        continue;
      const known = files.get(name);
      if (known && sameFile(known, file)) {
        found.set(name, known);
        continue;
      }
      const wasRefused = refused.get(name);
      if (wasRefused && sameFile(wasRefused, file)) {
        bad.set(name, wasRefused);
        continue;
      }
      try {
        found.set(name, { ...file, reader: await open(file) });
      } catch (error) {
        refuse(name, file, error);
        bad.set(name, file);
      }
    }
    for (const [name, file] of files) if (found.get(name) !== file) closeQuietly(file.reader);
    files = found;
    refused = bad;
    lastScan = Date.now();
  }

  /** One scan at a time: requests that ask meanwhile share it (a file is opened once). */
  function scan(): Promise<void> {
    scanning ??= scanNow().finally(() => (scanning = undefined));
    return scanning;
  }

  async function lookUp(name: string): Promise<TileFile | undefined> {
    await (scanned ??= scan());
    if (!files.has(name) && Date.now() - lastScan >= rescanEveryMs) await scan();
    return files.get(name);
  }

  async function fileNamed(name: string): Promise<TileFile> {
    const file = await lookUp(name);
    if (!file) throw notFound('Tile set');
    return file;
  }

  /** A bad part met while answering: the file is refused from now on, and this answer is 404. */
  async function guarded<T>(name: string, file: TileFile, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof BadTileFile)) throw error;
      if (files.get(name) === file) {
        files.delete(name);
        closeQuietly(file.reader);
        refuse(name, file, error);
      }
      throw notFound('Tile set');
    }
  }

  async function info(name: string): Promise<TileSetInfo> {
    const file = await fileNamed(name);
    return guarded(name, file, () => file.reader.info());
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
      const file = await fileNamed(name);
      return guarded(name, file, async () => {
        const info = await file.reader.info();
        const vector = info.format === 'pbf';
        const etag = `"${file.version}-${z}-${x}-${y}${vector && !conditional.acceptsGzip ? '-u' : ''}"`;
        const contentType = contentTypeOf[info.format];
        if (conditional.matches(etag)) return { etag, contentType, gzip: false, vector };
        const stored = await file.reader.tile(z, x, y);
        if (!stored) throw notFound('Tile');
        if (stored.gzip && !conditional.acceptsGzip) {
          const body = gunzipBounded(stored.data, 'a gzipped tile');
          return { etag, contentType, body, gzip: false, vector };
        }
        return { etag, contentType, body: stored.data, gzip: stored.gzip, vector };
      });
    },

    async style(name: string, tileJsonUrl: string): Promise<MapStyle> {
      const { styleFor } = await import('./style.ts');
      return styleFor(name, await info(name), tileJsonUrl);
    },

    async close(): Promise<void> {
      await scanning?.catch(() => {});
      const open = [...files.values()].map((file) => file.reader);
      files = new Map();
      await Promise.all(open.map((reader) => reader.close().catch(() => {})));
    },
  };
}

export type TileService = ReturnType<typeof createTileService>;
