import { createImportService } from './modules/import/service.ts';
import type { Config } from './config.ts';
import type { DialectName } from './db/dialect.ts';
import type { Db } from './db/executor.ts';
import { groupCommit } from './db/group-commit.ts';
import { createRestoreService } from './modules/backup/restore.ts';
import { createBackupService } from './modules/backup/service.ts';
import { createEntryService } from './modules/entries/service.ts';
import { createExportService } from './modules/export/service.ts';
import { createHealthService } from './modules/health/service.ts';
import { createJournalQuota } from './journal-quota/service.ts';
import { createLocationService } from './modules/locations/service.ts';
import { createSearchService } from './modules/search/service.ts';
import { createSavedSearchService } from './modules/saved-searches/service.ts';
import { createAccountPhotoCleanup } from './modules/photos/account-deletion.ts';
import type { DecodeGate } from './modules/photos/decode-gate.ts';
import { inspectImage, processImage } from './modules/photos/image.ts';
import { createPhotoService } from './modules/photos/service.ts';
import { createPreferencesService } from './modules/preferences/service.ts';
import { createSpeciesService } from './modules/species/service.ts';
import { createResetTokenService } from './modules/reset-password/service.ts';
import { createSeasonalityService } from './modules/seasonality/service.ts';
import { createCursorCodec } from './modules/sync/cursor.ts';
import type { ListCache } from './modules/sync/list-cache.ts';
import { createSyncService } from './modules/sync/service.ts';
import type { PhotoStorage } from './storage/photo-storage.ts';
import type { UrlSigner } from './storage/url-signer.ts';
import type { ReadNow } from './db/read-now.ts';
import { revisionNow } from './fast-reads/revision-now.ts';
import type { WindowCounts } from './lib/window-counts.ts';
import type { Mailer } from './plugins/mail.ts';
import { createShareCredentials } from './modules/sharing/credentials.ts';
import { createShareService } from './modules/sharing/service.ts';
import { createViewingService } from './modules/sharing/viewing.ts';

export interface ServiceDeps {
  db: Db;
  dialect: DialectName;
  storage: PhotoStorage;
  signer: UrlSigner;
  decodeGate: DecodeGate;
  photos: Config['photos'];
  quotas: Config['quotas'];
  /** Signs sync cursors (AUTH_SECRET). */
  authSecret: string;
  /** The serialized GET /locations answers (LOCATIONS_CACHE_MB). */
  listCache: ListCache;
  /** Check answers against their schemas before sending (everywhere but production). */
  validateAnswers: boolean;
  /** IMPORT_MAX_MB in bytes. */
  importMaxBytes: number;
  /** RESTORE_MAX_MB and RESTORE_MAX_FILES. */
  restore: Config['restore'];
  /** SQLite's connection read without a promise (db/read-now.ts); null on PostgreSQL. */
  readNow: ReadNow | null;
  /** PUBLIC_URL, which share links start with. */
  publicUrl: string;
  /** Wrong share tokens per client address (in Redis when several servers share it). */
  shareGuesses: WindowCounts;
  /** Sends share invitations (plugins/mail.ts). */
  mailer: Mailer;
  /** Where a mail that could not be sent is told (the app's log). */
  onMailFailure: (error: unknown) => void;
}

/** Every service of the server, built once with its dependencies; app.ts hands them to routes. */
export function createServices(deps: ServiceDeps) {
  const { db, dialect, storage, signer, quotas } = deps;
  // Location and entry writes share SQLite transactions when they arrive together.
  const writes = groupCommit(db, dialect);
  const journal = createJournalQuota({ dialect, maxBytesPerUser: quotas.journalBytesPerUser });
  const locations = createLocationService({
    db,
    dialect,
    writes,
    storage,
    signer,
    maxLocationsPerUser: quotas.locationsPerUser,
    journal,
  });
  const sync = createSyncService({
    db,
    signer,
    locations,
    cursors: createCursorCodec(deps.authSecret),
    listCache: deps.listCache,
    validateAnswers: deps.validateAnswers,
    // The 304s answered before Fastify read the revision at once on SQLite; PostgreSQL keeps
    // its indexed read (several servers write it: nothing in memory could say it is current).
    revisionNow: deps.readNow ? revisionNow(db, deps.readNow) : undefined,
  });
  const exports = createExportService({ db, signer });
  const photoCleanup = createAccountPhotoCleanup({ db, storage });
  // SQLite is one server's database: nobody else writes it, so its records may be kept.
  const preferences = createPreferencesService(db, {
    cacheRows: dialect === 'sqlite',
    validateAnswers: deps.validateAnswers,
  });
  return {
    health: createHealthService(db, deps.readNow),
    resetTokens: createResetTokenService(db),
    accountDeletion: {
      beforeDelete: photoCleanup.beforeDelete,
      async afterDelete(userId: string) {
        sync.forget(userId);
        await photoCleanup.afterDelete(userId);
      },
    },
    locations,
    sync,
    search: createSearchService({ db, dialect, locations }),
    savedSearches: createSavedSearchService(db),
    export: exports,
    import: createImportService({
      db,
      maxLocationsPerUser: quotas.locationsPerUser,
      maxEntriesPerLocation: quotas.entriesPerLocation,
      journal,
      maxBytes: deps.importMaxBytes,
    }),
    backup: createBackupService({ db, storage, exports }),
    restore: createRestoreService({
      db,
      storage,
      limits: {
        maxFiles: deps.restore.maxFiles,
        maxInflatedBytes: deps.restore.maxInflatedBytes,
        perFile: { maxPhotoBytes: deps.photos.maxUploadBytes },
      },
      maxLocationsPerUser: quotas.locationsPerUser,
      maxEntriesPerLocation: quotas.entriesPerLocation,
      maxStoredBytesPerUser: quotas.photoBytesPerUser,
      journal,
      // A restored photo passes an upload's checks: the header in the preview, then decoded and
      // re-encoded in one of the same decode slots.
      photoChecks: {
        inspect: (bytes) => inspectImage(bytes, deps.photos.maxPixels),
        process: (bytes) => deps.decodeGate.run(() => processImage(bytes, deps.photos.maxPixels)),
      },
      onPreferencesWritten: (userId) => preferences.forget(userId),
    }),
    entries: createEntryService({
      dialect,
      writes,
      storage,
      locations,
      maxEntriesPerLocation: quotas.entriesPerLocation,
      journal,
    }),
    photos: createPhotoService({
      db,
      storage,
      signer,
      dialect,
      decodeGate: deps.decodeGate,
      maxPixels: deps.photos.maxPixels,
      maxStoredBytesPerUser: quotas.photoBytesPerUser,
    }),
    preferences,
    seasonality: createSeasonalityService(db),
    species: createSpeciesService({
      writes,
      journal,
      onPreferencesWritten: (userId) => preferences.forget(userId),
    }),
    shares: createShareService({
      db,
      publicUrl: deps.publicUrl,
      mailer: deps.mailer,
      onMailFailure: deps.onMailFailure,
    }),
    viewing: createViewingService({
      db,
      storage,
      credentials: createShareCredentials(deps.authSecret),
      guesses: deps.shareGuesses,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
