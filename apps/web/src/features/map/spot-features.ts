import type { Location } from '@fj/contract/locations';
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import { locationColor } from '../../lib/category-colors.ts';

/** What the map needs of a spot to draw it and to say which one was tapped; nothing more. */
export interface SpotProperties {
  id: string;
  color: string;
  /** A search layer is on and this spot is not among its matches: drawn faint. */
  dim: boolean;
}

/**
 * One point per location, coloured by its first category (the clustered source). Only what is
 * drawn goes in: the source is copied to MapLibre's worker, and with 10,000 spots every byte
 * per spot counts; names, entries and the rest stay in the store for the detail view.
 */
export function spotPoints(
  locations: readonly Location[],
  lit: ReadonlySet<string> | null = null,
): FeatureCollection<Point, SpotProperties> {
  const features = new Array<Feature<Point, SpotProperties>>(locations.length);
  for (let i = 0; i < locations.length; i++) {
    const { id, position, categories } = locations[i] as Location;
    features[i] = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [position.lng, position.lat] },
      properties: { id, color: locationColor(categories), dim: lit !== null && !lit.has(id) },
    };
  }
  return { type: 'FeatureCollection', features };
}

/** The drawn patches; `selected` lets one style rule show the chosen patch at every zoom. */
export function spotPatches(
  locations: readonly Location[],
  selectedId: string | null,
  lit: ReadonlySet<string> | null = null,
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
                color: locationColor(location.categories),
                dim: lit !== null && !lit.has(location.id),
                selected: location.id === selectedId,
              },
            },
          ]
        : [],
    ),
  };
}
