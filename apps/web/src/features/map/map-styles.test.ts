import type { StyleSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../lib/api/client-config.ts';
import type { BaseLayer } from '../../lib/maps/base-layer.ts';
import { failedLayerOf, plainBackground, shownBase } from './map-styles.ts';

const config: ClientConfig = {
  appName: 'Foraging Journal',
  mapStyleUrl: '',
  localMapStyleUrl: '/api/tiles/region/style.json',
  satelliteTilesUrl: 'https://imagery.example/{z}/{y}/{x}',
  topoTilesUrl: 'https://topo.example/{z}/{x}/{y}.png',
  geocoderUrl: '',
};

/** The server's own base map, whose tiles come from saved areas too (fj-saved://). */
const streets: StyleSpecification = {
  version: 8,
  sources: { region: { type: 'raster', url: 'fj-saved://http://x/api/tiles/region.json' } },
  layers: [{ id: 'region', type: 'raster', source: 'region' }],
};

const failed = (...layers: BaseLayer[]): ReadonlySet<BaseLayer> => new Set(layers);
const sourcesOf = (style: StyleSpecification) => Object.keys(style.sources);
const isPlain = (style: StyleSpecification) =>
  sourcesOf(style).length === 0 &&
  style.layers[0]?.type === 'background' &&
  style.layers[0].paint?.['background-color'] === plainBackground;

describe('the base map shown for a layer', () => {
  it('shows each layer as chosen while its tiles load, with no note', () => {
    expect(shownBase('streets', config, streets, failed())).toEqual({
      style: streets,
      note: null,
    });
    for (const layer of ['satellite', 'topo'] as const) {
      const shown = shownBase(layer, config, streets, failed());
      expect(sourcesOf(shown.style)).toEqual([layer]);
      expect(shown.note).toBeNull();
    }
  });

  it.each(['satellite', 'topo'] as const)(
    'falls back from %s that failed to the streets style, saying so',
    (layer) => {
      expect(shownBase(layer, config, streets, failed(layer))).toEqual({
        style: streets,
        note: `The ${layer} map cannot load — showing the street map instead`,
      });
    },
  );

  it('falls back from an outside layer the server has not set up', () => {
    expect(shownBase('topo', { ...config, topoTilesUrl: '' }, streets, failed())).toEqual({
      style: streets,
      note: 'The topo map is not set up on this server — showing the street map instead',
    });
  });

  it('another layer failing does not move the chosen one', () => {
    const shown = shownBase('satellite', config, streets, failed('topo', 'streets'));
    expect(sourcesOf(shown.style)).toEqual(['satellite']);
    expect(shown.note).toBeNull();
  });

  it('is the plain background only when there is no streets style to fall back to', () => {
    for (const layer of ['streets', 'satellite'] as const) {
      const shown = shownBase(layer, config, null, failed('satellite'));
      expect(isPlain(shown.style)).toBe(true);
      expect(shown.note).toBe('Map tiles unavailable — showing your spots on a plain background');
    }
  });

  it('keeps the streets style when its tiles fail: the saved areas still show', () => {
    expect(shownBase('streets', config, streets, failed('streets'))).toEqual({
      style: streets,
      note: 'Some map tiles cannot load — areas saved on this device still show',
    });
  });

  it('tells which layer a tile error belongs to by its source', () => {
    expect(failedLayerOf('satellite')).toBe('satellite');
    expect(failedLayerOf('topo')).toBe('topo');
    expect(failedLayerOf('region')).toBe('streets');
    expect(failedLayerOf(undefined)).toBe('streets');
  });
});
