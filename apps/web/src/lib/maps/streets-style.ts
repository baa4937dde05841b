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

/**
 * Fetches the streets style ourselves: an unreachable style URL handed to MapLibre leaves it
 * with no style at all (no background, no spots), whereas here it becomes `null` and the
 * plain background takes over. Never rejects.
 */
export async function loadStreetsStyle(url: string): Promise<StyleSpecification | null> {
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
