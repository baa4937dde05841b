import { labelSchema } from '@fj/contract/common';
import { errorBodySchema } from '@fj/contract/errors';
import {
  createPreferencesSchema,
  updateCategoriesSchema,
  updateSpeciesSchema,
  updateTerrainSchema,
  updateTreesSchema,
  updateTutorialSchema,
} from '@fj/contract/preferences';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyLimits } from '../../body-limits.ts';
import {
  etagMatches,
  notModifiedSchema,
  revalidateEveryTime,
  sendConditional,
} from '../../lib/conditional.ts';
import {
  preferencesAnswerSchema as answer,
  preferencesEtag,
  preferencesVersion,
} from './answer.ts';
import type { PreferencesService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const schema = <B extends z.ZodType>(body: B) => ({
  tags: ['preferences'],
  body,
  response: { 200: answer, ...errors },
});

export function preferencesRoutes(service: PreferencesService): FastifyPluginAsyncZod {
  return async (app) => {
    const user = (request: { userId: string }) => request.userId;

    app.post(
      '/preferences',
      {
        bodyLimit: bodyLimits.preferences,
        schema: {
          tags: ['preferences'],
          body: createPreferencesSchema,
          response: { 201: answer, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(user(request), request.body) }),
    );
    app.get(
      '/preferences',
      {
        schema: {
          tags: ['preferences'],
          response: { 200: answer, 304: notModifiedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { preferences, revision } = await service.read(user(request));
        const etag = preferencesEtag(preferencesVersion(user(request), revision));
        const headers = { etag, 'cache-control': revalidateEveryTime };
        if (etagMatches(request.headers['if-none-match'], etag))
          return sendConditional(reply, { headers });
        reply.headers(headers);
        return { data: preferences };
      },
    );
    app.put(
      '/preferences/categories',
      { bodyLimit: bodyLimits.labelList, schema: schema(updateCategoriesSchema) },
      async (request) => ({
        data: await service.setCategories(user(request), request.body.categories),
      }),
    );
    app.put(
      '/preferences/species/:category',
      {
        bodyLimit: bodyLimits.speciesList,
        schema: {
          ...schema(updateSpeciesSchema),
          // Fastify has already URL-decoded the path parameter (docs/behaviour.md#endpoints: "category URL-encoded").
          params: z.object({ category: labelSchema }),
        },
      },
      async (request) => ({
        data: await service.setSpecies(
          user(request),
          request.params.category,
          request.body.species,
        ),
      }),
    );
    const labels = { bodyLimit: bodyLimits.labelList };
    app.put(
      '/preferences/terrain',
      { ...labels, schema: schema(updateTerrainSchema) },
      async (request) => ({
        data: await service.setTerrain(user(request), request.body.terrainTypes),
      }),
    );
    app.put(
      '/preferences/trees',
      { ...labels, schema: schema(updateTreesSchema) },
      async (request) => ({
        data: await service.setTrees(user(request), request.body.treeTypes),
      }),
    );
    app.put('/preferences/tutorial', { schema: schema(updateTutorialSchema) }, async (request) => ({
      data: await service.setTutorial(user(request), request.body.show),
    }));
  };
}
