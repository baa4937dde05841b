import { errorBodySchema } from '@fj/contract/errors';
import { idParamSchema } from '@fj/contract/common';
import {
  acceptShareSchema,
  createShareAnswerSchema,
  createShareSchema,
  shareAnswerSchema,
  sharedLinkSchema,
  sharedWithMeSchema,
  shareListSchema,
  sharePreviewAnswerSchema,
  sharePreviewSchema,
  shareSessionAnswerSchema,
  shareSessionRequestSchema,
  updateShareSchema,
} from '@fj/contract/sharing';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { bodyLimits } from '../../body-limits.ts';
import type { ShareService } from './service.ts';
import type { ViewingService } from './viewing.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const params = z.object({ id: idParamSchema });
const photoParams = z.object({ id: idParamSchema, photoId: idParamSchema });

/**
 * What a viewer receives is kept by no cache, sent to no other site, indexed by no robot. The
 * hook runs for every answer of the routes beside it, errors included.
 */
function viewerHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-robots-tag', 'noindex');
  });
}

/** The display image, re-encoded at upload: no EXIF, no file name. */
const sendPhoto = (reply: FastifyReply, body: Readable) =>
  reply.header('content-type', 'image/webp').header('x-content-type-options', 'nosniff').send(body);

/** The owner's shares and the grantee's side, under /api/v1 (an ID token required). */
export function shareRoutes(shares: ShareService, viewing: ViewingService): FastifyPluginAsyncZod {
  return async (app) => {
    viewerHeaders(app);
    app.post(
      '/shares',
      {
        bodyLimit: bodyLimits.share,
        schema: {
          tags: ['sharing'],
          body: createShareSchema,
          response: { 201: createShareAnswerSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await shares.create(request.userId, request.body) }),
    );
    app.post(
      '/shares/preview',
      {
        bodyLimit: bodyLimits.share,
        schema: {
          tags: ['sharing'],
          body: sharePreviewSchema,
          response: { 200: sharePreviewAnswerSchema, ...errors },
        },
      },
      async (request) => ({
        data: { locations: await shares.preview(request.userId, request.body) },
      }),
    );
    app.get(
      '/shares',
      { schema: { tags: ['sharing'], response: { 200: shareListSchema, 401: errorBodySchema } } },
      async (request) => ({ data: await shares.list(request.userId) }),
    );
    app.patch(
      '/shares/:id',
      {
        bodyLimit: bodyLimits.share,
        schema: {
          tags: ['sharing'],
          params,
          body: updateShareSchema,
          response: { 200: shareAnswerSchema, ...errors },
        },
      },
      async (request) => ({
        data: await shares.update(request.userId, request.params.id, request.body),
      }),
    );
    app.delete(
      '/shares/:id',
      { schema: { tags: ['sharing'], params, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await shares.revoke(request.userId, request.params.id);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/shared',
      {
        schema: { tags: ['sharing'], response: { 200: sharedWithMeSchema, 401: errorBodySchema } },
      },
      async (request) => ({ data: await viewing.sharedWithMe(request.userId) }),
    );
    app.post(
      '/shared/:id/accept',
      {
        bodyLimit: bodyLimits.share,
        schema: {
          tags: ['sharing'],
          params,
          // No body at all (null) is an accept without a token.
          body: acceptShareSchema.nullish(),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await viewing.accept(request.userId, request.params.id, request.body?.token);
        return reply.status(204).send(null);
      },
    );
    app.get(
      '/shared/:id/photos/:photoId',
      { schema: { tags: ['sharing'], params: photoParams, response: errors } },
      async (request, reply) =>
        sendPhoto(
          reply,
          await viewing.grantPhoto(request.userId, request.params.id, request.params.photoId),
        ),
    );
  };
}

/** The token of `Authorization: Bearer <credential>`. */
const credentialOf = (header: string | undefined) =>
  header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;

/**
 * A link's routes, under /api/v1 but outside the ID-token scope: the token for a credential,
 * then the view and its photos with that credential. A viewer needs no account.
 */
export function shareLinkRoutes(viewing: ViewingService): FastifyPluginAsyncZod {
  return async (app) => {
    viewerHeaders(app);
    app.post(
      '/share-sessions',
      {
        schema: {
          tags: ['sharing'],
          body: shareSessionRequestSchema,
          response: { 201: shareSessionAnswerSchema, ...errors, 429: errorBodySchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await viewing.session(request.body.token, request.ip) }),
    );
    app.get(
      '/shared/link',
      { schema: { tags: ['sharing'], response: { 200: sharedLinkSchema, ...errors } } },
      async (request) => ({
        data: await viewing.linkView(credentialOf(request.headers.authorization)),
      }),
    );
    app.get(
      '/shared/link/photos/:photoId',
      {
        schema: {
          tags: ['sharing'],
          params: z.object({ photoId: idParamSchema }),
          response: errors,
        },
      },
      async (request, reply) =>
        sendPhoto(
          reply,
          await viewing.linkPhoto(
            credentialOf(request.headers.authorization),
            request.params.photoId,
          ),
        ),
    );
  };
}
