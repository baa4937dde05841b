/** The base layers the map offers; their URLs come from GET /api/config. */
export const baseLayers = ['streets', 'satellite', 'topo'] as const;
export type BaseLayer = (typeof baseLayers)[number];

/**
 * Kept apart from the journal store: docs/behaviour.md#local-storage allows only three things under its key.
 * A device setting, not an account one: satellite may suit a phone and not a laptop.
 */
const storageKey = 'foraging-journal-map';

export function readDefaultBaseLayer(): BaseLayer {
  try {
    const stored = localStorage.getItem(storageKey);
    return baseLayers.find((layer) => layer === stored) ?? 'streets';
  } catch {
    return 'streets';
  }
}

export function writeDefaultBaseLayer(layer: BaseLayer): void {
  try {
    localStorage.setItem(storageKey, layer);
  } catch {
    // Private mode or full storage: the choice lasts for this visit only.
  }
}
