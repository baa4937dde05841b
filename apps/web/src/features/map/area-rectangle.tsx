import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { bboxOfCorners, type Bbox } from '../../lib/saved-tiles/tile-math.ts';

/** A drag shorter than this (in px, either way) is a tap, not a rectangle. */
const minSidePx = 12;

type Point = readonly [x: number, y: number];

interface Props {
  /** The map position under a point of the map's container (MapLibre's `unproject`). */
  unproject(point: [number, number]): { lng: number; lat: number };
  onDone(bbox: Bbox): void;
  onCancel(): void;
}

/**
 * A layer over the map on which the user drags a rectangle: the area to save for offline use
 * (docs/behaviour.md#saved-map-areas). Pointer events, so a finger draws as a mouse does; the
 * map does not pan underneath. Escape or Cancel leaves it; the keyboard's way to choose an area
 * is the visible one, which "Save this area for offline" takes by default.
 */
export function AreaRectangle({ unproject, onDone, onCancel }: Props) {
  const layer = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);
  // Where the drag began, kept outside React's state: on a slow device the finger can lift
  // before the render that follows the press, and a closure's `drag` would still be null.
  const from = useRef<Point | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onCancel]);

  function pointOf(event: PointerEvent): Point {
    const box = layer.current?.getBoundingClientRect();
    return [event.clientX - (box?.left ?? 0), event.clientY - (box?.top ?? 0)];
  }

  function finish(event: PointerEvent) {
    const start = from.current;
    from.current = null;
    setDrag(null);
    if (!start) return;
    const to = pointOf(event);
    const [x0, y0] = start;
    const [x1, y1] = to;
    if (Math.abs(x1 - x0) < minSidePx || Math.abs(y1 - y0) < minSidePx) return;
    onDone(bboxOfCorners(unproject([x0, y0]), unproject([x1, y1])));
  }

  const box = drag && {
    left: Math.min(drag.from[0], drag.to[0]),
    top: Math.min(drag.from[1], drag.to[1]),
    width: Math.abs(drag.to[0] - drag.from[0]),
    height: Math.abs(drag.to[1] - drag.from[1]),
  };
  return (
    <>
      <div
        ref={layer}
        className="map-rectangle-layer"
        data-testid="area-rectangle"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          const point = pointOf(event);
          from.current = point;
          setDrag({ from: point, to: point });
        }}
        onPointerMove={(event) => {
          if (from.current) setDrag({ from: from.current, to: pointOf(event) });
        }}
        onPointerUp={finish}
        onPointerCancel={() => {
          from.current = null;
          setDrag(null);
        }}
      >
        {box && <div className="map-rectangle" style={box} />}
      </div>
      <div className="map-hint map-rectangle-hint" role="status">
        Drag across the map to mark the area to save{' '}
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
