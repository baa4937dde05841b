import { errorBodySchema } from '@fj/contract/errors';
import { syncAnswerSchema, syncQuerySchema } from '@fj/contract/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notModifiedSchema, sendConditional } from '../../lib/conditional.ts';
import type { SyncService } from './service.ts';

/** GET /api/v1/sync (docs/behaviour.md#sync). */
export function syncRoutes(service: SyncService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sync',
      {
        schema: {
          tags: ['sync'],
          description:
            'What changed since the cursor `since` (from an earlier answer, or the Sync-Cursor header of GET /locations): changed locations whole, ids deleted since, the preferences if they changed, and the new cursor. Without `since`, or with a cursor older than the 90 days deletions are kept, everything, with `full: true`. A cursor this server did not give the user is a 400 naming `since`. Carries an ETag (If-None-Match answers 304).',
          querystring: syncQuerySchema,
          response: {
            200: syncAnswerSchema,
            304: notModifiedSchema,
            400: errorBodySchema,
            401: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        sendConditional(
          reply,
          await service.changes(
            request.userId,
            request.query.since,
            request.headers['if-none-match'],
            () => app.spendBudget(request, reply),
          ),
        ),
    );
  };
}
