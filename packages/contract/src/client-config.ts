import { z } from 'zod';

export const defaultAppName = 'Foraging Journal';

/** GET /api/config (public, docs/behaviour.md#client-config): run-time settings for the web app. */
export const clientConfigSchema = z.object({
  appName: z.string(),
  /** A MapLibre style JSON URL for the streets layer; '' means "no streets style". */
  mapStyleUrl: z.string(),
  /** Raster tile URL templates with {z}/{x}/{y}. */
  satelliteTilesUrl: z.string(),
  topoTilesUrl: z.string(),
  /** A Photon-compatible geocoder endpoint; '' disables place search. */
  geocoderUrl: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

const textOr = (fallback: string) => z.string().catch(fallback);

/**
 * The same answer as the web app reads it: field by field, so a half-configured (or newer)
 * server still works. A missing or non-text field reads as blank, the app name as the default;
 * an answer that is not an object at all reads as all blanks.
 */
export const clientConfigReadingSchema = z
  .object({
    appName: textOr(defaultAppName),
    mapStyleUrl: textOr(''),
    satelliteTilesUrl: textOr(''),
    topoTilesUrl: textOr(''),
    geocoderUrl: textOr(''),
  })
  .catch({
    appName: defaultAppName,
    mapStyleUrl: '',
    satelliteTilesUrl: '',
    topoTilesUrl: '',
    geocoderUrl: '',
  });
