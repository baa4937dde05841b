import { setTimeout as delay } from 'node:timers/promises';
import type { ImportPreview, ImportResult } from '@fj/contract/import';
import type { RestoreSummary } from '@fj/contract/backup';
import type { Db, DbTransaction, Executor } from '../../db/executor.ts';
import type { PhotosTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { nowIso } from '../../lib/json.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import { importRepository } from '../import/repository.ts';
import { journalBytesOf } from '../../journal-quota/measure.ts';
import type { JournalQuota } from '../../journal-quota/service.ts';
import { photosRepository } from '../photos/repository.ts';
import { preferencesRepository } from '../preferences/repository.ts';
import { savedSearchesRepository } from '../saved-searches/repository.ts';
import { syncRepository } from '../sync/repository.ts';
import { BackupZip, type BackupZipLimits } from './backup-zip.ts';
import type { ProblemList } from './problem-list.ts';
import { restoreRepository } from './repository.ts';
import { JournalReader, openBackup, type OpenedBackup, type ReadSpot } from './restore-file.ts';
import { RestorePlan, type BatchPlan } from './restore-plan.ts';
import { timeSlicer } from './time-slice.ts';

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

/** How long a restore waits, in all, for a photo decode slot while uploads hold them all. */
const decodeWaitMs = 30_000;
const decodeRetryMs = 250;

/**
 * A batch of spots ends at whichever comes first: its lookups and inserts are a few short
 * statements, and it holds little memory (a journal's spots are never all held at once).
 */
const batchSpots = 100;
const batchRows = 1_000;
const batchJsonBytes = 512 * 1024;

/** What a restore (or its preview) found and did. */
interface Restored {
  summary: RestoreSummary;
  problems: ProblemList;
}

/** Where a restore writes: its transaction, and the storage keys it wrote (removed if it fails). */
interface Writing {
  trx: DbTransaction;
  written: string[];
}

/**
 * Restores an account's backup ZIP (docs/behaviour.md#restore), read from a file on disk: a
 * preview that writes nothing, and the restore itself, whose rows go in one transaction and whose
 * photos are written before it commits and deleted again if it does not. Both read the journal
 * a batch of spots at a time, planned and (restoring) written before the next is read, giving
 * other requests their turn every 20 ms.
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
    use: (zip: BackupZip, backup: OpenedBackup) => Promise<T>,
  ) {
    const zip = await BackupZip.open(file, limits);
    try {
      return await use(zip, await openBackup(zip));
    } finally {
      zip.close();
    }
  }

  const answer = ({ summary, problems }: Restored) => ({
    duplicates: summary.skipped.spots,
    problems: problems.listed(),
    restore: summary,
  });

  const quotaError = (message: string) => new AppError('QUOTA_EXCEEDED', message);
  const storageFull = () =>
    quotaError(
      "The backup's photos do not fit in this account's photo storage; delete some photos first",
    );

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
   * Writes batches of one restore: each batch's rows within the quotas (running counts, checked
   * before its rows are inserted: crossing one throws, and the transaction writes nothing), and
   * its photos made as an upload would make them (decoded, re-encoded, metadata stripped, a new
   * thumbnail) and stored, each noted in `written` first; a photo the decoder refuses is a
   * problem and left out. The photo quota is counted on the bytes stored.
   */
  function batchWriter(
    { trx, written }: Writing,
    zip: BackupZip,
    userId: string,
    spotsBefore: number,
    restored: Restored,
    pause: () => Promise<void>,
  ): (planned: BatchPlan) => Promise<void> {
    let spots = spotsBefore;
    let photoBytesBefore: number | undefined;
    let photoBytes = 0;

    async function chargeJournal(planned: BatchPlan): Promise<void> {
      try {
        await deps.journal.charge(trx, userId, journalBytesOf(planned.locations, planned.entries));
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'QUOTA_EXCEEDED') throw error;
        // The service's message names one batch's bytes: this one names the backup.
        throw quotaError(
          `Not enough room in your journal (${formatBytes(deps.journal.maxBytesPerUser)} of text for one account) for this backup's spots and entries; delete some spots or entries first`,
        );
      }
    }

    async function storedPhotos(planned: BatchPlan): Promise<PhotosTable[]> {
      if (planned.photos.length === 0) return [];
      photoBytesBefore ??= await photosRepository.storedBytesOf(trx, userId);
      if (photoBytesBefore >= deps.maxStoredBytesPerUser) throw storageFull();
      const rows: PhotosTable[] = [];
      const positions = new Map<string | null, number>();
      for (const { row, from, at } of planned.photos) {
        let image: ProcessedPhoto;
        try {
          image = await processed(await zip.photoBytes(from));
        } catch (error) {
          if (!(error instanceof AppError) || error.code === 'SERVER_BUSY') throw error;
          restored.problems.push({
            at,
            message: `${from}: ${error.message.replace(/^file: /, '')}`,
          });
          restored.summary.added.photos -= 1;
          continue;
        }
        written.push(row.file_path, row.thumbnail_file_path);
        await storage.put(row.file_path, image.display.data, 'image/webp');
        await storage.put(row.thumbnail_file_path, image.thumbnail.data, 'image/webp');
        const stored = image.display.data.length + image.thumbnail.data.length;
        photoBytes += stored;
        if (photoBytesBefore + photoBytes > deps.maxStoredBytesPerUser) throw storageFull();
        // An entry's photos are all in its spot's batch: their positions start at 0 here.
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

    return async (planned) => {
      spots += planned.locations.length;
      if (spots > deps.maxLocationsPerUser)
        throw quotaError(
          `You have reached the limit of ${deps.maxLocationsPerUser} locations for one account`,
        );
      await chargeJournal(planned);
      await restoreRepository.insertLocations(trx, planned.locations, pause);
      await restoreRepository.insertEntries(trx, planned.entries, pause);
      await restoreRepository.insertPhotos(trx, await storedPhotos(planned), pause);
    };
  }

  /**
   * Reads the journal and restores it a batch of spots at a time: each batch planned against the
   * ids `source` holds, then, when `writing` (the restore), written before the next batch is
   * read. Only the preview leaves `writing` out: it plans every batch and writes nothing.
   */
  async function restoreFrom(
    zip: BackupZip,
    backup: OpenedBackup,
    userId: string,
    source: Executor,
    revision: number,
    writing?: Writing,
  ): Promise<Restored> {
    const pause = timeSlicer();
    const reader = new JournalReader(zip, backup, restoreLimits, pause);
    const spotsBefore = await importRepository.countLocations(source, userId);
    const current = await preferencesRepository.find(source, userId);
    const stamp = { userId, now: nowIso(), revision };
    const plan = new RestorePlan(stamp, spotsBefore === 0, reader.problems);
    const restored: Restored = { summary: plan.summary, problems: reader.problems };
    const write = writing && batchWriter(writing, zip, userId, spotsBefore, restored, pause);

    let batch: ReadSpot[] = [];
    let rows = 0;
    let jsonBytes = 0;
    const flush = async () => {
      const spots = batch;
      batch = [];
      rows = 0;
      jsonBytes = 0;
      if (spots.length === 0) return;
      const planned = await plan.batch(source, spots, pause);
      if (write) await write(planned);
    };
    for await (const read of reader.spots()) {
      batch.push(read);
      rows += 1 + read.spot.entries.length;
      jsonBytes += read.jsonBytes;
      if (batch.length >= batchSpots || rows >= batchRows || jsonBytes >= batchJsonBytes)
        await flush();
    }
    await flush();

    const head = await reader.finish();
    const preferences = plan.preferences(current, head.preferences);
    if (writing && preferences) {
      await preferencesRepository.insertIfAbsent(writing.trx, preferences);
      await preferencesRepository.update(writing.trx, userId, preferences);
    }
    if (writing) await savedSearchesRepository.restore(writing.trx, stamp, head.searches ?? []);
    return restored;
  }

  return {
    async preview(userId: string, file: string): Promise<ImportPreview> {
      return opened(file, async (zip, backup) => {
        const restored = await restoreFrom(zip, backup, userId, db, 0);
        const { spots, entries } = restored.summary.added;
        return { create: { spots, entries }, ...answer(restored) };
      });
    },

    /** One transaction for the rows; the photos are copied inside it and removed if it fails. */
    async run(userId: string, file: string): Promise<ImportResult> {
      return opened(file, async (zip, backup) => {
        const written: string[] = [];
        try {
          return await db.transaction().execute(async (trx) => {
            // The bump holds the user's revision row until commit: a second restore of the same
            // backup waits, then finds every spot already there.
            const revision = await syncRepository.bump(trx, userId);
            const restored = await restoreFrom(zip, backup, userId, trx, revision, {
              trx,
              written,
            });
            const { spots, entries } = restored.summary.added;
            return { created: { spots, entries }, ...answer(restored) };
          });
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
