import * as maplibre from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { openTileCache } from '../saved-tiles/saved-fetch.ts';
import { savedTilesLoader, savedTilesProtocol } from '../saved-tiles/saved-tiles-protocol.ts';

/** The "marker" library: MapLibre GL JS, which draws the map, its markers and its layers. */
export type MarkerLibrary = typeof maplibre;

/**
 * MapLibre 6 finds its worker next to its own module file, which a bundle does not have:
 * Vite emits the worker as an asset and we point MapLibre at it before the first map.
 * MapLibre is imported statically here, and this file is itself loaded on demand
 * (map-libraries.ts): one request for both, not one after the other. Its workers are started
 * at once (prewarm), so they are ready, their script fetched and compiled, by the time the
 * first map has its style and spots. Only where there are workers to start: prewarm's own
 * promise would otherwise reject with nobody to catch it (unit tests' happy-dom has none).
 */
export function markerLibrary(): MarkerLibrary {
  maplibre.setWorkerUrl(new URL(workerUrl, window.location.href).href);
  if (typeof Worker === 'function') maplibre.prewarm();
  maplibre.addProtocol(
    savedTilesProtocol,
    savedTilesLoader(openTileCache, (url, init) => fetch(url, init)),
  );
  return maplibre;
}
