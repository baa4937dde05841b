import type { StyleSpecification } from 'maplibre-gl';
import type { ClientConfig } from '../../lib/api/client-config.ts';
import type { BaseLayer } from '../../lib/maps/base-layer.ts';

/** The colour behind everything: what the map shows when no tiles arrive. */
export const plainBackground = '#e8eadf';

/** A style that needs no network at all; the spots are drawn on top of it. */
export function plainStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {},
    layers: [{ id: 'bg', type: 'background', paint: { 'background-color': plainBackground } }],
  };
}

const attributions: Record<Exclude<BaseLayer, 'streets'>, string> = {
  satellite: 'Imagery © Esri, Maxar, Earthstar Geographics',
  topo: '© OpenTopoMap (CC-BY-SA), © OpenStreetMap contributors',
};

/** Satellite and topo are plain raster tiles over the background, so failed tiles show it. */
export function rasterStyle(layer: 'satellite' | 'topo', tilesUrl: string): StyleSpecification {
  const style = plainStyle();
  style.sources[layer] = {
    type: 'raster',
    tiles: [tilesUrl],
    tileSize: 256,
    maxzoom: 19,
    attribution: attributions[layer],
  };
  style.layers.push({ id: `${layer}-tiles`, type: 'raster', source: layer });
  return style;
}

/** The style for a base layer; a missing URL gives the plain background. */
export function baseStyle(
  layer: BaseLayer,
  config: ClientConfig,
  streets: StyleSpecification | null,
): StyleSpecification {
  if (layer === 'satellite' && config.satelliteTilesUrl)
    return rasterStyle('satellite', config.satelliteTilesUrl);
  if (layer === 'topo' && config.topoTilesUrl) return rasterStyle('topo', config.topoTilesUrl);
  if (layer === 'streets' && streets) return streets;
  return plainStyle();
}
