import { useEffect, useRef, useState } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { GeoJSONStoreFeatures, TerraDraw } from 'terra-draw';
import { closeRing, type Polygon } from '../../lib/geo.ts';
import type { DrawingLibrary } from '../../lib/maps/drawing-library.ts';
import { useMapLibrary } from '../../lib/maps/use-maps.ts';

/** The drawing mode the screen hands to the map: the patch to edit and what to do after. */
export interface PatchDrawing {
  initial: Polygon | null;
  onSave(area: Polygon | null): void;
  onCancel(): void;
}

const green = '#2f5d34';

type DrawMap = ConstructorParameters<DrawingLibrary['TerraDrawMapLibreGLAdapter']>[0]['map'];

function createDraw(
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

const polygonsOf = (draw: TerraDraw) =>
  draw.getSnapshot().filter((feature) => feature.geometry.type === 'Polygon');

/** The drawn shape as the contract's closed-ring Polygon. */
function toArea(feature: GeoJSONStoreFeatures | undefined): Polygon | null {
  if (!feature || feature.geometry.type !== 'Polygon') return null;
  const rings = feature.geometry.coordinates.map((ring) =>
    closeRing(ring.map(([lng = 0, lat = 0]): [number, number] => [lng, lat])),
  );
  return rings.length > 0 && (rings[0]?.length ?? 0) >= 4
    ? { type: 'Polygon', coordinates: rings }
    : null;
}

/**
 * Draw or edit one patch with terra-draw: polygon mode to draw (click the corners, click the
 * first one or press Enter to close), then select mode to drag corners and midpoints.
 */
export function PatchDrawingLayer({ drawing }: { drawing: PatchDrawing }) {
  const { current } = useMap();
  const drawingLibrary = useMapLibrary('drawing');
  const drawRef = useRef<TerraDraw | null>(null);
  const [hasShape, setHasShape] = useState(drawing.initial !== null);
  const initial = useRef(drawing.initial);

  useEffect(() => {
    const map = current?.getMap();
    if (!map || !drawingLibrary) return;
    const draw = createDraw(drawingLibrary, map);
    drawRef.current = draw;
    draw.on('ready', () => {
      const start = initial.current;
      if (start) {
        const [result] = draw.addFeatures([
          { type: 'Feature', geometry: start, properties: { mode: 'polygon' } },
        ]);
        draw.setMode('select');
        if (result?.valid && result.id !== undefined) draw.selectFeature(result.id);
      } else {
        draw.setMode('polygon');
      }
    });
    draw.on('finish', (id, context) => {
      if (context.mode !== 'polygon' || context.action !== 'draw') return;
      // One patch per spot: a newly closed shape replaces any earlier one.
      const older = polygonsOf(draw)
        .map((feature) => feature.id)
        .filter((other): other is string | number => other !== undefined && other !== id);
      if (older.length > 0) draw.removeFeatures(older);
      setHasShape(true);
      draw.setMode('select');
      draw.selectFeature(id);
    });
    draw.start();
    return () => {
      drawRef.current = null;
      draw.stop();
    };
  }, [current, drawingLibrary]);

  function save() {
    const draw = drawRef.current;
    drawing.onSave(draw ? toArea(polygonsOf(draw)[0]) : null);
  }

  function clear() {
    const draw = drawRef.current;
    if (!draw) return;
    draw.clear();
    draw.setMode('polygon');
    setHasShape(false);
  }

  return (
    <div
      className="map-draw-toolbar"
      role="toolbar"
      aria-label="Patch drawing"
      onKeyDown={(event) => {
        if (event.key === 'Escape') drawing.onCancel();
      }}
    >
      <p className="map-draw-hint">
        {hasShape
          ? 'Drag the corners to adjust the patch, then save.'
          : 'Tap the corners of the patch; tap the first corner again (or press Enter) to close it.'}
      </p>
      <div className="map-draw-actions">
        <button type="button" className="button button-primary" onClick={save} autoFocus>
          Save patch
        </button>
        <button type="button" className="button map-button-light" onClick={clear}>
          Clear
        </button>
        <button type="button" className="button map-button-light" onClick={drawing.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
