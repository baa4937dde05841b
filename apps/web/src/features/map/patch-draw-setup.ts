import type { GeoJSONStoreFeatures, TerraDraw } from 'terra-draw';
import { closeRing, type Polygon } from '../../lib/geo.ts';
import type { DrawingLibrary } from '../../lib/maps/drawing-library.ts';

export const patchGreen = '#2f5d34';
const green = patchGreen;

export type DrawMap = ConstructorParameters<DrawingLibrary['TerraDrawMapLibreGLAdapter']>[0]['map'];

/** terra-draw with a polygon mode to draw and a select mode to drag corners and midpoints. */
export function createDraw(
  {
    TerraDraw,
    TerraDrawMapLibreGLAdapter,
    TerraDrawPolygonMode,
    TerraDrawSelectMode,
  }: DrawingLibrary,
  map: DrawMap,
) {
  return new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map }),
    modes: [
      new TerraDrawPolygonMode({
        styles: {
          fillColor: green,
          fillOpacity: 0.25,
          outlineColor: green,
          outlineWidth: 3,
          closingPointColor: '#ffffff',
          closingPointOutlineColor: green,
          closingPointWidth: 7,
          closingPointOutlineWidth: 2,
        },
      }),
      new TerraDrawSelectMode({
        flags: {
          polygon: {
            feature: {
              draggable: true,
              coordinates: { midpoints: true, draggable: true, deletable: true },
            },
          },
        },
        styles: {
          selectedPolygonColor: green,
          selectedPolygonFillOpacity: 0.3,
          selectedPolygonOutlineColor: green,
          selectedPolygonOutlineWidth: 3,
          selectionPointColor: '#ffffff',
          selectionPointOutlineColor: green,
          selectionPointWidth: 7,
          selectionPointOutlineWidth: 2,
          midPointColor: green,
          midPointWidth: 4,
        },
      }),
    ],
  });
}

export const polygonsOf = (draw: TerraDraw) =>
  draw.getSnapshot().filter((feature) => feature.geometry.type === 'Polygon');

/** The drawn shape as the contract's closed-ring Polygon. */
export function toArea(feature: GeoJSONStoreFeatures | undefined): Polygon | null {
  if (!feature || feature.geometry.type !== 'Polygon') return null;
  const rings = feature.geometry.coordinates.map((ring) =>
    closeRing(ring.map(([lng = 0, lat = 0]): [number, number] => [lng, lat])),
  );
  return rings.length > 0 && (rings[0]?.length ?? 0) >= 4
    ? { type: 'Polygon', coordinates: rings }
    : null;
}

const roundTo9 = (value: number) => Math.round(value * 1e9) / 1e9;

/**
 * Makes `area` the one patch on the map, selected for dragging its corners. False when
 * terra-draw refuses it (a shape it cannot hold).
 */
export function showPatch(draw: TerraDraw, area: Polygon): boolean {
  draw.clear();
  // terra-draw refuses coordinates finer than its precision (9 decimals by default); a patch
  // imported from elsewhere, or a map centre, carries more.
  const geometry: Polygon = {
    type: 'Polygon',
    coordinates: area.coordinates.map((ring) =>
      ring.map(([lng, lat]): [number, number] => [roundTo9(lng), roundTo9(lat)]),
    ),
  };
  const [result] = draw.addFeatures([
    { type: 'Feature', geometry, properties: { mode: 'polygon' } },
  ]);
  draw.setMode('select');
  if (!result?.valid || result.id === undefined) return false;
  draw.selectFeature(result.id);
  return true;
}
