import formBody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { bodyLimits } from './body-limits.ts';
import { frameworkErrors, registerErrorHandler } from './errors.ts';
import { answerSerializerCompiler } from './lib/answer-serializer.ts';
import { registerJsonParser } from './lib/json-body.ts';
import { makePrivateDir } from './lib/private-files.ts';
import { serverTimeouts } from './lib/server-timeouts.ts';
import { fastifyTrustProxy } from './lib/trust-proxy.ts';
import { clientAddress } from './fast-reads/client-address.ts';
import { createFastReads, type FastReads } from './fast-reads/fast-reads.ts';
import { createFrontDoor } from './fast-reads/front-door.ts';
import { closeLog, lazyChildLogger, loggerOptions } from './logging.ts';
import { backupRoutes } from './modules/backup/routes.ts';
import { clientConfigRoutes } from './modules/client-config/routes.ts';
import { entryRoutes } from './modules/entries/routes.ts';
import { exportRoutes } from './modules/export/routes.ts';
import { importRoutes } from './modules/import/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { locationRoutes } from './modules/locations/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { savedSearchRoutes } from './modules/saved-searches/routes.ts';
import photoWorkPlugin from './modules/photos/plugin.ts';
import { photoFileRoutes, photoUploadRoutes } from './modules/photos/routes.ts';
import { preferencesRoutes } from './modules/preferences/routes.ts';
import { seasonalityRoutes } from './modules/seasonality/routes.ts';
import { speciesRoutes } from './modules/species/routes.ts';
import { resetPasswordRoutes } from './modules/reset-password/routes.ts';
import { resetPasswordMail } from './modules/reset-password/mail.ts';
import { createListCache, type ListCache } from './modules/sync/list-cache.ts';
import { shareForgets } from './modules/sync/shared-list-cache.ts';
import syncWorkPlugin from './modules/sync/plugin.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import { shareLinkRoutes, shareRoutes } from './modules/sharing/routes.ts';
import { tileRoutes } from './modules/tiles/routes.ts';
import { createTileService } from './modules/tiles/service.ts';
import type { RevocationBroadcaster } from './auth/revocation/broadcaster.ts';
import authPlugin from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import docsPlugin from './plugins/docs.ts';
import mailPlugin, { type Mailer } from './plugins/mail.ts';
import redisPlugin from './plugins/redis.ts';
import securityPlugin from './plugins/security.ts';
import storagePlugin from './plugins/storage.ts';
import webPlugin from './plugins/web.ts';
import { createServices } from './services.ts';
import { nextRequestId, OneLinePerRequest } from './request-line.ts';
import { createUrlSigner } from './storage/url-signer.ts';
import { createWindowCounts } from './lib/window-counts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The serialized GET /locations answers (tests look at what it holds). */
    listCache: ListCache;
    /** The reads answered before Fastify (tests look at how many). */
    fastReads: FastReads;
  }
}

