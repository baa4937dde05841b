import { errorBodySchema } from '@fj/contract/errors';
import { exportQuerySchema } from '@fj/contract/export';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ExportService } from './service.ts';

/** GET /export: the user's spots as a file, streamed (docs/behaviour.md#export). */
export function exportRoutes(service: ExportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/export',
      {
        schema: {
          tags: ['export'],
          description:
            'The spots (all, or those in ids=) as a GeoJSON, GPX 1.1, KML 2.2, CSV or iNaturalist CSV file, sent as an attachment while it is written.',
          querystring: exportQuerySchema,
          response: {
            200: z.unknown().describe('The file, streamed'),
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const file = await service.open(request.userId, request.query);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  };
}
