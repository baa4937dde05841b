import { preferencesSchema, type Preferences } from '@fj/contract/preferences';
import { z } from 'zod';
import { importError } from '../import/errors.ts';
import {
  checkSpot,
  type ImportProblem,
  type ImportedEntry,
  type ImportedSpot,
} from '../import/spot.ts';
import { isSafeKey } from '../../storage/photo-storage.ts';
import type { BackupZip } from './backup-zip.ts';
import { backupFormat, backupVersion, journalPath, photoPath, type FileSum } from './manifest.ts';

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

const photoSchema = z.object({
  filePath: z.string().refine(isSafeKey, 'not a stored photo key'),
  thumbnailFilePath: z.string().refine(isSafeKey, 'not a stored photo key'),
  name: z.string().max(300),
  size: z.number().int().min(0),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  uploadedAt: z.iso.datetime({ offset: true }),
});
export type BackupPhoto = z.infer<typeof photoSchema>;

const journalSchema = z.object({
  version: z.literal(backupVersion),
  preferences: preferencesSchema,
  locations: z.array(z.record(z.string(), z.unknown())),
});

export interface RestoredEntry extends ImportedEntry {
  photos: BackupPhoto[];
}
export interface RestoredSpot extends Omit<ImportedSpot, 'entries'> {
  entries: RestoredEntry[];
}

/** A backup read and checked whole: nothing of it is written before all of this passed. */
export interface CheckedBackup {
  preferences: Preferences;
  spots: RestoredSpot[];
  problems: ImportProblem[];
  /** Every file's SHA-256 and size, as the manifest gives them and the bytes matched. */
  files: Record<string, FileSum>;
}

function parseJson(bytes: Buffer, what: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw importError(`${what} is not UTF-8 JSON`);
  }
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'not valid';
}

/** The entries' photos of one spot as the backup lists them, each checked; a bad one is a problem. */
function photosOf(
  raw: Record<string, unknown>,
  at: string,
  zip: BackupZip,
  problems: ImportProblem[],
): BackupPhoto[][] {
  const entries = Array.isArray(raw.entries) ? (raw.entries as unknown[]) : [];
  return entries.map((entry, index) => {
    const list = (entry as { photos?: unknown } | null)?.photos;
    if (!Array.isArray(list)) return [];
    const kept: BackupPhoto[] = [];
    for (const [position, photo] of list.entries()) {
      const parsed = photoSchema.safeParse(photo);
      if (!parsed.success) {
        problems.push({
          at,
          message: `entries.${index}.photos.${position}.${firstIssue(parsed.error)}`,
        });
        continue;
      }
      const { filePath, thumbnailFilePath } = parsed.data;
      if (!zip.has(photoPath(filePath)) || !zip.has(photoPath(thumbnailFilePath))) {
        problems.push({ at, message: `photo ${filePath} is not in the backup` });
        continue;
      }
      kept.push(parsed.data);
    }
    return kept;
  });
}

/**
 * Reads and checks a backup (docs/behaviour.md#restore): its manifest is ours and of a version
 * this server reads, it lists exactly the files the ZIP holds, each file's SHA-256 and size
 * match, and the journal's spots pass the same checks as POST /locations. Any failure is a 400
 * naming the file, before anything is written.
 */
export async function checkBackup(zip: BackupZip): Promise<CheckedBackup> {
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
  for (const name of zip.names()) {
    const sum = await zip.sum(name);
    const expected = files[name];
    if (sum.sha256 !== expected?.sha256 || sum.bytes !== expected.bytes)
      throw importError(`${name}: its SHA-256 does not match the manifest's`);
  }

  const journal = journalSchema.safeParse(parseJson(await zip.journalBytes(), journalPath));
  if (!journal.success) throw importError(`${journalPath}: ${firstIssue(journal.error)}`);
  const spots: RestoredSpot[] = [];
  const problems: ImportProblem[] = [];
  for (const [index, raw] of journal.data.locations.entries()) {
    const at = `spot ${index + 1}`;
    const checked = checkSpot(at, raw);
    if ('problem' in checked) {
      problems.push(checked.problem);
      continue;
    }
    const photos = photosOf(raw, at, zip, problems);
    spots.push({
      ...checked.spot,
      entries: checked.spot.entries.map((entry, i) => ({ ...entry, photos: photos[i] ?? [] })),
    });
  }
  return { preferences: journal.data.preferences, spots, problems, files };
}
