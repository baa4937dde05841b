import { layers as protomapsLayers, namedFlavor } from '@protomaps/basemaps';
import type { TileSetInfo } from './tile-set.ts';

type StyleLayer = ReturnType<typeof protomapsLayers>[number];

/**
 * A MapLibre style (version 8) that names no outside host: no `glyphs` URL and no sprite.
 * MapLibre GL JS draws the labels with the device's own fonts when a style has no `glyphs`
 * (its local font rendering, TinySDF): each `text-font` name is tried as a CSS font family,
 * then the browser's sans-serif.
 */
export interface MapStyle {
  version: 8;
  name: string;
  sources: Record<string, { type: 'raster' | 'vector'; url: string; tileSize?: number }>;
  layers: StyleLayer[];
}

const paper = '#f2efe9';
const water = '#a9cde6';

const hasLayers = (info: TileSetInfo, ids: string[]) =>
  ids.every((id) => info.vectorLayers.some((layer) => layer.id === id));

/** OpenMapTiles schema: a small style of areas and lines, no labels. */
function openMapTilesLayers(source: string): StyleLayer[] {
  const line = (
    id: string,
    sourceLayer: string,
    color: string,
    width: number,
    filter?: unknown[],
  ) =>
    ({
      id,
      type: 'line',
      source,
      'source-layer': sourceLayer,
      ...(filter ? { filter } : {}),
      paint: {
        'line-color': color,
        'line-width': ['interpolate', ['linear'], ['zoom'], 5, width / 4, 16, width * 4],
      },
    }) as StyleLayer;
  const fill = (id: string, sourceLayer: string, color: string, filter?: unknown[]) =>
    ({
      id,
      type: 'fill',
      source,
      'source-layer': sourceLayer,
      ...(filter ? { filter } : {}),
      paint: { 'fill-color': color },
    }) as StyleLayer;
  const label = (
    id: string,
    sourceLayer: string,
    size: number,
    color: string,
    font: string,
    placement: 'point' | 'line' = 'point',
  ) =>
    ({
      id,
      type: 'symbol',
      source,
      'source-layer': sourceLayer,
      layout: {
        'text-field': ['coalesce', ['get', 'name:latin'], ['get', 'name']],
        'text-font': [font],
        'text-size': size,
        'symbol-placement': placement,
      },
      paint: { 'text-color': color, 'text-halo-color': paper, 'text-halo-width': 1.5 },
    }) as StyleLayer;
  return [
    fill('landcover-wood', 'landcover', '#d6e6c3', [
      'in',
      ['get', 'class'],
      ['literal', ['wood', 'forest']],
    ]),
    fill('landcover-grass', 'landcover', '#e3ecd0', [
      'in',
      ['get', 'class'],
      ['literal', ['grass', 'farmland']],
    ]),
    fill('landuse', 'landuse', '#ebe7e0'),
    fill('park', 'park', '#d8e8c8'),
    fill('water', 'water', water),
    line('waterway', 'waterway', water, 1),
    fill('building', 'building', '#dfdbd7'),
    line('road-minor', 'transportation', '#ffffff', 1, [
      '!',
      ['in', ['get', 'class'], ['literal', ['motorway', 'trunk', 'primary']]],
    ]),
    line('road-major', 'transportation', '#f7c77a', 2, [
      'in',
      ['get', 'class'],
      ['literal', ['motorway', 'trunk', 'primary']],
    ]),
    line('boundary', 'boundary', '#9e9cab', 0.5),
    label('water-name', 'water_name', 11, '#4a7ea3', 'Noto Sans Italic'),
    label('road-name', 'transportation_name', 11, '#5e5a52', 'Noto Sans Regular', 'line'),
    label('place-name', 'place', 13, '#333333', 'Noto Sans Medium'),
  ];
}

/** Any other vector schema: every layer drawn plainly, by geometry. */
function plainLayers(source: string, info: TileSetInfo): StyleLayer[] {
  return info.vectorLayers.flatMap((layer) => {
    const common = { source, 'source-layer': layer.id };
    return [
      {
        ...common,
        id: `${layer.id}-fill`,
        type: 'fill',
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': '#d9d4cc', 'fill-opacity': 0.6 },
      },
      {
        ...common,
        id: `${layer.id}-line`,
        type: 'line',
        filter: ['==', ['geometry-type'], 'LineString'],
        paint: { 'line-color': '#8a8578' },
      },
      {
        ...common,
        id: `${layer.id}-point`,
        type: 'circle',
        filter: ['==', ['geometry-type'], 'Point'],
        paint: { 'circle-color': '#8a8578', 'circle-radius': 2 },
      },
    ] as StyleLayer[];
  });
}

/**
 * Protomaps' layers with their English labels. Its icons (POI symbols, shields, one-way arrows,
 * town dots) come from a sprite on an outside host, so they are left out: a layer that is only
 * an icon goes, a label keeps its text.
 */
function protomapsWithLabels(source: string): StyleLayer[] {
  return protomapsLayers(source, namedFlavor('light'), { lang: 'en' }).flatMap((layer) => {
    if (layer.type !== 'symbol' || !layer.layout || !('icon-image' in layer.layout)) return [layer];
    if (!('text-field' in layer.layout)) return [];
    const layout = { ...layer.layout };
    delete layout['icon-image'];
    return [{ ...layer, layout }];
  });
}

/** The style of one tile file, from this server alone (labels drawn with the device's fonts). */
export function styleFor(name: string, info: TileSetInfo, tileJsonUrl: string): MapStyle {
  const background = {
    id: 'background',
    type: 'background',
    paint: { 'background-color': paper },
  } as StyleLayer;
  if (info.format !== 'pbf')
    return {
      version: 8,
      name,
      sources: { [name]: { type: 'raster', url: tileJsonUrl, tileSize: 256 } },
      layers: [background, { id: name, type: 'raster', source: name } as StyleLayer],
    };
  const drawn = hasLayers(info, ['earth', 'roads'])
    ? protomapsWithLabels(name)
    : hasLayers(info, ['transportation', 'water'])
      ? [background, ...openMapTilesLayers(name)]
      : [background, ...plainLayers(name, info)];
  // MapLibre reports every style layer whose source layer the file does not list as an error
  // (which the map shows as "tiles unavailable"): a regional extract may lack some.
  const listed = new Set(info.vectorLayers.map((layer) => layer.id));
  const layers = drawn.filter(
    (layer) => !('source-layer' in layer) || listed.has(layer['source-layer'] ?? ''),
  );
  return { version: 8, name, sources: { [name]: { type: 'vector', url: tileJsonUrl } }, layers };
}
