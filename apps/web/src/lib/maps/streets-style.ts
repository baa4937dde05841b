import type { StyleSpecification } from 'maplibre-gl';
import type { ClientConfig } from '../api/client-config.ts';
import { fetchOrSavedCopy } from '../saved-tiles/saved-fetch.ts';
import { withSavedTiles } from '../saved-tiles/saved-tiles-protocol.ts';

/**
 * Where the streets layer comes from, in order: the server's own base map (a tile file on the
 * server, docs/behaviour.md#map-tiles), then the outside style (MAP_STYLE_URL).
 */
export function streetsStyleUrls(config: ClientConfig): string[] {
  return [config.localMapStyleUrl, config.mapStyleUrl].filter(Boolean);
}

function isStyle(value: unknown): value is StyleSpecification {
  return (
    typeof value === 'object' &&
    value !== null &&
    'version' in value &&
    'layers' in value &&
    Array.isArray(value.layers)
  );
}

/** Styles fetched at start (app/start-up.ts), each handed to the map once if it came. */
const early = new Map<string, Promise<StyleSpecification | null>>();

/**
 * Fetches the streets style ourselves: an unreachable style URL handed to MapLibre leaves it
 * with no style at all (no background, no spots), whereas here it becomes `null` and the
 * plain background takes over. Never rejects.
 */
export async function loadStreetsStyle(url: string): Promise<StyleSpecification | null> {
  const warmed = early.get(url);
  early.delete(url);
  return (await warmed) ?? fetchStyle(url);
}

/** Starts fetching the style the map will ask for, before the map's code has loaded. */
export function warmStreetsStyle(url: string): void {
  if (url && !early.has(url)) early.set(url, fetchStyle(url));
}

async function fetchStyle(url: string): Promise<StyleSpecification | null> {
  if (!url) return null;
  try {
    const response = await fetchOrSavedCopy(url);
    if (!response.ok) return null;
    const body: unknown = await response.json();
    // Its tiles load network first, then from the saved map areas (lib/saved-tiles).
    return isStyle(body) ? withSavedTiles(body) : null;
  } catch {
    return null;
  }
}
