// The owner's list of saved areas, kept in the tile cache itself under a URL no request asks for.
import type { Bbox } from './tile-math.ts';

/** The parts of a Cache this module uses, so tests can hand it a Map-backed fake. */
export interface TileCache {
  match(url: string): Promise<Response | undefined>;
  put(url: string, response: Response): Promise<void>;
  delete(url: string): Promise<boolean>;
}

export interface SavedArea {
  id: string;
  /** The id of the user who saved it: only theirs are listed (area-owner.ts). */
  owner: string;
  /** The user's name for it; areas saved before names existed have none. */
  name?: string;
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

export async function writeAreas(cache: TileCache, areas: SavedArea[]): Promise<void> {
  await cache.put(
    indexUrl,
    new Response(JSON.stringify(areas), { headers: { 'Content-Type': 'application/json' } }),
  );
}
