import type { StyleSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import {
  fallbackClientConfig,
  getClientConfig,
  type ClientConfig,
} from '../../lib/api/client-config.ts';
import type { BaseLayer } from '../../lib/map-settings.ts';
import { baseStyle, loadStreetsStyle } from './map-styles.ts';

interface Loaded {
  config: ClientConfig;
  streets: StyleSpecification | null;
}

let streetsCache: Promise<Loaded> | null = null;

/** The server's settings and the streets style, fetched once per page load. */
function loadOnce(): Promise<Loaded> {
  streetsCache ??= getClientConfig().then(async (config) => ({
    config,
    streets: await loadStreetsStyle(config.mapStyleUrl),
  }));
  return streetsCache;
}

export interface BaseStyleState {
  /** null until the settings are known (the map waits, so it never loads a wrong style). */
  style: StyleSpecification | null;
  config: ClientConfig;
  /** True when the chosen layer has no reachable style (shown as a small note). */
  unavailable: boolean;
}

export function useBaseStyle(layer: BaseLayer): BaseStyleState {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    void loadOnce().then((value) => {
      if (live) setLoaded(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return useMemo(() => {
    if (!loaded) return { style: null, config: fallbackClientConfig, unavailable: false };
    const { config, streets } = loaded;
    const unavailable =
      (layer === 'streets' && !streets) ||
      (layer === 'satellite' && !config.satelliteTilesUrl) ||
      (layer === 'topo' && !config.topoTilesUrl);
    return { style: baseStyle(layer, config, streets), config, unavailable };
  }, [loaded, layer]);
}
