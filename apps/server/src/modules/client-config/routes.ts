import { clientConfigSchema, defaultAppName } from '@fj/contract/client-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

/** Run-time settings for the web app, so a self-hoster changes them without rebuilding it. */
export function clientConfigRoutes(client: Config['client']): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/config',
      { schema: { tags: ['config'], response: { 200: clientConfigSchema } } },
      async () => ({ appName: defaultAppName, ...client }),
    );
  };
}
