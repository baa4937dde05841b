import { errorBodySchema } from '@fj/contract/errors';
import { importAnswerSchema, importPreviewSchema, importQuerySchema } from '@fj/contract/import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ImportService } from './service.ts';
import { readImportFile } from './upload.ts';

const responses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  413: errorBodySchema,
};

/**
 * POST /import (with `?preview=true`, the preview) and POST /import/preview, its older alias:
 * the file is the raw body, whatever its content type, or a multipart upload's one file, up to
 * IMPORT_MAX_MB (docs/behaviour.md#import).
 */
export function importRoutes(service: ImportService, maxBytes: number): FastifyPluginAsyncZod {
  return async (app) => {
    // In this plugin alone: any other body is the file's bytes, parsed by the format's reader.
    // multipart/form-data keeps @fastify/multipart's parser (read in readImportFile).
    app.removeContentTypeParser([
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
    ]);
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) =>
      done(null, body),
    );

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
      async (request) =>
        service.preview(request.userId, await readImportFile(request, request.query, maxBytes)),
    );

    app.post(
      '/import',
      {
        schema: {
          tags: ['import'],
          description:
            'Imports the file in one transaction; spots already there (same id, or same name within 10 m) are skipped. With preview=true, answers what it would do and writes nothing.',
          querystring: importQuerySchema,
          response: { 200: importAnswerSchema, ...responses },
        },
      },
      async (request) => {
        const file = await readImportFile(request, request.query, maxBytes);
        return request.query.preview === 'true'
          ? service.preview(request.userId, file)
          : service.run(request.userId, file);
      },
    );
  };
}
