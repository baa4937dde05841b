import { mapLibraryLoaders, type MapLibraryLoaders } from '../lib/maps/map-libraries.ts';
import { withChunkTimeout } from './routing/lazy-page.ts';

/**
 * The map libraries are scripts loaded on demand like pages, so they follow the same rule
 * (docs/behaviour.md#page-loading): one that fails or has not arrived after 120 s is a
 * ChunkLoadError, which the page shows as 'Loading chunk failed' with a Reload button.
 */
export const timedMapLibraryLoaders: MapLibraryLoaders = {
  marker: () => withChunkTimeout(mapLibraryLoaders.marker),
  geometry: () => withChunkTimeout(mapLibraryLoaders.geometry),
  drawing: () => withChunkTimeout(mapLibraryLoaders.drawing),
  places: () => withChunkTimeout(mapLibraryLoaders.places),
};
