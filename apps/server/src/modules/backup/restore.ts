import { randomUUID } from 'node:crypto';
import { setTimeout as delay, setImmediate } from 'node:timers/promises';
import type { ImportPreview, ImportResult } from '@fj/contract/import';
import type { Preferences } from '@fj/contract/preferences';
import { createPreferencesSchema } from '@fj/contract/preferences';
import type { RestoreSummary } from '@fj/contract/backup';
import type { Db, Executor } from '../../db/executor.ts';
import type {
  EntriesTable,
  LocationsTable,
  PhotosTable,
  PreferencesTable,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowIso } from '../../lib/json.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import { importRepository } from '../import/repository.ts';
import { journalBytesOf } from '../../journal-quota/measure.ts';
import type { JournalQuota } from '../../journal-quota/service.ts';
import { entryRowOf, locationRowOf, type RowStamp } from '../../lib/imported-rows.ts';
import { photosRepository } from '../photos/repository.ts';
import { defaultPreferencesRow, toPreferences } from '../preferences/mapping.ts';
import { preferencesRepository } from '../preferences/repository.ts';
import { syncRepository } from '../sync/repository.ts';
import { BackupZip, type BackupZipLimits } from './backup-zip.ts';
import { photoPath } from './manifest.ts';
import type { ProblemList } from './problem-list.ts';
import { restoreRepository } from './repository.ts';
import { checkBackup, type CheckedBackup } from './restore-file.ts';

/** A photo as an upload makes it: the display image and its thumbnail, both WebP. */
export interface ProcessedPhoto {
  display: { data: Buffer; width: number; height: number };
  thumbnail: { data: Buffer };
}

export interface RestoreServiceDeps {
  db: Db;
  storage: PhotoStorage;
  limits: BackupZipLimits;
  maxLocationsPerUser: number;
  maxEntriesPerLocation: number;
  maxStoredBytesPerUser: number;
  /** QUOTA_JOURNAL_BYTES_PER_USER. */
  journal: JournalQuota;
  /**
   * The checks every uploaded photo passes (modules/photos, wired in services.ts): `inspect`
   * its header (format, pixels), `process` decodes and re-encodes it in a decode slot. Each
   * throws the upload's AppError.
   */
  photoChecks: {
    inspect: (bytes: Buffer) => Promise<void>;
    process: (bytes: Buffer) => Promise<ProcessedPhoto>;
  };
  /** The preferences service keeps rows: it forgets the user's after a restore wrote them. */
  onPreferencesWritten: (userId: string) => void;
}

/** A photo row to write once its file is made: where its photo is in the ZIP, which spot. */
interface PlannedPhoto {
  row: PhotosTable;
  from: string;
  at: string;
}

interface Plan {
  locations: LocationsTable[];
  entries: EntriesTable[];
  photos: PlannedPhoto[];
  summary: RestoreSummary;
  problems: ProblemList;
  preferences: PreferencesTable | undefined;
}

/** How long a restore waits, in all, for a photo decode slot while uploads hold them all. */
const decodeWaitMs = 30_000;
const decodeRetryMs = 250;
/** Planning yields to other requests at least this often (ms). */
const sliceMs = 20;

/** `{user}/{id}.webp` → id: a photo keeps its id in its new account unless another has it. */
const photoIdOf = (key: string) => key.slice(key.indexOf('/') + 1).replace(/\.webp$/, '');

const unique = <T>(items: readonly T[]) => [...new Set(items)];

/**
 * Preferences merged into an account that has data: the backup's labels added to the account's.
 * A Map, then Object.fromEntries: a category called `__proto__` stays a key (assigning
 * `species['__proto__']` would set the object's prototype instead).
 */
