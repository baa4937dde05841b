import type { StyleSpecification } from 'maplibre-gl';
import { clientConfigUrl } from '../api/client-config.ts';
import { fetchOrSavedCopy } from './saved-fetch.ts';
import { savedTilesProtocol } from './saved-tiles-protocol.ts';

/** What saving an area of the base map downloads besides its tiles. */
export interface AreaSource {
  templates: string[];
  kind: 'raster' | 'vector';
  /** The source's highest zoom: past it MapLibre overzooms, so there is nothing to save. */
  maxZoom: number;
  /** The config, the style and its TileJSON: what the map needs to start offline. */
  extraUrls: string[];
}

const prefix = `${savedTilesProtocol}://`;
const plain = (url: string): string => (url.startsWith(prefix) ? url.slice(prefix.length) : url);

function tileJsonMaxZoom(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || !('maxzoom' in body)) return undefined;
  return typeof body.maxzoom === 'number' ? body.maxzoom : undefined;
}

function tileTemplates(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || !('tiles' in body)) return [];
  return Array.isArray(body.tiles)
    ? body.tiles.filter((url): url is string => typeof url === 'string')
    : [];
}

/**
 * The tile URLs of the streets style's first tiled source (the server's own base map), read
 * from its TileJSON. Null when the style has none: outside styles are not saved
 * (docs/behaviour.md#saved-map-areas).
 */
export async function areaSource(
  styleUrl: string,
  style: StyleSpecification,
): Promise<AreaSource | null> {
  for (const source of Object.values(style.sources)) {
    if (source.type !== 'raster' && source.type !== 'vector') continue;
    const tileJsonUrl = source.url ? plain(source.url) : null;
    let templates = (source.tiles ?? []).map(plain);
    let maxZoom = source.maxzoom ?? 22;
    if (tileJsonUrl) {
      const response = await fetchOrSavedCopy(tileJsonUrl);
      if (!response.ok) return null;
      const body: unknown = await response.json();
      templates = tileTemplates(body);
      maxZoom = tileJsonMaxZoom(body) ?? maxZoom;
    }
    if (templates.length === 0) return null;
    return {
      templates,
      kind: source.type,
      maxZoom,
      extraUrls: [clientConfigUrl(), styleUrl, ...(tileJsonUrl ? [tileJsonUrl] : [])],
    };
  }
  return null;
}
