import { errorBodySchema } from '@fj/contract/errors';
import { idParamSchema } from '@fj/contract/common';
import { createEntrySchema, updateEntrySchema } from '@fj/contract/entries';
import { entryWriteAnswerSchema } from '@fj/contract/locations';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyLimits } from '../../body-limits.ts';
import type { EntryService } from './service.ts';

const locationParams = z.object({ locationId: idParamSchema });
const entryParams = z.object({ locationId: idParamSchema, entryId: idParamSchema });
/** Each answer carries the whole updated location (docs/behaviour.md#optimistic-changes). */
const answer = entryWriteAnswerSchema;
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export function entryRoutes(service: EntryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/locations/:locationId/entries',
      {
        bodyLimit: bodyLimits.entry,
        schema: {
          tags: ['entries'],
          params: locationParams,
          body: createEntrySchema,
          response: { 201: answer, 403: errorBodySchema, 409: errorBodySchema, ...errors },
        },
      },
      async (request, reply) => {
        const location = await service.create(
          request.userId,
          request.params.locationId,
          request.body,
        );
        return reply.status(201).send({ location });
      },
    );
    app.put(
      '/locations/:locationId/entries/:entryId',
      {
        bodyLimit: bodyLimits.entry,
        schema: {
          tags: ['entries'],
          params: entryParams,
          body: updateEntrySchema,
          response: { 200: answer, ...errors },
        },
      },
      async (request) => {
        const { locationId, entryId } = request.params;
        return {
          location: await service.update(request.userId, locationId, entryId, request.body),
        };
      },
    );
    app.delete(
      '/locations/:locationId/entries/:entryId',
      { schema: { tags: ['entries'], params: entryParams, response: { 200: answer, ...errors } } },
      async (request) => {
        const { locationId, entryId } = request.params;
        return { location: await service.remove(request.userId, locationId, entryId) };
      },
    );
  };
}
