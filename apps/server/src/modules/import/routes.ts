import { AppError } from '../../errors.ts';
import { errorBodySchema } from '@fj/contract/errors';
import {
  importAnswerSchema,
  importPreviewSchema,
  importQuerySchema,
  type ImportPreview,
  type ImportResult,
} from '@fj/contract/import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerBusy, createImportGate, ImportsBusyError } from './gate.ts';
import type { ImportService } from './service.ts';
import { detachedBody, spool, type SpoolLimits } from './spool.ts';
import { isSpooled, readImportUpload, type ImportQuery, type Upload } from './upload.ts';
import type { FastifyRequest } from 'fastify';

const responses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  413: errorBodySchema,
  503: errorBodySchema,
};

/** The work a request holds its import slot for, once its handler has started it. */
type Slot = { work: Promise<unknown> };

/**
 * POST /import (with `?preview=true`, the preview) and POST /import/preview, its older alias:
 * the file is the raw body, whatever its content type, or a multipart upload's one file, up to
 * IMPORT_MAX_MB, or an account's backup ZIP up to RESTORE_MAX_MB, restored
 * (docs/files.md#import, #restore).
 */
export function importRoutes(
  service: ImportService,
  /** The backup module's restore of a backup ZIP (modules/backup/restore.ts). */
  restore: {
    preview(userId: string, file: string): Promise<ImportPreview>;
    run(userId: string, file: string): Promise<ImportResult>;
  },
  limits: SpoolLimits,
): FastifyPluginAsyncZod {
  const gate = createImportGate();
  const slots = new WeakMap<FastifyRequest, Slot>();

  /** Imports the file, or restores the backup; the spooled upload is removed either way. */
  async function handle<T>(
    request: FastifyRequest,
    query: ImportQuery,
    use: (upload: Upload) => Promise<T>,
  ): Promise<T> {
    const work = (async () => {
      const upload = await readImportUpload(request, query, limits);
      try {
        return await use(upload);
      } finally {
        await upload.spooled.remove();
      }
    })();
    const slot = slots.get(request);
    if (slot) slot.work = work.catch(() => undefined);
    return work;
  }

  return async (app) => {
    // A slot from before the body is read until the answer has gone (or the client has) and the
    // work has ended: a client that leaves mid-import does not free its slot for another while
    // this one still parses. After authentication (the parent's onRequest): 401 comes first.
    app.addHook('onRequest', async (request, reply) => {
      let leave: () => void;
      try {
        leave = gate.enter();
      } catch (error) {
        if (error instanceof ImportsBusyError) return answerBusy(request, reply, error);
        throw error;
      }
      const slot: Slot = { work: Promise.resolve() };
      slots.set(request, slot);
      reply.raw.once('close', () => void slot.work.finally(leave));
    });
    // In this plugin alone: any other body is the file, written to a temporary file as it
    // arrives (a backup may be gigabytes) and read by the format's reader. multipart/form-data
    // keeps @fastify/multipart's parser (read in readImportUpload).
    app.removeContentTypeParser([
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
    ]);
    app.addContentTypeParser('*', (request, payload, done) => {
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > limits.maxZipBytes) {
        done(new AppError('PAYLOAD_TOO_LARGE', 'The file is too large'));
        return;
      }
      spool(detachedBody(payload), limits).then(
        (file) => done(null, file),
        (error: Error) => done(error),
      );
    });
    // A body spooled for a request whose handler never ran (a bad query) is removed too.
    app.addHook('onResponse', async (request) => {
      if (isSpooled(request.body)) await request.body.remove();
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
      async (request) =>
        handle(request, request.query, (upload) =>
          upload.kind === 'backup'
            ? restore.preview(request.userId, upload.spooled.path)
            : service.preview(request.userId, upload.file),
        ),
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
      async (request) =>
        handle<ImportPreview | ImportResult>(request, request.query, (upload) => {
          const preview = request.query.preview === 'true';
          if (upload.kind === 'backup')
            return preview
              ? restore.preview(request.userId, upload.spooled.path)
              : restore.run(request.userId, upload.spooled.path);
          return preview
            ? service.preview(request.userId, upload.file)
            : service.run(request.userId, upload.file);
        }),
    );
  };
}
