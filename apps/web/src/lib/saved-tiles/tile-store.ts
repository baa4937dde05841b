// Saving, updating and deleting an area's tiles: the saved-area API the map feature calls.
import { ensureRoomFor } from '../offline/storage-quota.ts';
import { listAreas, writeAreas, type SavedArea, type TileCache } from './area-index.ts';
import {
  AreaTooLargeError,
  maxTilesPerArea,
  planArea,
  urlsOf,
  type AreaRequest,
} from './area-plan.ts';
import type { FetchLike } from './fetch-or-saved.ts';
import { estimateBytes, type Bbox } from './tile-math.ts';

// What the map feature imports from here along with the operations below.
export { listAreas, type SavedArea } from './area-index.ts';
export { maxTilesPerArea, planArea } from './area-plan.ts';

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
  /** The area's name in the list (saved-area-name.ts picks the default). */
  name?: string;
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
    ...(options.name ? { name: options.name } : {}),
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
    { ...options, id: area.id, name: options.name ?? area.name },
  );
}

/** Gives an area a new name (trimmed); an empty name or an unknown id changes nothing. */
export async function renameArea(
  cache: TileCache,
  owner: string,
  id: string,
  name: string,
): Promise<void> {
  const trimmed = name.trim();
  const areas = await listAreas(cache, owner);
  if (!trimmed || !areas.some((area) => area.id === id)) return;
  await writeAreas(
    cache,
    areas.map((area) => (area.id === id ? { ...area, name: trimmed } : area)),
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