export interface AppOverrides {
  /** Tests capture mail here instead of an SMTP server or the outbox. */
  mailer?: Mailer;
  /** Tests let two apps share one, as several servers would share Redis or PostgreSQL. */
  revocationBroadcaster?: RevocationBroadcaster;
  /** Tests read the log here instead of stdout. */
  logStream?: NodeJS.WritableStream;
  /** Tests see each route as it is registered (authorization.test.ts: every /api/v1 route). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

/** Builds the whole server without listening: main.ts listens, tests use inject(). */
export async function buildApp(
  config: Config,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  const logger = loggerOptions(config.logLevel, overrides.logStream);
  const requestLog = new OneLinePerRequest(logger);
  const door = createFrontDoor();
  const app = Fastify({
    logger,
    logController: requestLog,
    genReqId: nextRequestId,
    serverFactory: door.serverFactory,
    childLoggerFactory: lazyChildLogger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Small by default; the routes that take big bodies set their own (see body-limits.ts).
    bodyLimit: bodyLimits.default,
    frameworkErrors,
    ...serverTimeouts(config.timeouts),
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', () => closeLog(logger));
  if (overrides.onRoute) app.addHook('onRoute', overrides.onRoute);
  if (!makePrivateDir(config.dataDir))
    app.log.warn(
      `DATA_DIR ${config.dataDir} is not ours to chmod: keep it readable by this user only`,
    );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(config.env !== 'production'));
  registerErrorHandler(app);
  registerJsonParser(app);

  // First: the rate limit in securityPlugin counts in it.
  await app.register(redisPlugin, { redis: config.redis });
  await app.register(securityPlugin, { config });
  await app.register(docsPlugin);
  await app.register(formBody);
  await app.register(multipart, {
    limits: { fileSize: config.photos.maxUploadBytes, files: 1, fields: 10 },
  });
  await app.register(dbPlugin, { database: config.database });
  await app.register(mailPlugin, { mail: config.mail, mailer: overrides.mailer });
  await app.register(storagePlugin, { storage: config.storage });
  await app.register(photoWorkPlugin);
  await app.register(syncWorkPlugin);

  const signer = createUrlSigner(config.authSecret);
  const listCache = createListCache(config.locationsCacheBytes);
  app.decorate('listCache', app.redis ? shareForgets(listCache, app.redis) : listCache);
  const services = createServices({
    db: app.db,
    dialect: app.dialect,
    storage: app.photoStorage,
    signer,
    decodeGate: app.imageDecodeGate,
    photos: config.photos,
    quotas: config.quotas,
    authSecret: config.authSecret,
    listCache: app.listCache,
    validateAnswers: config.env !== 'production',
    importMaxBytes: config.importMaxBytes,
    restore: config.restore,
    readNow: app.readNow,
    publicUrl: config.publicUrl,
    shareGuesses: createWindowCounts(app.redis, 'share-guess:'),
    mailer: app.mailer,
    onMailFailure: (error) => app.log.warn({ err: error }, 'share invitation mail not sent'),
  });
  await app.register(authPlugin, {
    config,
    accountDeletion: services.accountDeletion,
    resetPasswordMail,
    revocationBroadcaster: overrides.revocationBroadcaster,
  });

  const fastReads = createFastReads({
    rememberedUser: app.rememberedUser,
    reads: {
      locations: services.sync.front.list,
      sync: services.sync.front.changes,
      preferences: services.preferences.front,
    },
    log: requestLog,
    address: clientAddress(fastifyTrustProxy(config.trustProxy)),
    hostAllowed: app.hostAllowed,
  });
  app.decorate('fastReads', fastReads);
  door.open(fastReads.handle);

  await app.register(healthRoutes(services.health));
  const tiles = createTileService(config.tiles, app.log);
  app.addHook('onClose', () => tiles.close());
  await app.register(clientConfigRoutes(config.client, tiles));
  await app.register(
    tileRoutes(tiles, {
      publicUrl: config.acceptAnySameOrigin ? undefined : config.publicUrl,
      rateLimitMax: config.tiles.rateLimitMax,
    }),
  );
  await app.register(resetPasswordRoutes(services.resetTokens, config.minPasswordLength));
  await app.register(photoFileRoutes(signer));

  await app.register(
    async (api) => {
      // onRequest, not preHandler: a caller without a valid token learns nothing of our schemas
      // and gets no body parsed.
      api.addHook('onRequest', api.authenticate);
      await api.register(locationRoutes(services.locations, services.sync));
      await api.register(syncRoutes(services.sync));
      await api.register(searchRoutes(services.search));
      await api.register(savedSearchRoutes(services.savedSearches));
      await api.register(exportRoutes(services.export, services.backup));
      await api.register(
        importRoutes(services.import, services.restore, {
          maxBytes: config.importMaxBytes,
          maxZipBytes: config.restore.maxBytes,
        }),
      );
      await api.register(backupRoutes(services.backup));
      await api.register(entryRoutes(services.entries));
      await api.register(preferencesRoutes(services.preferences));
      await api.register(seasonalityRoutes(services.seasonality));
      await api.register(speciesRoutes(services.species));
      await api.register(photoUploadRoutes(services.photos, config.photos.maxUploadBytes));
      await api.register(shareRoutes(services.shares, services.viewing));
    },
    { prefix: '/api/v1' },
  );
  // A share link's viewer has a share credential, not an ID token (docs/behaviour.md#sharing).
  await app.register(shareLinkRoutes(services.viewing), { prefix: '/api/v1' });

  await app.register(webPlugin, { distDir: config.webDistDir });
  return app;
}
