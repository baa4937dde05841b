import type * as MapLibreModule from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

/** The "marker" library: MapLibre GL JS, which draws the map, its markers and its layers. */
export type MarkerLibrary = typeof MapLibreModule;

/**
 * MapLibre 6 finds its worker next to its own module file, which a bundle does not have:
 * Vite emits the worker as an asset and we point MapLibre at it before the first map.
 */
export async function markerLibrary(): Promise<MarkerLibrary> {
  const maplibre = await import('maplibre-gl');
  maplibre.setWorkerUrl(new URL(workerUrl, window.location.href).href);
  return maplibre;
}
