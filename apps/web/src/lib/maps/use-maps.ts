import { useEffect, useSyncExternalStore } from 'react';
import type { ClientConfig } from '../api/client-config.ts';
import type { BaseLayer } from './base-layer.ts';
import type { MapLibraries, MapLibraryName } from './map-libraries.ts';
import { useMapsService } from './maps-provider.tsx';
import type { MapsState } from './maps-service.ts';

/** The server's map settings; null until they arrive (the first caller asks for them). */
export function useMapSettings(): ClientConfig | null {
  const maps = useMapsService();
  useEffect(() => maps.requestSettings(), [maps]);
  return useSyncExternalStore(maps.subscribe, () => maps.getSnapshot().settings);
}

/** The settings' streets style, fetched on first use; null until it has been tried. */
export function useStreetsStyle(): MapsState['streets'] {
  const maps = useMapsService();
  useEffect(() => maps.requestStreetsStyle(), [maps]);
  return useSyncExternalStore(maps.subscribe, () => maps.getSnapshot().streets);
}

/**
 * One map library, loaded on first use; null until it has arrived. A library that fails to
 * load is thrown to the page's error boundary, as a page script that fails to load is.
 */
export function useMapLibrary<K extends MapLibraryName>(name: K): MapLibraries[K] | null {
  const maps = useMapsService();
  useEffect(() => maps.requestLibrary(name), [maps, name]);
  const library = useSyncExternalStore(maps.subscribe, () => maps.getSnapshot().libraries[name]);
  const failure = useSyncExternalStore(maps.subscribe, () => maps.getSnapshot().failures[name]);
  if (failure !== undefined) throw failure;
  return library ?? null;
}

export interface BaseLayerChoice {
  /** What the map shows now. */
  layer: BaseLayer;
  setLayer(layer: BaseLayer): void;
  /** What the map opens with on this device. */
  defaultLayer: BaseLayer;
  setDefaultLayer(layer: BaseLayer): void;
}

export function useBaseLayer(): BaseLayerChoice {
  const maps = useMapsService();
  const layer = useSyncExternalStore(maps.subscribe, () => maps.getSnapshot().baseLayer);
  const defaultLayer = useSyncExternalStore(
    maps.subscribe,
    () => maps.getSnapshot().defaultBaseLayer,
  );
  return {
    layer,
    setLayer: maps.setBaseLayer,
    defaultLayer,
    setDefaultLayer: maps.setDefaultBaseLayer,
  };
}
