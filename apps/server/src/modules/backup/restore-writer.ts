// A restore's writes: each batch's rows within the account's quotas, its photos made as an upload's.
import { setTimeout as delay } from 'node:timers/promises';
import type { RestoreSummary } from '@fj/contract/backup';
import type { DbTransaction } from '../../db/executor.ts';
import type { PhotosTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { journalBytesOf } from '../../journal-quota/measure.ts';
import type { JournalQuota } from '../../journal-quota/service.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import { photosRepository } from '../photos/repository.ts';
import type { BackupZip } from './backup-zip.ts';
import { quotaError } from './journal-reading.ts';
import type { ProblemList } from './problem-list.ts';
import { restoreRepository } from './repository.ts';
import type { BatchPlan } from './restore-plan.ts';

/** A photo as an upload makes it: the display image and its thumbnail, both WebP. */
export interface ProcessedPhoto {
  display: { data: Buffer; width: number; height: number };
  thumbnail: { data: Buffer };
}

/** What the writer needs of the restore service's dependencies (RestoreServiceDeps). */
export interface WriterDeps {
  storage: PhotoStorage;
  maxLocationsPerUser: number;
  maxStoredBytesPerUser: number;
  journal: JournalQuota;
  photoChecks: { process: (bytes: Buffer) => Promise<ProcessedPhoto> };
}

/** How long a restore waits, in all, for a photo decode slot while uploads hold them all. */
const decodeWaitMs = 30_000;
const decodeRetryMs = 250;

/** What a restore (or its preview) found and did. */
export interface Restored {
  summary: RestoreSummary;
  problems: ProblemList;
}

/** Where a restore writes: its transaction, and the storage keys it wrote (removed if it fails). */
export interface Writing {
  trx: DbTransaction;
  written: string[];
}

const storageFull = () =>
  quotaError(
    "The backup's photos do not fit in this account's photo storage; delete some photos first",
  );

/** The photo decoded and re-encoded as an upload's; a restore waits for a slot, uploads do not. */
async function processed(deps: WriterDeps, bytes: Buffer): Promise<ProcessedPhoto> {
  const until = Date.now() + decodeWaitMs;
  for (;;) {
    try {
      return await deps.photoChecks.process(bytes);
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
export function batchWriter(
  deps: WriterDeps,
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
        image = await processed(deps, await zip.photoBytes(from));
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
      await deps.storage.put(row.file_path, image.display.data, 'image/webp');
      await deps.storage.put(row.thumbnail_file_path, image.thumbnail.data, 'image/webp');
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
