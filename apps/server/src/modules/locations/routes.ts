import { errorBodySchema } from '@fj/contract/errors';
import { idParamSchema } from '@fj/contract/common';
import {
  createLocationSchema,
  locationListSchema,
  locationSchema,
  updateLocationSchema,
} from '@fj/contract/locations';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyLimits } from '../../body-limits.ts';
import {
  notModifiedSchema,
  sendConditional,
  type ConditionalAnswer,
} from '../../lib/conditional.ts';
import type { LocationService } from './service.ts';

const params = z.object({ id: idParamSchema });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** What GET /locations needs of the sync service (modules/sync): the list, answered conditionally. */
interface LocationList {
  list(
    userId: string,
    ifNoneMatch: string | string[] | undefined,
    beforeBody?: () => Promise<void>,
  ): Promise<ConditionalAnswer>;
}

/** `sync` answers the whole list (cached, conditional: docs/behaviour.md#conditional-reads). */
export function locationRoutes(
  service: LocationService,
  sync: LocationList,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/locations',
      {
        schema: {
          tags: ['locations'],
          description:
            'Every location of the user, whole. Carries an ETag (If-None-Match answers 304) and a Sync-Cursor header to continue from with GET /sync.',
          response: { 200: locationListSchema, 304: notModifiedSchema, ...errors },
        },
      },
      async (request, reply) =>
        sendConditional(
          reply,
          await sync.list(request.userId, request.headers['if-none-match'], () =>
            app.spendBudget(request, reply),
          ),
        ),
    );
    app.get(
      '/locations/:id',
      { schema: { tags: ['locations'], params, response: { 200: locationSchema, ...errors } } },
      async (request) => service.read(request.userId, request.params.id),
    );
    app.post(
      '/locations',
      {
        bodyLimit: bodyLimits.location,
        schema: {
          tags: ['locations'],
          body: createLocationSchema,
          response: {
            200: locationSchema,
            201: locationSchema,
            403: errorBodySchema,
            409: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { location, created } = await service.create(request.userId, request.body);
        return reply.status(created ? 201 : 200).send(location);
      },
    );
    app.put(
      '/locations/:id',
      {
        bodyLimit: bodyLimits.location,
        schema: {
          tags: ['locations'],
          params,
          body: updateLocationSchema,
          response: { 200: locationSchema, ...errors },
        },
      },
      async (request) => service.update(request.userId, request.params.id, request.body),
    );
    app.delete(
      '/locations/:id',
      { schema: { tags: ['locations'], params, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await service.remove(request.userId, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
