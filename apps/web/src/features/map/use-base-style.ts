import type { StyleSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import type { BaseLayer } from '../../lib/maps/base-layer.ts';
import { useMapSettings } from '../../lib/maps/use-maps.ts';
import { baseStyle, loadStreetsStyle } from './map-styles.ts';

/** The streets style, fetched once per URL and page load (the settings come from the provider). */
const streetsStyles = new Map<string, Promise<StyleSpecification | null>>();

function streetsStyleOnce(url: string): Promise<StyleSpecification | null> {
  let style = streetsStyles.get(url);
  if (!style) {
    style = loadStreetsStyle(url);
    streetsStyles.set(url, style);
  }
  return style;
}

export interface BaseStyleState {
  /** null until the settings and the streets style are known (so the map never loads a wrong style). */
  style: StyleSpecification | null;
  /** True when the chosen layer has no reachable style (shown as a small note). */
  unavailable: boolean;
}

export function useBaseStyle(layer: BaseLayer): BaseStyleState {
  const settings = useMapSettings();
  const [streets, setStreets] = useState<{
    url: string;
    style: StyleSpecification | null;
  } | null>(null);
  const styleUrl = settings?.mapStyleUrl;

  useEffect(() => {
    if (styleUrl === undefined) return;
    let live = true;
    void streetsStyleOnce(styleUrl).then((style) => {
      if (live) setStreets({ url: styleUrl, style });
    });
    return () => {
      live = false;
    };
  }, [styleUrl]);

  return useMemo(() => {
    if (!settings || streets?.url !== settings.mapStyleUrl)
      return { style: null, unavailable: false };
    const unavailable =
      (layer === 'streets' && !streets.style) ||
      (layer === 'satellite' && !settings.satelliteTilesUrl) ||
      (layer === 'topo' && !settings.topoTilesUrl);
    return { style: baseStyle(layer, settings, streets.style), unavailable };
  }, [settings, streets, layer]);
}
