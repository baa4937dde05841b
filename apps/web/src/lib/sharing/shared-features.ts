import type { SharedLocation } from '@fj/contract/sharing';
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';

/** What a map needs of a shared spot: which one it is, and whose. */
export interface SharedFeatureProperties {
  id: string;
  name: string;
  from: string;
  /** Only the square is known (km1, cell02): drawn shaded, never as a point. */
  coarse: boolean;
}

export interface SharedFeatures {
  /** The shaded areas: the grid square at km1 and cell02, the patch at exact. */
  areas: FeatureCollection<Polygon, SharedFeatureProperties>;
  /** Positions: only an exact share carries one. */
  points: FeatureCollection<Point, SharedFeatureProperties>;
}

/**
 * A shared spot drawn as what it holds and nothing finer (docs/behaviour.md#sharing): its area
 * shaded, a point only where the share gave the position. A hidden spot draws nothing.
 */
export function sharedFeatures(
  groups: readonly { from: string; locations: readonly SharedLocation[] }[],
): SharedFeatures {
  const areas: Feature<Polygon, SharedFeatureProperties>[] = [];
  const points: Feature<Point, SharedFeatureProperties>[] = [];
  for (const { from, locations } of groups)
    for (const { id, name, area, position } of locations) {
      const properties = { id, name, from, coarse: !position };
      if (area) areas.push({ type: 'Feature', geometry: area, properties });
      if (position)
        points.push({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [position.lng, position.lat] },
          properties,
        });
    }
  return {
    areas: { type: 'FeatureCollection', features: areas },
    points: { type: 'FeatureCollection', features: points },
  };
}

/** The bounds [west, south, east, north] of what is drawn, or null when nothing is. */
export function sharedBounds(features: SharedFeatures): [number, number, number, number] | null {
  const coordinates = [
    ...features.areas.features.flatMap((f) => f.geometry.coordinates.flat()),
    ...features.points.features.map((f) => f.geometry.coordinates),
  ];
  if (coordinates.length === 0) return null;
  const lngs = coordinates.map(([lng]) => lng ?? 0);
  const lats = coordinates.map(([, lat]) => lat ?? 0);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/** The colour of what others share, on every map (the Share dialog's preview, the home map). */
export const sharedColor = '#7b3fa0';
