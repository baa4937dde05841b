import { useEffect, useRef, useState } from 'react';
import { Marker, useMap } from 'react-map-gl/maplibre';
import type { TerraDraw } from 'terra-draw';
import type { LatLng, Polygon } from '../../lib/geo.ts';
import { useMapLibrary } from '../../lib/maps/use-maps.ts';
import { addCorner, cornerWords } from './patch-corners.ts';
import { createDraw, polygonsOf, showPatch, toArea } from './patch-draw-setup.ts';

/** The drawing mode the screen hands to the map: the patch to edit and what to do after. */
export interface PatchDrawing {
  initial: Polygon | null;
  /** Saves the patch drawn; `null` removes the spot's patch (Remove patch). */
  onSave(area: Polygon | null): void;
  onCancel(): void;
}

/**
 * Draw or edit one patch. With a pointer (terra-draw): tap the corners, tap the first one or
 * press Enter to close, then drag corners and midpoints. Without one: move the map (arrow keys
 * on the focused map) and add each corner at the crosshair. "Save patch" waits for a patch.
 */
export function PatchDrawingLayer({ drawing }: { drawing: PatchDrawing }) {
  const { current } = useMap();
  const drawingLibrary = useMapLibrary('drawing');
  const drawRef = useRef<TerraDraw | null>(null);
  const [area, setArea] = useState<Polygon | null>(drawing.initial);
  const [corners, setCorners] = useState<LatLng[]>([]);
  // Taps before terra-draw is ready (its library loads on first use) would be lost: say so.
  const [ready, setReady] = useState(false);
  const initial = useRef(drawing.initial);

  useEffect(() => {
    const map = current?.getMap();
    if (!map || !drawingLibrary) return;
    const draw = createDraw(drawingLibrary, map);
    drawRef.current = draw;
    const read = () => setArea(toArea(polygonsOf(draw)[0]));
    draw.on('ready', () => {
      if (!initial.current || !showPatch(draw, initial.current)) draw.setMode('polygon');
      setReady(true);
    });
    draw.on('finish', (id, context) => {
      if (context.mode === 'select') return read();
      if (context.mode !== 'polygon' || context.action !== 'draw') return;
      // One patch per spot: a newly closed shape replaces any earlier one.
      const older = polygonsOf(draw)
        .map((feature) => feature.id)
        .filter((other): other is string | number => other !== undefined && other !== id);
      if (older.length > 0) draw.removeFeatures(older);
      setCorners([]);
      draw.setMode('select');
      draw.selectFeature(id);
      read();
    });
    draw.start();
    return () => {
      drawRef.current = null;
      setReady(false);
      draw.stop();
    };
  }, [current, drawingLibrary]);

  function addAtCrosshair() {
    const draw = drawRef.current;
    const centre = current?.getCenter();
    if (!draw || !centre) return;
    // The shape on the map, as dragged since, rather than the one last read.
    const shown = toArea(polygonsOf(draw)[0]);
    const step = addCorner(shown, corners, { lat: centre.lat, lng: centre.lng });
    setCorners(step.corners);
    if (step.area && showPatch(draw, step.area)) setArea(step.area);
  }

  function save() {
    const draw = drawRef.current;
    const drawn = draw ? toArea(polygonsOf(draw)[0]) : area;
    if (drawn) drawing.onSave(drawn);
  }

  function clear() {
    const draw = drawRef.current;
    if (!draw) return;
    draw.clear();
    draw.setMode('polygon');
    setArea(null);
    setCorners([]);
  }

  return (
    <>
      {corners.map((corner, index) => (
        <Marker key={index} longitude={corner.lng} latitude={corner.lat}>
          <span className="map-corner" role="img" aria-label={`Corner ${index + 1}`} />
        </Marker>
      ))}
      <div
        className="map-draw-toolbar"
        role="toolbar"
        aria-label="Patch drawing"
        aria-busy={!ready}
        onKeyDown={(event) => {
          if (event.key === 'Escape') drawing.onCancel();
        }}
      >
        <p className="map-draw-hint" role="status">
          {ready ? cornerWords(area, corners.length) : 'Getting the drawing tools ready…'}
        </p>
        <div className="map-draw-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={addAtCrosshair}
            autoFocus
          >
            Add corner at crosshair
          </button>
          {/* Disabled, not hidden: it says where saving will be once there is a patch. */}
          <button
            type="button"
            className="button button-primary"
            onClick={save}
            disabled={area === null}
          >
            Save patch
          </button>
        </div>
        <div className="map-draw-actions">
          <button type="button" className="button map-button-light" onClick={clear}>
            Clear
          </button>
          {drawing.initial && (
            <button
              type="button"
              className="button map-button-light"
              onClick={() => drawing.onSave(null)}
            >
              Remove patch
            </button>
          )}
          <button type="button" className="button map-button-light" onClick={drawing.onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </>
  );
}
