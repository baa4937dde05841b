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

/** A layer whose tiles failed: each tile error names its source, and the raster ones are named by layer. */
export function failedLayerOf(sourceId: string | undefined): BaseLayer {
  return sourceId === 'satellite' || sourceId === 'topo' ? sourceId : 'streets';
}

export interface ShownBase {
  style: StyleSpecification;
  /** What the map says about its pictures, or null when the chosen layer shows as chosen. */
  note: string | null;
}

const plainNote = 'Map tiles unavailable — showing your spots on a plain background';
const outsideNames = { satellite: 'The satellite map', topo: 'The topo map' } as const;

/**
 * The style the map shows for the chosen layer, and its note (docs/behaviour.md#map-tiles). The
 * notes do not lean on navigator.onLine: a tile fails the same way with no network, a server
 * that does not answer or a blocked host, and the browser's flag is often wrong.
 * Satellite and topo come from outside hosts and may stay online-only: when one is not set up
 * or its tiles failed (`failed`), the map falls back to the streets style, the server's own
 * base map whose tiles also come from saved areas with no network, and says so; only with no
 * streets style either is it the plain background.
 */
export function shownBase(
  layer: BaseLayer,
  config: ClientConfig,
  streets: StyleSpecification | null,
  failed: ReadonlySet<BaseLayer>,
): ShownBase {
  if (layer !== 'streets') {
    const url = layer === 'satellite' ? config.satelliteTilesUrl : config.topoTilesUrl;
    if (url && !failed.has(layer)) return { style: rasterStyle(layer, url), note: null };
    if (!streets) return { style: plainStyle(), note: plainNote };
    const why = url ? 'cannot load' : 'is not set up on this server';
    return {
      style: streets,
      note: `${outsideNames[layer]} ${why} — showing the street map instead`,
    };
  }
  if (!streets) return { style: plainStyle(), note: plainNote };
  if (!failed.has('streets')) return { style: streets, note: null };
  // With no network the tiles outside the saved areas fail, and the saved ones still draw.
  return {
    style: streets,
    note: 'Some map tiles cannot load — areas saved on this device still show',
  };
}