function mergedPreferences(mine: Preferences, theirs: Preferences): Preferences {
  const species = new Map(Object.entries(mine.customSpecies));
  for (const [category, list] of Object.entries(theirs.customSpecies))
    species.set(category, unique([...(species.get(category) ?? []), ...list]));
  return {
    ...mine,
    customSpeciesCategories: unique([
      ...mine.customSpeciesCategories,
      ...theirs.customSpeciesCategories,
    ]),
    customSpecies: Object.fromEntries(species),
    customTerrainTypes: unique([...mine.customTerrainTypes, ...theirs.customTerrainTypes]),
    customTreeTypes: unique([...mine.customTreeTypes, ...theirs.customTreeTypes]),
  };
}

/**
 * What restoring the backup does for this user, read from `db` (the transaction's, when
 * restoring). Into an account with no spots it is lossless: every id, date and photo is kept
 * and the preferences are the backup's. Into one with data it merges: a spot whose id the user
 * has is skipped with its entries; ids another user has get new ones, never overwritten.
 */
async function plan(
  db: Executor,
  userId: string,
  backup: CheckedBackup,
  revision: number,
): Promise<Plan> {
  const problems = backup.problems.copy();
  const spotIds = backup.spots.flatMap((s) => (s.location.id ? [s.location.id] : []));
  const entryIds = backup.spots.flatMap((s) => s.entries.flatMap((e) => (e.id ? [e.id] : [])));
  const photoIds = backup.spots.flatMap((s) =>
    s.entries.flatMap((e) => e.photos.map((p) => photoIdOf(p.filePath))),
  );
  const [spotOwners, entryOwners, takenPhotos, spotCount, current] = await Promise.all([
    importRepository.locationOwners(db, spotIds),
    restoreRepository.entryOwners(db, entryIds),
    restoreRepository.existingPhotoIds(db, photoIds),
    importRepository.countLocations(db, userId),
    preferencesRepository.find(db, userId),
  ]);
  const stamp: RowStamp = { userId, now: nowIso(), revision };
  const result: Plan = {
    locations: [],
    entries: [],
    photos: [],
    problems,
    preferences: undefined,
    summary: {
      backup: { spots: 0, entries: 0, photos: 0 },
      added: { spots: 0, entries: 0, photos: 0 },
      skipped: { spots: 0, entries: 0, photos: 0 },
      newIds: 0,
      preferences: spotCount === 0,
    },
  };
  const { summary } = result;
  const seen = new Set<string>();
  /**
   * The id kept, or a new one when another user (or this backup already) has it. Only the
   * backup's own repeats are counted in newIds: counting another account's ids would tell
   * anyone who sends a backup which ids exist on this server.
   */
  const idFor = (given: string | undefined, takenByOther: boolean) => {
    if (given && !takenByOther && !seen.has(given)) {
      seen.add(given);
      return given;
    }
    if (given && seen.has(given)) summary.newIds += 1;
    return randomUUID();
  };
  let since = performance.now();
  for (const spot of backup.spots) {
    // Tens of thousands of rows: other requests get their turn every 20 ms.
    if (performance.now() - since > sliceMs) {
      await setImmediate();
      since = performance.now();
    }
    const photoCount = spot.entries.reduce((n, e) => n + e.photos.length, 0);
    summary.backup.spots += 1;
    summary.backup.entries += spot.entries.length;
    summary.backup.photos += photoCount;
    const given = spot.location.id;
    if (given && spotOwners.get(given) === userId) {
      summary.skipped.spots += 1;
      summary.skipped.entries += spot.entries.length;
      summary.skipped.photos += photoCount;
      continue;
    }
    const id = idFor(given, given !== undefined && spotOwners.has(given));
    result.locations.push(locationRowOf(spot, id, stamp));
    summary.added.spots += 1;
    for (const entry of spot.entries) {
      const { photos, ...fields } = entry;
      const entryId = fields.id;
      const owner = entryId ? entryOwners.get(entryId) : undefined;
      if (owner === userId) {
        // The user has this entry under another spot: it stays there, once.
        summary.skipped.entries += 1;
        summary.skipped.photos += photos.length;
        continue;
      }
      const newEntryId = idFor(entryId, owner !== undefined);
      result.entries.push(entryRowOf(fields, newEntryId, id, stamp));
      summary.added.entries += 1;
      for (const [position, photo] of photos.entries()) {
        const givenPhotoId = photoIdOf(photo.filePath);
        const photoId = idFor(givenPhotoId, takenPhotos.has(givenPhotoId));
        // Size, width, height and stored bytes are the re-encoded image's, set when it is made.
        result.photos.push({
          row: {
            id: photoId,
            user_id: userId,
            file_path: `${userId}/${photoId}.webp`,
            thumbnail_file_path: `${userId}/${photoId}-thumb.webp`,
            entry_id: newEntryId,
            position,
            name: photo.name,
            size: photo.size,
            width: photo.width,
            height: photo.height,
            uploaded_at: photo.uploadedAt,
            stored_bytes: 0,
          },
          from: photoPath(photo.filePath),
          at: spot.at,
        });
        summary.added.photos += 1;
      }
    }
  }

  // The account's own id, name and e-mail stay; the labels come from the backup.
  const mine = toPreferences(current ?? defaultPreferencesRow(userId, revision));
  const wanted = summary.preferences
    ? { ...backup.preferences, id: mine.id, name: mine.name, email: mine.email }
    : mergedPreferences(mine, backup.preferences);
  const valid = createPreferencesSchema.safeParse(wanted);
  if (!valid.success) {
    summary.preferences = false;
    problems.push({
      at: 'preferences',
      message: 'too many labels to merge: the account keeps its own',
    });
  } else {
    result.preferences = {
      ...(current ?? defaultPreferencesRow(userId, revision)),
      custom_species_categories: JSON.stringify(valid.data.customSpeciesCategories),
      custom_species: JSON.stringify(valid.data.customSpecies),
      custom_terrain_types: JSON.stringify(valid.data.customTerrainTypes),
      custom_tree_types: JSON.stringify(valid.data.customTreeTypes),
      show_tutorial: summary.preferences
        ? wanted.showTutorial
          ? 1
          : 0
        : (current?.show_tutorial ?? 1),
      updated_at: stamp.now,
      revision,
    };
  }
  return result;
}

