import formBody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { registerErrorHandler } from './errors.ts';
import { makePrivateDir } from './lib/private-files.ts';
import { serverTimeouts } from './lib/server-timeouts.ts';
import { fastifyTrustProxy } from './lib/trust-proxy.ts';
import { loggerOptions } from './logging.ts';
import { clientConfigRoutes } from './modules/client-config/routes.ts';
import { createEntryService } from './modules/entries/service.ts';
import { entryRoutes } from './modules/entries/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { locationRoutes } from './modules/locations/routes.ts';
import { createLocationService } from './modules/locations/service.ts';
import { photoFileRoutes, photoUploadRoutes } from './modules/photos/routes.ts';
import { preferencesRoutes } from './modules/preferences/routes.ts';
import { resetPasswordRoutes } from './modules/reset-password/routes.ts';
import authPlugin from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import docsPlugin from './plugins/docs.ts';
import mailPlugin, { type Mailer } from './plugins/mail.ts';
import securityPlugin from './plugins/security.ts';
import storagePlugin from './plugins/storage.ts';
import webPlugin from './plugins/web.ts';
import { createUrlSigner } from './storage/url-signer.ts';

export interface AppOverrides {
  /** Tests capture mail here instead of an SMTP server or the outbox. */
  mailer?: Mailer;
  /** Tests read the log here instead of stdout. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole server without listening: main.ts listens, tests use inject(). */
export async function buildApp(
  config: Config,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, overrides.logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(config.timeouts),
  }).withTypeProvider<ZodTypeProvider>();
  if (!makePrivateDir(config.dataDir))
    app.log.warn(
      `DATA_DIR ${config.dataDir} is not ours to chmod: keep it readable by this user only`,
    );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(securityPlugin, { config });
  await app.register(docsPlugin);
  await app.register(formBody);
  await app.register(multipart, {
    limits: { fileSize: config.photos.maxUploadBytes, files: 1, fields: 10 },
  });
  await app.register(dbPlugin, { database: config.database });
  await app.register(mailPlugin, { mail: config.mail, mailer: overrides.mailer });
  await app.register(storagePlugin, { storage: config.storage });
  await app.register(authPlugin, { config });

  const signer = createUrlSigner(config.authSecret);
  await app.register(healthRoutes);
  await app.register(clientConfigRoutes(config.client));
  await app.register(resetPasswordRoutes(config.minPasswordLength));
  await app.register(photoFileRoutes(signer));

  await app.register(
    async (api) => {
      // onRequest, not preHandler: a caller without a valid token learns nothing of our schemas
      // and gets no body parsed.
      api.addHook('onRequest', api.authenticate);
      const locations = createLocationService({ db: app.db, storage: app.photoStorage, signer });
      const entries = createEntryService({ db: app.db, storage: app.photoStorage, locations });
      await api.register(locationRoutes(locations));
      await api.register(entryRoutes(entries));
      await api.register(preferencesRoutes);
      await api.register(
        photoUploadRoutes({
          signer,
          maxUploadBytes: config.photos.maxUploadBytes,
          maxPixels: config.photos.maxPixels,
        }),
      );
    },
    { prefix: '/api/v1' },
  );

  await app.register(webPlugin, { distDir: config.webDistDir });
  return app;
}
