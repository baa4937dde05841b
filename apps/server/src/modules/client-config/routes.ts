import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

const clientConfigSchema = z.object({
  appName: z.string(),
  mapStyleUrl: z.string(),
  satelliteTilesUrl: z.string(),
  topoTilesUrl: z.string(),
  geocoderUrl: z.string(),
});

/** Run-time settings for the web app, so a self-hoster changes them without rebuilding it. */
export function clientConfigRoutes(client: Config['client']): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/config',
      { schema: { tags: ['config'], response: { 200: clientConfigSchema } } },
      async () => ({ appName: 'Foraging Journal', ...client }),
    );
  };
}
