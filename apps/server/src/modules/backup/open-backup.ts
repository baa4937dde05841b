// A backup is opened only when its manifest is ours, of a version we read, and lists exactly its ZIP.
import { z } from 'zod';
import { importError } from '../../lib/import-error.ts';
import type { BackupZip } from './backup-zip.ts';
import { parseJson } from './backup-json.ts';
import { backupFormat, backupVersion, journalPath, type FileSum } from './manifest.ts';

const fileSumSchema = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().min(0),
});

const manifestSchema = z.object({
  format: z.string(),
  version: z.number().int(),
  files: z.record(z.string(), fileSumSchema),
  missing: z.array(z.string()).default([]),
});

/** A backup whose manifest matches its ZIP: every file's SHA-256 and size, as it gives them. */
export interface OpenedBackup {
  files: Record<string, FileSum>;
}

/**
 * Opens a backup (docs/files.md#restore): its manifest is ours and of a version this server
 * reads, and it lists exactly the files the ZIP holds. The journal and the photos are read
 * after, by JournalReader (journal-reader.ts), as they are restored, each checked against the
 * manifest.
 */
export async function openBackup(zip: BackupZip): Promise<OpenedBackup> {
  const manifest = manifestSchema.safeParse(parseJson(await zip.manifestBytes(), 'manifest.json'));
  if (!manifest.success || manifest.data.format !== backupFormat)
    throw importError('manifest.json is not a Foraging Journal backup manifest');
  if (manifest.data.version !== backupVersion)
    throw importError(
      `manifest.json: the backup's format version is ${manifest.data.version}; this server reads version ${backupVersion}`,
    );
  const files = manifest.data.files;
  for (const name of zip.names())
    if (!Object.hasOwn(files, name))
      throw importError(`${name} is in the ZIP but not in the manifest`);
  for (const name of Object.keys(files))
    if (!zip.has(name)) throw importError(`${name} is in the manifest but not in the ZIP`);
  if (!zip.has(journalPath)) throw importError(`The backup has no ${journalPath}`);

  return { files };
}
