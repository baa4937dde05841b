import { clientConfigSchema, defaultAppName } from '@fj/contract/client-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

/** Run-time settings for the web app, so a self-hoster changes them without rebuilding it. */
export function clientConfigRoutes(
  client: Config['client'],
  /** The tile service's names of the local tile files (modules/tiles), first one first. */
  tiles: { names(): Promise<string[]> },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/config',
      { schema: { tags: ['config'], response: { 200: clientConfigSchema } } },
      async () => {
        // The first tile file (by name) is the base map; a path, so the native app asks its API host.
        const [localMap] = await tiles.names();
        const localMapStyleUrl = localMap ? `/api/tiles/${localMap}/style.json` : '';
        return { appName: defaultAppName, ...client, localMapStyleUrl };
      },
    );
  };
}
