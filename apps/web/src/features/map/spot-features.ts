import type { Location } from '@fj/contract/locations';
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import { locationColor } from '../../lib/category-colors.ts';

export interface SpotProperties {
  id: string;
  name: string;
  color: string;
}

/** One point per location, coloured by its first category (the clustered source). */
export function spotPoints(
  locations: readonly Location[],
): FeatureCollection<Point, SpotProperties> {
  return {
    type: 'FeatureCollection',
    features: locations.map((location): Feature<Point, SpotProperties> => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [location.position.lng, location.position.lat] },
      properties: {
        id: location.id,
        name: location.name,
        color: locationColor(location.categories),
      },
    })),
  };
}

/** The drawn patches; `selected` lets one style rule show the chosen patch at every zoom. */
export function spotPatches(
  locations: readonly Location[],
  selectedId: string | null,
): FeatureCollection<Polygon, SpotProperties & { selected: boolean }> {
  return {
    type: 'FeatureCollection',
    features: locations.flatMap((location) =>
      location.area
        ? [
            {
              type: 'Feature' as const,
              geometry: { type: 'Polygon' as const, coordinates: location.area.coordinates },
              properties: {
                id: location.id,
                name: location.name,
                color: locationColor(location.categories),
                selected: location.id === selectedId,
              },
            },
          ]
        : [],
    ),
  };
}
