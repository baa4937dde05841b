import type { DrawingLibrary } from './drawing-library.ts';
import type { GeometryLibrary } from './geometry-library.ts';
import type { MarkerLibrary } from './marker-library.ts';
import type { PlacesLibrary } from './places-library.ts';

/** docs/behaviour.md#maps: the original product's four map libraries, each a capability here. */
export const mapLibraryNames = ['marker', 'geometry', 'drawing', 'places'] as const;
export type MapLibraryName = (typeof mapLibraryNames)[number];

export interface MapLibraries {
  marker: MarkerLibrary;
  geometry: GeometryLibrary;
  drawing: DrawingLibrary;
  places: PlacesLibrary;
}

export type MapLibraryLoaders = { [K in MapLibraryName]: () => Promise<MapLibraries[K]> };

/**
 * Each library behind a dynamic import, so a page that shows no map (the login page above
 * all) never downloads MapLibre, turf or terra-draw.
 */
export const mapLibraryLoaders: MapLibraryLoaders = {
  marker: () => import('./marker-library.ts').then((module) => module.markerLibrary()),
  geometry: () => import('./geometry-library.ts').then((module) => module.geometryLibrary),
  drawing: () => import('./drawing-library.ts').then((module) => module.drawingLibrary),
  places: () => import('./places-library.ts').then((module) => module.placesLibrary),
};
