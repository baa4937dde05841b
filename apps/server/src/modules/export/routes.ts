import type { Readable } from 'node:stream';
import { errorBodySchema } from '@fj/contract/errors';
import { exportQuerySchema } from '@fj/contract/export';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badField } from '../../errors.ts';
import type { ExportService } from './service.ts';

/**
 * GET /export: the user's spots as a file, streamed (docs/files.md#export); format=backup is
 * the account's backup ZIP, as GET /backup sends it.
 */
/** What format=backup needs of the backup service (modules/backup): the account's ZIP. */
interface BackupZips {
  open(userId: string): Promise<{ fileName: string; body: Readable }>;
}

export function exportRoutes(service: ExportService, backup: BackupZips): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/export',
      {
        schema: {
          tags: ['export'],
          description:
            'The spots (all, or those in ids=) as a GeoJSON, GPX 1.1, KML 2.2, CSV or iNaturalist CSV file, sent as an attachment while it is written; format=backup is the whole account as GET /backup sends it.',
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
        const { format, ...rest } = request.query;
        if (format === 'backup') {
          if (rest.ids) throw badField('ids', 'a backup is always the whole account');
          const zip = await backup.open(request.userId);
          return reply
            .header('content-type', 'application/zip')
            .header('content-disposition', `attachment; filename="${zip.fileName}"`)
            .header('cache-control', 'no-store')
            .send(zip.body);
        }
        const file = await service.open(request.userId, { format, ...rest });
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  };
}
