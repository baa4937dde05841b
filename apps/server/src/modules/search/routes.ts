import { errorBodySchema } from '@fj/contract/errors';
import { searchAnswerSchema } from '@fj/contract/search-answer';
import { searchQuerySchema } from '@fj/contract/search-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchService } from './service.ts';

/** GET /search (docs/behaviour.md#search). */
export function searchRoutes(service: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/search',
      {
        schema: {
          tags: ['search'],
          description:
            'The user’s spots matching the facets and the query box `q`, each with the entries that matched the visit conditions; newest matching visit first.',
          querystring: searchQuerySchema,
          response: { 200: searchAnswerSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => service.search(request.userId, request.query),
    );
  };
}
