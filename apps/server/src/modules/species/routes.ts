import { errorBodySchema } from '@fj/contract/errors';
import { speciesRenameAnswerSchema, speciesRenameSchema } from '@fj/contract/species-rename';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SpeciesService } from './service.ts';

export function speciesRoutes(service: SpeciesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/species/rename',
      {
        schema: {
          tags: ['species'],
          body: speciesRenameSchema,
          response: {
            200: speciesRenameAnswerSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
          },
        },
      },
      async (request) => service.rename(request.userId, request.body),
    );
  };
}
