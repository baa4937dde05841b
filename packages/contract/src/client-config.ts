import { z } from './zod.ts';
import type { ClientConfig } from './client-config-reading.ts';

export { defaultAppName, type ClientConfig } from './client-config-reading.ts';

/**
 * GET /api/config (public, docs/behaviour.md#client-config): run-time settings for the web app,
 * at least every field the web reads (client-config-reading.ts), or this does not compile.
 */
export const clientConfigSchema = z.object({
  appName: z.string(),
  mapStyleUrl: z.string(),
  localMapStyleUrl: z.string(),
  satelliteTilesUrl: z.string(),
  topoTilesUrl: z.string(),
  geocoderUrl: z.string(),
}) satisfies z.ZodType<ClientConfig>;
