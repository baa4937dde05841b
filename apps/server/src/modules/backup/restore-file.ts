import { setImmediate } from 'node:timers/promises';
import { limits as contractLimits } from '@fj/contract/limits';
import { preferencesSchema, type Preferences } from '@fj/contract/preferences';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { importError } from '../../lib/import-error.ts';
import { checkSpot, type ImportedEntry, type ImportedSpot } from '../../lib/imported-spot.ts';
import { isSafeKey } from '../../storage/photo-storage.ts';
import { maxJournalBytes, type BackupZip } from './backup-zip.ts';
import { journalParts } from './journal-scan.ts';
import { backupFormat, backupVersion, journalPath, photoPath, type FileSum } from './manifest.ts';
import { ProblemList } from './problem-list.ts';

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

const journalHeadSchema = z.object({
  version: z.literal(backupVersion),
  preferences: preferencesSchema,
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
  problems: ProblemList;
  /** Every file's SHA-256 and size, as the manifest gives them and the bytes matched. */
  files: Record<string, FileSum>;
}

/** What one account may hold, and the photo check uploads pass; a backup is read within them. */
export interface RestoreLimits {
  /** QUOTA_LOCATIONS_PER_USER: more spots than this and the journal is refused as it is read. */
  maxSpots: number;
  /** QUOTA_ENTRIES_PER_LOCATION: a spot with more refuses the journal. */
  maxEntriesPerSpot: number;
  /** An upload's header check (format, pixels) of a photo's bytes; throws an AppError. */
  inspectPhoto: (bytes: Buffer) => Promise<void>;
}

/** Nesting the journal needs is 8 (a patch's points); anything far past it is not a backup. */
const maxJournalDepth = 16;
const maxSpotBytes = 16 * 1024 * 1024;
const maxMemberBytes = 4 * 1024 * 1024;
/** Checking spots yields to other requests at least this often (ms). */
const sliceMs = 20;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function parseJson(bytes: Uint8Array, what: string): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    throw importError(`${what} is not UTF-8 JSON`);
  }
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'not valid';
}

const quotaError = (message: string) => new AppError('QUOTA_EXCEEDED', message);

/**
 * The entries' photos of one spot as the backup lists them, each checked; a bad one is a problem.
 * A photo file serves one photo: listed again, it is a problem (so photos never outnumber files).
 */
function photosOf(
  raw: Record<string, unknown>,
  at: string,
  zip: BackupZip,
  used: Set<string>,
  problems: ProblemList,
): BackupPhoto[][] {
  const entries = Array.isArray(raw.entries) ? (raw.entries as unknown[]) : [];
  return entries.map((entry, index) => {
    const list = (entry as { photos?: unknown } | null)?.photos;
    if (!Array.isArray(list)) return [];
    const kept: BackupPhoto[] = [];
    for (const [position, photo] of list.entries()) {
      if (kept.length === contractLimits.entryPhotos) {
        problems.push({
          at,
          message: `entries.${index}.photos: more than ${contractLimits.entryPhotos}; the rest are left out`,
        });
        break;
      }
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
      if (used.has(filePath) || used.has(thumbnailFilePath)) {
        problems.push({ at, message: `photo ${filePath} is listed twice` });
        continue;
      }
      used.add(filePath).add(thumbnailFilePath);
      kept.push(parsed.data);
    }
    return kept;
  });
}

