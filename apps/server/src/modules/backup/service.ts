import { createHash } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ZipFile } from 'yazl';
import type { Db } from '../../db/executor.ts';
import type { PhotoStorage } from '../../storage/photo-storage.ts';
import type { ExportedLocation } from '../export/mapping.ts';
import { defaultPreferencesRow, toPreferences } from '../preferences/mapping.ts';
import { preferencesRepository } from '../preferences/repository.ts';
import { toSavedSearch } from '../saved-searches/mapping.ts';
import { savedSearchesRepository } from '../saved-searches/repository.ts';
import {
  backupFormat,
  backupVersion,
  journalPath,
  photoPath,
  type BackupManifest,
  type FileSum,
} from './manifest.ts';

export interface BackupServiceDeps {
  db: Db;
  storage: PhotoStorage;
  /** The export's pages of a user's spots (modules/export), as the journal file is written. */
  exports: { pages(userId: string): () => AsyncIterable<ExportedLocation[]> };
  now?: () => Date;
}

/** Passes the bytes through, and knows their SHA-256 and count once they have all gone by. */
function summing(): { stream: Transform; sum: () => FileSum } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  let digest: string | undefined;
  return { stream, sum: () => ({ sha256: (digest ??= hash.digest('hex')), bytes }) };
}

/**
 * One entry of the ZIP from a stream, awaited until yazl has read it all: entries are added one
 * at a time, so only the one being written is open and memory stays flat.
 */
export async function addStreamed(zip: ZipFile, name: string, source: Readable, compress: boolean) {
  const { stream, sum } = summing();
  zip.addReadStream(source.pipe(stream), name, { compress });
  await finished(stream);
  return sum();
}

/**
 * A backup of one account (docs/files.md#backup): one ZIP, streamed while it is written,
 * holding the journal as JSON, every photo and thumbnail of its entries, and last the manifest
 * with the counts and each file's SHA-256.
 */
export function createBackupService({
  db,
  storage,
  exports,
  now = () => new Date(),
}: BackupServiceDeps) {
  async function* journalJson(
    userId: string,
    counts: BackupManifest['counts'],
    photoKeys: string[],
  ): AsyncGenerator<string> {
    const row = await preferencesRepository.find(db, userId);
    const preferences = toPreferences(row ?? defaultPreferencesRow(userId, 0));
    const searches = (await savedSearchesRepository.list(db, userId)).map(toSavedSearch);
    yield `{"version":${backupVersion},"preferences":${JSON.stringify(preferences)},`;
    yield `"searches":${JSON.stringify(searches)},"locations":[`;
    let first = true;
    for await (const page of exports.pages(userId)()) {
      for (const location of page) {
        counts.locations += 1;
        counts.entries += location.entries.length;
        for (const entry of location.entries)
          for (const photo of entry.photos) photoKeys.push(photo.filePath, photo.thumbnailFilePath);
        yield (first ? '\n' : ',\n') + JSON.stringify(location);
        first = false;
      }
    }
    yield '\n]}\n';
  }

  async function fill(zip: ZipFile, userId: string): Promise<void> {
    const counts = { locations: 0, entries: 0, photos: 0 };
    const photoKeys: string[] = [];
    const files: Record<string, FileSum> = {};
    const missing: string[] = [];
    const journal = Readable.from(journalJson(userId, counts, photoKeys), { objectMode: false });
    files[journalPath] = await addStreamed(zip, journalPath, journal, true);
    for (const key of photoKeys) {
      const bytes = await storage.get(key);
      if (!bytes) {
        missing.push(key);
        continue;
      }
      // WebP is compressed already: stored as it is.
      files[photoPath(key)] = await addStreamed(zip, photoPath(key), bytes, false);
    }
    counts.photos = photoKeys.length / 2;
    const manifest: BackupManifest = {
      format: backupFormat,
      version: backupVersion,
      createdAt: now().toISOString(),
      counts,
      files,
      missing,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    zip.end();
  }

  return {
    /** The ZIP as it is written; a failure midway ends it unfinished (an unreadable ZIP). */
    async open(userId: string): Promise<{ fileName: string; body: Readable }> {
      const { ZipFile } = await import('yazl');
      const zip = new ZipFile();
      const body = new PassThrough();
      zip.outputStream.pipe(body);
      fill(zip, userId).catch((error: unknown) =>
        body.destroy(error instanceof Error ? error : new Error(String(error))),
      );
      return {
        fileName: `foraging-journal-backup-${now().toISOString().slice(0, 10)}.zip`,
        body,
      };
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
