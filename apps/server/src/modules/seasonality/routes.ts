import { errorBodySchema } from '@fj/contract/errors';
import { seasonalityAnswerSchema, seasonalityQuerySchema } from '@fj/contract/seasonality';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SeasonalityService } from './service.ts';

/** GET /api/v1/seasonality (docs/behaviour.md#seasons). */
export function seasonalityRoutes(service: SeasonalityService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/seasonality',
      {
        schema: {
          tags: ['seasonality'],
          description:
            "Seasons from the user's own journal. With `species`: its visits (the entries at the locations where it was ever found, at `locationId` alone when given, in the years `from`-`to`), how many found it, its window (the shortest arc of the year holding every find, `MM-DD`, it may wrap over the new year), by month (with quantities summed per unit) and by year. A species never found, or a `locationId` that is not the user's, gives zeros. Without `species`: every species found, by name, with its visits, finds, window and peak month. A bad parameter (`to` before `from` too) is a 400 naming it.",
          querystring: seasonalityQuerySchema,
          response: { 200: seasonalityAnswerSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => {
        const { species } = request.query;
        if (species === undefined) return { data: await service.all(request.userId) };
        return { data: await service.species(request.userId, { ...request.query, species }) };
      },
    );
  };
}
