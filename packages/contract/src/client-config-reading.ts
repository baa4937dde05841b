import { isRecord } from './reading.ts';

/*
 * GET /api/config as the web app reads it, by hand: the login page needs it (the app's name,
 * the map settings), and zod stays off that page (reading.ts). The server's schema is in
 * client-config.ts, which checks that it answers this shape.
 */

export const defaultAppName = 'Foraging Journal';

/** Run-time settings for the web app (docs/behaviour.md#client-config). */
export interface ClientConfig {
  appName: string;
  /** A MapLibre style JSON URL for the streets layer; '' means "no streets style". */
  mapStyleUrl: string;
  /**
   * The style of the server's own base map (a path on the API's host, /api/tiles/{name}/style.json)
   * when it has a tile file; '' when it has none. It needs no outside host.
   */
  localMapStyleUrl: string;
  /** Raster tile URL templates with {z}/{x}/{y}. */
  satelliteTilesUrl: string;
  topoTilesUrl: string;
  /** A Photon-compatible geocoder endpoint; '' disables place search. */
  geocoderUrl: string;
}

/**
 * Field by field, so a half-configured (or newer) server still works. A missing or non-text
 * field reads as blank, the app name as the default; an answer that is not an object at all
 * reads as all blanks.
 */
export function readClientConfig(input: unknown): ClientConfig {
  const answer = isRecord(input) ? input : {};
  const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
  return {
    appName: text(answer.appName, defaultAppName),
    mapStyleUrl: text(answer.mapStyleUrl),
    localMapStyleUrl: text(answer.localMapStyleUrl),
    satelliteTilesUrl: text(answer.satelliteTilesUrl),
    topoTilesUrl: text(answer.topoTilesUrl),
    geocoderUrl: text(answer.geocoderUrl),
  };
}
