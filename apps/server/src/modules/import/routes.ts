import { errorBodySchema } from '@fj/contract/errors';
import { importPreviewSchema, importQuerySchema, importResultSchema } from '@fj/contract/import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvMappingOf, formatOf, type ImportFile, type ImportService } from './service.ts';

const responses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  413: errorBodySchema,
};

/**
 * POST /import/preview and POST /import: the file is the raw body, whatever its content type,
 * up to IMPORT_MAX_MB (docs/behaviour.md#import).
 */
export function importRoutes(service: ImportService, maxBytes: number): FastifyPluginAsyncZod {
  return async (app) => {
    // In this plugin alone: every body is the file's bytes, parsed by the format's reader.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) =>
      done(null, body),
    );
    const fileOf = (
      body: unknown,
      query: { format?: ImportFile['format']; filename?: string; mapping?: string },
    ): ImportFile => ({
      format: formatOf(query.format, query.filename),
      bytes: Buffer.isBuffer(body) ? body : Buffer.alloc(0),
      mapping: csvMappingOf(query.mapping),
    });

    app.post(
      '/import/preview',
      {
        schema: {
          tags: ['import'],
          description: 'What importing the file would create, skip and refuse; writes nothing.',
          querystring: importQuerySchema,
          response: { 200: importPreviewSchema, ...responses },
        },
      },
      async (request) => service.preview(request.userId, fileOf(request.body, request.query)),
    );

    app.post(
      '/import',
      {
        schema: {
          tags: ['import'],
          description:
            'Imports the file in one transaction; spots already there (same id, or same name within 10 m) are skipped.',
          querystring: importQuerySchema,
          response: { 200: importResultSchema, ...responses },
        },
      },
      async (request) => service.run(request.userId, fileOf(request.body, request.query)),
    );
  };
}
