import { idParamSchema } from '@fj/contract/common';
import { errorBodySchema } from '@fj/contract/errors';
import {
  createSavedSearchSchema,
  savedSearchListSchema,
  savedSearchSchema,
  updateSavedSearchSchema,
} from '@fj/contract/saved-searches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SavedSearchService } from './service.ts';

const params = z.object({ id: idParamSchema });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** /searches: the user's saved searches (docs/behaviour.md#search). */
export function savedSearchRoutes(service: SavedSearchService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/searches',
      { schema: { tags: ['search'], response: { 200: savedSearchListSchema, ...errors } } },
      async (request) => ({ data: await service.list(request.userId) }),
    );
    app.post(
      '/searches',
      {
        schema: {
          tags: ['search'],
          body: createSavedSearchSchema,
          response: {
            200: savedSearchSchema,
            201: savedSearchSchema,
            403: errorBodySchema,
            409: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { search, created } = await service.create(request.userId, request.body);
        return reply.status(created ? 201 : 200).send(search);
      },
    );
    app.put(
      '/searches/:id',
      {
        schema: {
          tags: ['search'],
          params,
          body: updateSavedSearchSchema,
          response: { 200: savedSearchSchema, ...errors },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );
    app.delete(
      '/searches/:id',
      { schema: { tags: ['search'], params, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await service.remove(request.userId, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
