import { useEffect, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { LatLng } from '../../lib/geo.ts';
import { positionAllowed } from '../../platform/position-watch.ts';
import { getCurrentPosition } from './get-current-position.ts';
import { positionZoom } from './start-view.ts';

/**
 * When `on` (a new user's first map, ready): if location is already allowed, the map moves to
 * the position at a forager's zoom. Never asks: a permission prompt is not a welcome.
 */
export function useStartOnPosition(
  on: boolean,
  mapRef: RefObject<MapRef | null>,
  onPosition: (position: LatLng) => void,
): void {
  useEffect(() => {
    if (!on) return;
    let cancelled = false;
    void (async () => {
      if (!(await positionAllowed()) || cancelled) return;
      try {
        const position = await getCurrentPosition();
        if (cancelled) return;
        // Not when the user has moved the map meanwhile (moved = not the world view any more).
        const map = mapRef.current;
        if (!map || map.getZoom() > 3) return;
        map.jumpTo({ center: [position.lng, position.lat], zoom: positionZoom });
        onPosition(position);
      } catch {
        // No fix: the world view stays, and the target button can try again.
      }
    })();
    return () => {
      cancelled = true;
    };
    // Once per map; onPosition is a setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [on]);
}
