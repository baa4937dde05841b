import { useEffect, useState } from 'react';
import type { LatLng } from '../geo.ts';
import { getFix } from '../../platform/geolocation.ts';
import { positionAllowed } from '../../platform/position-watch.ts';

/** A fix up to a minute old will do for ordering a list; a forest floor gives 30 s to answer. */
const listFix = { enableHighAccuracy: false, timeout: 30_000, maximumAge: 60_000 };

/**
 * The device's position for the spots list (nearest first, distances), or null while unknown.
 * Read once `on` (while a list shows), and only when location is already allowed: a list never
 * opens with a prompt.
 */
export function useKnownPosition(on = true): LatLng | null {
  const [position, setPosition] = useState<LatLng | null>(null);
  useEffect(() => {
    if (!on) return;
    let cancelled = false;
    void (async () => {
      try {
        if (!(await positionAllowed()) || cancelled) return;
        const fix = await getFix(listFix);
        if (!cancelled) setPosition({ lat: fix.lat, lng: fix.lng });
      } catch {
        // No fix: the list stays in last-visit order, without distances.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [on]);
  return position;
}