/**
 * Restores an account's backup ZIP (docs/behaviour.md#restore), read from a file on disk: a
 * preview that writes nothing, and the restore itself, whose rows go in one transaction and whose
 * photos are written before it commits and deleted again if it does not.
 */
export function createRestoreService(deps: RestoreServiceDeps) {
  const { db, storage, limits, photoChecks } = deps;
  const restoreLimits = {
    maxSpots: deps.maxLocationsPerUser,
    maxEntriesPerSpot: deps.maxEntriesPerLocation,
    inspectPhoto: photoChecks.inspect,
  };

  async function opened<T>(
    file: string,
    use: (zip: BackupZip, backup: CheckedBackup) => Promise<T>,
  ) {
    const zip = await BackupZip.open(file, limits);
    try {
      return await use(zip, await checkBackup(zip, restoreLimits));
    } finally {
      zip.close();
    }
  }

  const answer = (planned: Plan) => ({
    duplicates: planned.summary.skipped.spots,
    problems: planned.problems.listed(),
    restore: planned.summary,
  });

  const storageFull = () =>
    new AppError(
      'QUOTA_EXCEEDED',
      "The backup's photos do not fit in this account's photo storage; delete some photos first",
    );

  async function checkSpotQuota(trx: Executor, userId: string, planned: Plan): Promise<void> {
    const count = await importRepository.countLocations(trx, userId);
    if (count + planned.locations.length > deps.maxLocationsPerUser)
      throw new AppError(
        'QUOTA_EXCEEDED',
        `You have reached the limit of ${deps.maxLocationsPerUser} locations for one account`,
      );
  }

  /** The photo decoded and re-encoded as an upload's; a restore waits for a slot, uploads do not. */
  async function processed(bytes: Buffer): Promise<ProcessedPhoto> {
    const until = Date.now() + decodeWaitMs;
    for (;;) {
      try {
        return await photoChecks.process(bytes);
      } catch (error) {
        const busy = error instanceof AppError && error.code === 'SERVER_BUSY';
        if (!busy || Date.now() > until) throw error;
        await delay(decodeRetryMs);
      }
    }
  }

  /**
   * Makes each planned photo as an upload would (decoded, re-encoded, metadata stripped, a new
   * thumbnail) and writes its files, noting each in `written` first; a photo the decoder refuses
   * is a problem and left out. The photo quota is counted on the bytes stored.
   */
  async function storePhotos(
    trx: Executor,
    zip: BackupZip,
    userId: string,
    planned: Plan,
    written: string[],
  ): Promise<PhotosTable[]> {
    if (planned.photos.length === 0) return [];
    const used = await photosRepository.storedBytesOf(trx, userId);
    if (used >= deps.maxStoredBytesPerUser) throw storageFull();
    let adding = 0;
    const rows: PhotosTable[] = [];
    const positions = new Map<string | null, number>();
    for (const { row, from, at } of planned.photos) {
      let image: ProcessedPhoto;
      try {
        image = await processed(await zip.photoBytes(from));
      } catch (error) {
        if (!(error instanceof AppError) || error.code === 'SERVER_BUSY') throw error;
        planned.problems.push({ at, message: `${from}: ${error.message.replace(/^file: /, '')}` });
        planned.summary.added.photos -= 1;
        continue;
      }
      written.push(row.file_path, row.thumbnail_file_path);
      await storage.put(row.file_path, image.display.data, 'image/webp');
      await storage.put(row.thumbnail_file_path, image.thumbnail.data, 'image/webp');
      const stored = image.display.data.length + image.thumbnail.data.length;
      adding += stored;
      if (used + adding > deps.maxStoredBytesPerUser) throw storageFull();
      const position = positions.get(row.entry_id) ?? 0;
      positions.set(row.entry_id, position + 1);
      rows.push({
        ...row,
        position,
        size: image.display.data.length,
        width: image.display.width,
        height: image.display.height,
        stored_bytes: stored,
      });
    }
    return rows;
  }

  return {
    async preview(userId: string, file: string): Promise<ImportPreview> {
      return opened(file, async (_zip, backup) => {
        const planned = await plan(db, userId, backup, 0);
        const { spots, entries } = planned.summary.added;
        return { create: { spots, entries }, ...answer(planned) };
      });
    },

    /** One transaction for the rows; the photos are copied inside it and removed if it fails. */
    async run(userId: string, file: string): Promise<ImportResult> {
      return opened(file, async (zip, backup) => {
        const written: string[] = [];
        try {
          const result = await db.transaction().execute(async (trx) => {
            // The bump holds the user's revision row until commit: a second restore of the same
            // backup waits, then finds every spot already there.
            const revision = await syncRepository.bump(trx, userId);
            const planned = await plan(trx, userId, backup, revision);
            await checkSpotQuota(trx, userId, planned);
            await deps.journal.charge(
              trx,
              userId,
              journalBytesOf(planned.locations, planned.entries),
            );
            await importRepository.insertLocations(trx, planned.locations);
            await importRepository.insertEntries(trx, planned.entries);
            const photos = await storePhotos(trx, zip, userId, planned, written);
            await restoreRepository.insertPhotos(trx, photos);
            if (planned.preferences) {
              await preferencesRepository.insertIfAbsent(trx, planned.preferences);
              await preferencesRepository.update(trx, userId, planned.preferences);
            }
            return {
              created: { spots: planned.locations.length, entries: planned.entries.length },
              ...answer(planned),
            };
          });
          return result;
        } catch (error) {
          await storage.delete(written).catch(() => undefined);
          throw error;
        } finally {
          deps.onPreferencesWritten(userId);
        }
      });
    },
  };
}

export type RestoreService = ReturnType<typeof createRestoreService>;
