import { errorBodySchema } from '@fj/contract/errors';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BackupService } from './service.ts';

/** GET /backup: the whole account as one ZIP, streamed (docs/files.md#backup). */
export function backupRoutes(service: BackupService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/backup',
      {
        schema: {
          tags: ['export'],
          description:
            'The whole account as a ZIP: manifest.json (format, version, counts, SHA-256 of every file), data/journal.json (preferences and every spot with its entries) and photos/ (every photo and thumbnail of the entries).',
          response: { 200: z.unknown().describe('The ZIP, streamed'), 401: errorBodySchema },
        },
      },
      async (request, reply) => {
        const file = await service.open(request.userId);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  };
}
