import type { ImportPreview, ImportResult } from '@fj/contract/import';
import type { Db, Executor } from '../../db/executor.ts';
import { nowIso } from '../../lib/json.ts';
import type { JournalQuota } from '../../journal-quota/service.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import { importRepository } from '../import/repository.ts';
import { preferencesRepository } from '../preferences/repository.ts';
import { savedSearchesRepository } from '../saved-searches/repository.ts';
import { syncRepository } from '../sync/repository.ts';
import { BackupZip, type BackupZipLimits } from './backup-zip.ts';
import { JournalReader } from './journal-reader.ts';
import type { ReadSpot } from './journal-reading.ts';
import { openBackup, type OpenedBackup } from './open-backup.ts';
import { RestorePlan } from './restore-plan.ts';
import { batchWriter, type ProcessedPhoto, type Restored, type Writing } from './restore-writer.ts';
import { timeSlicer } from './time-slice.ts';

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

/**
 * A batch of spots ends at whichever comes first: its lookups and inserts are a few short
 * statements, and it holds little memory (a journal's spots are never all held at once).
 */
const batchSpots = 100;
const batchRows = 1_000;
const batchJsonBytes = 512 * 1024;

/**
 * Restores an account's backup ZIP (docs/files.md#restore), read from a file on disk: a
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
    const write = writing && batchWriter(deps, writing, zip, userId, spotsBefore, restored, pause);

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
