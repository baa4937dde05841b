import { ensureRoomFor } from '../offline/storage-quota.ts';
import { countTiles, estimateBytes, tilesInAll, type Bbox, type TileCoord } from './tile-math.ts';

/** The most tiles one saved area may hold (docs/behaviour.md#saved-map-areas). */
export const maxTilesPerArea = 20_000;

/** The parts of a Cache this module uses, so tests can hand it a Map-backed fake. */
export interface TileCache {
  match(url: string): Promise<Response | undefined>;
  put(url: string, response: Response): Promise<void>;
  delete(url: string): Promise<boolean>;
}

export type FetchLike = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;

export interface SavedArea {
  id: string;
  /** The id of the user who saved it: only theirs are listed (area-owner.ts). */
  owner: string;
  bbox: Bbox;
  /** More than one when several spots' surroundings are saved as one area. */
  bboxes: Bbox[];
  minZoom: number;
  maxZoom: number;
  /** The tile URL templates ({z}/{x}/{y}) the area was saved from. */
  templates: string[];
  tileCount: number;
  bytes: number;
  /** ISO date of the last download. */
  savedAt: string;
}

/** The index of saved areas lives in the same cache, under a URL no request ever asks for. */
const indexUrl = 'https://saved-tiles.invalid/areas.json';

/** The owner's saved areas; an entry of anyone else, or of no one, is never listed. */
export async function listAreas(cache: TileCache, owner: string): Promise<SavedArea[]> {
  const response = await cache.match(indexUrl);
  if (!response) return [];
  try {
    const body: unknown = await response.json();
    return Array.isArray(body) ? (body as SavedArea[]).filter((area) => area.owner === owner) : [];
  } catch {
    return [];
  }
}

async function writeAreas(cache: TileCache, areas: SavedArea[]): Promise<void> {
  await cache.put(
    indexUrl,
    new Response(JSON.stringify(areas), { headers: { 'Content-Type': 'application/json' } }),
  );
}

export function tileUrl(template: string, tile: TileCoord): string {
  return template
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y));
}

/** The area's tile URLs; stops once past `limit`, so a huge area is refused without listing it. */
function urlsOf(
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
      `This area has ${tileCount.toLocaleString('en')} tiles; at most ${maxTilesPerArea.toLocaleString('en')} can be saved at once. Zoom in or lower the highest zoom.`,
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

export interface DownloadProgress {
  done: number;
  total: number;
  bytes: number;
  /** Estimated total size from the tiles measured so far. */
  estimatedBytes: number;
}

export interface DownloadOptions {
  /** The owner's own cache (area-owner.ts): the tiles and the index. */
  cache: TileCache;
  /** The user the area is saved for. */
  owner: string;
  fetch: FetchLike;
  /** Extra URLs the map needs offline besides the tiles (the style, its TileJSON). */
  extraUrls?: string[];
  /** Where the extra URLs go (the shared map-start cache); `cache` when not given. */
  extrasCache?: TileCache;
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  ensureRoom?: (bytes: number) => Promise<void>;
  now?: () => Date;
  id?: string;
}

/**
 * Downloads every tile of the area into the cache, `concurrency` at a time, then records the
 * area in the index. A tile the server does not have (404) is skipped: a regional extract may
 * lack some. Cancelling (the signal) stops before the index is written, so no half area is
 * listed; the tiles already saved stay and are reused by the next try.
 */
export async function downloadArea(
  request: AreaRequest,
  options: DownloadOptions,
): Promise<SavedArea> {
  const { cache, owner, fetch, signal, onProgress } = options;
  const { tileCount } = planArea(request);
  if (tileCount > maxTilesPerArea) throw new AreaTooLargeError(tileCount);
  const urls = urlsOf(request);
  await (options.ensureRoom ?? ensureRoomFor)(estimateBytes(urls.length, request.kind));

  for (const url of options.extraUrls ?? []) {
    const response = await fetch(url, { signal });
    if (response.ok) await (options.extrasCache ?? cache).put(url, response);
  }

  let next = 0;
  let done = 0;
  let bytes = 0;
  let stored = 0;
  const report = () =>
    onProgress?.({
      done,
      total: urls.length,
      bytes,
      estimatedBytes: estimateBytes(urls.length, request.kind, { tiles: stored, bytes }),
    });
  const worker = async () => {
    for (let url = urls[next++]; url !== undefined; url = urls[next++]) {
      signal?.throwIfAborted();
      const response = await fetch(url, { signal });
      if (response.ok) {
        const body = await response.arrayBuffer();
        await cache.put(url, new Response(body, { headers: response.headers }));
        bytes += body.byteLength;
        stored++;
      } else if (response.status !== 404 && response.status !== 204) {
        throw new Error(`A map tile could not be downloaded (HTTP ${response.status})`);
      }
      done++;
      report();
    }
  };
  report();
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency ?? 6, urls.length) }, worker),
  );
  signal?.throwIfAborted();

  const area: SavedArea = {
    id: options.id ?? crypto.randomUUID(),
    owner,
    bbox: boundsOf(request.bboxes),
    bboxes: request.bboxes,
    minZoom: request.minZoom,
    maxZoom: request.maxZoom,
    templates: request.templates,
    tileCount: stored,
    bytes,
    savedAt: (options.now?.() ?? new Date()).toISOString(),
  };
  const others = (await listAreas(cache, owner)).filter((saved) => saved.id !== area.id);
  await writeAreas(cache, [...others, area]);
  return area;
}

function boundsOf(bboxes: Bbox[]): Bbox {
  return [
    Math.min(...bboxes.map((b) => b[0])),
    Math.min(...bboxes.map((b) => b[1])),
    Math.max(...bboxes.map((b) => b[2])),
    Math.max(...bboxes.map((b) => b[3])),
  ];
}

/** Downloads a saved area again (newer tiles), keeping its id. */
export function updateArea(
  area: SavedArea,
  kind: AreaRequest['kind'],
  options: DownloadOptions,
): Promise<SavedArea> {
  return downloadArea(
    {
      bboxes: area.bboxes,
      minZoom: area.minZoom,
      maxZoom: area.maxZoom,
      templates: area.templates,
      kind,
    },
    { ...options, id: area.id },
  );
}

/** Removes an area and those of its tiles no other saved area of the owner needs. */
export async function deleteArea(cache: TileCache, owner: string, id: string): Promise<void> {
  const areas = await listAreas(cache, owner);
  const area = areas.find((saved) => saved.id === id);
  if (!area) return;
  const rest = areas.filter((saved) => saved.id !== id);
  await writeAreas(cache, rest);
  const kept = new Set(rest.flatMap((saved) => urlsOf(saved)));
  for (const url of urlsOf(area)) if (!kept.has(url)) await cache.delete(url);
}

/**
 * Network first, the saved copy when the network does not answer (offline, timeout, server
 * error). Throws the network's error when nothing is saved either.
 */
export async function fetchOrSaved(
  url: string,
  cache: TileCache,
  fetch: FetchLike,
  signal?: AbortSignal,
): Promise<Response> {
  try {
    const response = await fetch(url, { signal });
    if (response.ok || response.status === 404 || response.status === 204) return response;
    const saved = await cache.match(url);
    return saved ?? response;
  } catch (error) {
    if (signal?.aborted) throw error;
    const saved = await cache.match(url);
    if (saved) return saved;
    throw error;
  }
}
