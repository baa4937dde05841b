import { validateStyleMin, type StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { styleFor } from '../src/modules/tiles/style.ts';
import type { TileSetInfo, VectorLayer } from '../src/modules/tiles/tile-set.ts';

const layersOf = (...ids: string[]): VectorLayer[] => ids.map((id) => ({ id, fields: {} }));

function info(format: TileSetInfo['format'], vectorLayers: VectorLayer[] = []): TileSetInfo {
  return {
    format,
    minzoom: 0,
    maxzoom: 14,
    bounds: [-10, 40, 10, 60],
    center: [0, 50, 6],
    vectorLayers,
  };
}

const tileJsonUrl = 'http://127.0.0.1:3000/api/tiles/region.json';

describe('the styles of local tile files', () => {
  it.each([
    ['raster', info('png'), 'raster', false],
    ['Protomaps schema', info('pbf', layersOf('earth', 'water', 'roads', 'places')), 'fill', true],
    [
      'OpenMapTiles schema',
      info('pbf', layersOf('water', 'transportation', 'transportation_name', 'place')),
      'line',
      true,
    ],
    ['another schema', info('pbf', layersOf('trails', 'huts')), 'circle', false],
  ])(
    '%s: a valid MapLibre style naming no host but this server: no glyphs, no sprite, no icons',
    (_, set, drawn, labelled) => {
      const style = styleFor('region', set, tileJsonUrl);
      expect(validateStyleMin(style as unknown as StyleSpecification)).toEqual([]);
      expect(Object.values(style.sources).map((source) => source.url)).toEqual([tileJsonUrl]);
      expect(style).not.toHaveProperty('glyphs');
      expect(style).not.toHaveProperty('sprite');
      // The only URL anywhere in the style is this server's TileJSON.
      expect(JSON.stringify(style).match(/\w+:\/\/[^"]*/g)).toEqual([tileJsonUrl]);
      const types = style.layers.map((layer) => layer.type);
      expect(types).toContain(drawn);
      // Labels are drawn with the device's fonts (no glyphs URL); an icon would need a sprite.
      const symbols = style.layers.filter((layer) => layer.type === 'symbol');
      expect(symbols.length > 0).toBe(labelled);
      for (const layer of symbols) {
        expect(layer.layout).toHaveProperty('text-field');
        expect(layer.layout).not.toHaveProperty('icon-image');
      }
    },
  );

  it('draws the Protomaps schema with @protomaps/basemaps, the OpenMapTiles schema with its own layers', () => {
    const all = layersOf(
      'earth',
      'landcover',
      'landuse',
      'water',
      'roads',
      'buildings',
      'boundaries',
    );
    const protomaps = styleFor('region', info('pbf', all), tileJsonUrl);
    expect(protomaps.layers.length).toBeGreaterThan(40);
    const omt = styleFor('region', info('pbf', layersOf('water', 'transportation')), tileJsonUrl);
    expect(
      omt.layers.map((layer) => ('source-layer' in layer ? layer['source-layer'] : undefined)),
    ).toContain('transportation');
  });

  it('leaves out the layers whose source layer the file does not list (MapLibre would report each)', () => {
    const style = styleFor('region', info('pbf', layersOf('earth', 'roads')), tileJsonUrl);
    const sourceLayers = new Set(
      style.layers.map((layer) => ('source-layer' in layer ? layer['source-layer'] : undefined)),
    );
    expect([...sourceLayers].sort()).toEqual(['earth', 'roads', undefined]);
  });
});