/** Reads the journal a spot at a time, refusing it the moment it passes a limit. */
async function readJournal(
  zip: BackupZip,
  bytes: Buffer,
  limits: RestoreLimits,
  problems: ProblemList,
): Promise<{ head: unknown; spots: RestoredSpot[] }> {
  const head: Record<string, unknown> = {};
  const spots: RestoredSpot[] = [];
  const usedPhotos = new Set<string>();
  let sawLocations = false;
  let count = 0;
  let since = performance.now();
  const parts = journalParts(bytes, { maxDepth: maxJournalDepth, maxSpotBytes, maxMemberBytes });
  for (const part of parts) {
    if (performance.now() - since > sliceMs) {
      await setImmediate();
      since = performance.now();
    }
    if ('locations' in part) {
      sawLocations = true;
      continue;
    }
    if ('key' in part) {
      if (part.key === 'version' || part.key === 'preferences')
        head[part.key] = parseJson(part.value, journalPath);
      if (part.key === 'locations') throw importError(`${journalPath}: locations: not an array`);
      continue;
    }
    count += 1;
    const at = `spot ${count}`;
    if (count > limits.maxSpots)
      throw quotaError(
        `${journalPath} holds more than ${limits.maxSpots} spots; an account holds at most ${limits.maxSpots}`,
      );
    const raw = parseJson(part.spot, `${journalPath} (${at})`);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw importError(`${journalPath}: locations.${count - 1}: not an object`);
    const fields = raw as Record<string, unknown>;
    if (Array.isArray(fields.entries) && fields.entries.length > limits.maxEntriesPerSpot)
      throw quotaError(
        `${journalPath}: ${at} has ${fields.entries.length} entries; a spot holds at most ${limits.maxEntriesPerSpot}`,
      );
    const checked = checkSpot(at, fields);
    if ('problem' in checked) {
      problems.push(checked.problem);
      continue;
    }
    const photos = photosOf(fields, at, zip, usedPhotos, problems);
    spots.push({
      ...checked.spot,
      entries: checked.spot.entries.map((entry, i) => ({ ...entry, photos: photos[i] ?? [] })),
    });
  }
  if (!sawLocations)
    throw importError(
      `${journalPath}: locations: Invalid input: expected array, received undefined`,
    );
  return { head, spots };
}

/**
 * Every photo file's bytes against the manifest, and each photo's header as an upload's is
 * checked (a supported image within the pixel limit): a photo that fails is a problem, and left
 * out. The thumbnails are made again from the photo when it is restored.
 */
async function checkPhotos(
  zip: BackupZip,
  files: Record<string, FileSum>,
  spots: RestoredSpot[],
  limits: RestoreLimits,
  problems: ProblemList,
): Promise<RestoredSpot[]> {
  const listed = new Map<string, string>();
  for (const spot of spots)
    for (const entry of spot.entries)
      for (const photo of entry.photos) listed.set(photoPath(photo.filePath), spot.at);
  const refused = new Set<string>();
  for (const name of zip.names()) {
    if (name === journalPath) continue;
    const expected = files[name];
    const at = listed.get(name);
    if (at === undefined) {
      // A thumbnail (made again from its photo) or a file no spot lists: only summed.
      const sum = await zip.sum(name);
      if (sum.sha256 !== expected?.sha256 || sum.bytes !== expected.bytes)
        throw importError(`${name}: its SHA-256 does not match the manifest's`);
      continue;
    }
    const { bytes, sha256 } = await zip.bytesAndSum(name, Number.POSITIVE_INFINITY);
    if (sha256 !== expected?.sha256 || bytes.length !== expected.bytes)
      throw importError(`${name}: its SHA-256 does not match the manifest's`);
    try {
      await limits.inspectPhoto(bytes);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused.add(name);
      problems.push({ at, message: `${name}: ${error.message.replace(/^file: /, '')}` });
    }
  }
  if (refused.size === 0) return spots;
  return spots.map((spot) => ({
    ...spot,
    entries: spot.entries.map((entry) => ({
      ...entry,
      photos: entry.photos.filter((photo) => !refused.has(photoPath(photo.filePath))),
    })),
  }));
}

/**
 * Reads and checks a backup (docs/behaviour.md#restore): its manifest is ours and of a version
 * this server reads, it lists exactly the files the ZIP holds, each file's SHA-256 and size
 * match, and the journal's spots pass the same checks as POST /locations, within the account's
 * quotas, and its photos an upload's header check. A file refused whole is a 4xx naming the
 * limit or the file, the first it crosses, before anything is written.
 */
export async function checkBackup(zip: BackupZip, limits: RestoreLimits): Promise<CheckedBackup> {
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

  // The journal first: it says how much the rest will cost, and is the likeliest to be refused.
  const journal = await zip.bytesAndSum(journalPath, maxJournalBytes);
  const expected = files[journalPath];
  if (journal.sha256 !== expected?.sha256 || journal.bytes.length !== expected.bytes)
    throw importError(`${journalPath}: its SHA-256 does not match the manifest's`);
  const problems = new ProblemList();
  const read = await readJournal(zip, journal.bytes, limits, problems);
  const head = journalHeadSchema.safeParse(read.head);
  if (!head.success) throw importError(`${journalPath}: ${firstIssue(head.error)}`);
  const spots = await checkPhotos(zip, files, read.spots, limits, problems);
  return { preferences: head.data.preferences, spots, problems, files };
}
