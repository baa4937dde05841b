import { photoEntrySchema } from '@fj/contract/photos';
import { errorBodySchema } from '@fj/contract/errors';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import type { UrlSigner } from '../../storage/url-signer.ts';
import { isSafeKey } from '../../storage/photo-storage.ts';
import type { PhotoService } from './service.ts';
import { readUpload } from './upload-body.ts';

/** POST /api/v1/photos: one image per request, so a progress bar per photo is simple. */
export function photoUploadRoutes(
  service: PhotoService,
  maxUploadBytes: number,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/photos',
      {
        schema: {
          tags: ['photos'],
          consumes: ['multipart/form-data'],
          response: {
            201: photoEntrySchema,
            400: errorBodySchema,
            403: errorBodySchema,
            413: errorBodySchema,
            415: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { filename, bytes } = await readUpload(request, maxUploadBytes);
        const photo = await service.upload(request.userId, filename, bytes);
        return reply.status(201).send(photo);
      },
    );
  };
}

const fileQuerySchema = z.object({ expires: z.coerce.number(), sig: z.string().min(1).max(100) });

/** Serves photo bytes to whoever holds a valid signed URL: no bearer header, so <img> works. */
export function photoFileRoutes(signer: UrlSigner): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/files/:userId/:file',
      {
        schema: {
          hide: true,
          params: z.object({ userId: z.string(), file: z.string() }),
          querystring: fileQuerySchema,
        },
      },
      async (request, reply) => {
        const key = `${request.params.userId}/${request.params.file}`;
        const { expires, sig } = request.query;
        if (!isSafeKey(key) || !signer.verify({ key, expires, sig })) {
          throw new AppError('NOT_FOUND', 'Photo not found or its link has expired');
        }
        const body = await app.photoStorage.get(key);
        if (!body) throw new AppError('NOT_FOUND', 'Photo not found or its link has expired');
        const maxAge = Math.max(0, Math.floor((expires - Date.now()) / 1000));
        return reply
          .header('content-type', 'image/webp')
          .header('cache-control', `private, max-age=${maxAge}, immutable`)
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );
  };
}
