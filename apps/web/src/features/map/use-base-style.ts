import type { StyleSpecification } from 'maplibre-gl';
import { useMemo, useState } from 'react';
import type { BaseLayer } from '../../lib/maps/base-layer.ts';
import { useMapSettings, useStreetsStyle } from '../../lib/maps/use-maps.ts';
import { useOnline } from '../../lib/offline/use-online.ts';
import { failedLayerOf, shownBase } from './map-styles.ts';

export interface BaseStyleState {
  /** null until the settings and the streets style are known (so the map never loads a wrong style). */
  style: StyleSpecification | null;
  /** What the map says about its pictures (a fallback, tiles that cannot load), or null. */
  note: string | null;
  /** A tile of the shown style failed, from the source named (MapLibre's error event). */
  onTileError(sourceId: string | undefined): void;
}

const none: ReadonlySet<BaseLayer> = new Set();

/**
 * The style for a base layer. The settings and the streets style come from the maps service,
 * fetched once per page load, by whoever asks first (the home page's warm-up asks early). A
 * layer whose tiles failed falls back (docs/behaviour.md#map-tiles) until the layer is chosen
 * again or the device comes back online, when it is tried again.
 */
export function useBaseStyle(layer: BaseLayer): BaseStyleState {
  const settings = useMapSettings();
  const streets = useStreetsStyle();
  const online = useOnline();
  // The failures seen since the layer was chosen and the connection last changed: either
  // change tries every layer again.
  const key = `${layer} ${String(online)}`;
  const [seen, setSeen] = useState({ key, failed: none });
  const failed = seen.key === key ? seen.failed : none;

  const shown = useMemo(
    () => (settings && streets ? shownBase(layer, settings, streets.style, failed) : null),
    [settings, streets, layer, failed],
  );
  return {
    style: shown?.style ?? null,
    note: shown?.note ?? null,
    // Tiles that cannot load raise one error each; the first marks the layer, the rest are
    // expected and change nothing (no re-render, no retry loop).
    onTileError: (sourceId) => {
      const failedLayer = failedLayerOf(sourceId);
      setSeen((current) => {
        const before = current.key === key ? current.failed : none;
        return before.has(failedLayer)
          ? current
          : { key, failed: new Set([...before, failedLayer]) };
      });
    },
  };
}
