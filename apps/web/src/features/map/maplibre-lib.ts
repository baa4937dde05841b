import type * as MapLibreModule from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

type MapLibre = typeof MapLibreModule;

let loading: Promise<MapLibre> | null = null;

/**
 * MapLibre 6 finds its worker next to its own module file, which a bundle does not have:
 * Vite emits the worker as an asset and we point MapLibre at it before the first map.
 */
export function loadMapLibre(): Promise<MapLibre> {
  loading ??= import('maplibre-gl').then((lib) => {
    lib.setWorkerUrl(new URL(workerUrl, window.location.href).href);
    return lib;
  });
  return loading;
}
