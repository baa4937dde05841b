/**
 * Where the map's last view is kept on this device (features/map/start-view.ts). Logout forgets
 * it: the next person on a shared device must not open on where the last one was looking.
 */
export const MAP_VIEW_KEY = 'fj.mapView';
