import type { StyleSpecification } from 'maplibre-gl';
import { useMemo } from 'react';
import type { BaseLayer } from '../../lib/maps/base-layer.ts';
import { useMapSettings, useStreetsStyle } from '../../lib/maps/use-maps.ts';
import { baseStyle } from './map-styles.ts';

export interface BaseStyleState {
  /** null until the settings and the streets style are known (so the map never loads a wrong style). */
  style: StyleSpecification | null;
  /** True when the chosen layer has no reachable style (shown as a small note). */
  unavailable: boolean;
}

/**
 * The style for a base layer. The settings and the streets style come from the maps service,
 * fetched once per page load, by whoever asks first (the home page's warm-up asks early).
 */
export function useBaseStyle(layer: BaseLayer): BaseStyleState {
  const settings = useMapSettings();
  const streets = useStreetsStyle();
  return useMemo(() => {
    if (!settings || !streets) return { style: null, unavailable: false };
    const unavailable =
      (layer === 'streets' && !streets.style) ||
      (layer === 'satellite' && !settings.satelliteTilesUrl) ||
      (layer === 'topo' && !settings.topoTilesUrl);
    return { style: baseStyle(layer, settings, streets.style), unavailable };
  }, [settings, streets, layer]);
}
