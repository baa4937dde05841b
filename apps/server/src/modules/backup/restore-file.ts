import { createHash } from 'node:crypto';
import { limits as contractLimits } from '@fj/contract/limits';
import { preferencesSchema } from '@fj/contract/preferences';
import { backupSearchSchema, maxSavedSearches } from '@fj/contract/saved-searches';
import { z } from 'zod';
import { boundedArray } from '@fj/contract/cheap-checks';
import { AppError } from '../../errors.ts';
import { importError } from '../../lib/import-error.ts';
import {
  checkEntry,
  checkSpot,
  type ImportedEntry,
  type ImportedSpot,
  type ImportProblem,
} from '../../lib/imported-spot.ts';
import { isSafeKey } from '../../storage/photo-storage.ts';
import type { BackupZip } from './backup-zip.ts';
import { JournalCutter } from './journal-scan.ts';
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
  /** Saved searches; a backup made before them has none. */
  searches: boundedArray(backupSearchSchema, maxSavedSearches).optional(),
});
export type JournalHead = z.infer<typeof journalHeadSchema>;

export interface RestoredEntry extends ImportedEntry {
  photos: BackupPhoto[];
}
export interface RestoredSpot extends Omit<ImportedSpot, 'entries'> {
  entries: RestoredEntry[];
}

/**
 * A spot of the journal that passed its checks, and the size of its JSON (for batching). A
 * large spot comes in slices of its entries: each slice after the first `continues` it.
 */
export interface ReadSpot {
  spot: RestoredSpot;
  jsonBytes: number;
  continues: boolean;
}

/** A backup whose manifest matches its ZIP: every file's SHA-256 and size, as it gives them. */
export interface OpenedBackup {
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
/** A spot larger than this is cut into its entries rather than parsed whole (largeSpot). */
const largeSpotBytes = 256 * 1024;
/** A large spot's entries are handed on this many at a time. */
const sliceEntries = 500;
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
 * One entry's photos as the backup lists them, each checked; a bad one is a problem. A photo
 * file serves one photo: listed again, it is a problem (so photos never outnumber files).
 */
function photosOfEntry(
  entry: unknown,
  index: number,
  at: string,
  zip: BackupZip,
  used: Set<string>,
  problems: ProblemList,
): BackupPhoto[] {
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
}

/**
 * The journal of an opened backup, read a spot at a time (docs/behaviour.md#restore): each spot
 * is parsed only when its turn comes and checked as POST /locations checks it, its photos read
 * and checked then, and nothing of it is kept once the caller has taken it. A limit crossed
 * (nesting, a spot's size, the account's quotas) throws at that spot, the rest unread; a spot
 * or photo that fails its checks is a problem, and left out.
 */
export class JournalReader {
  readonly problems = new ProblemList();
  private readonly head: Record<string, unknown> = {};
  /** Photo keys (photos and thumbnails) a spot has listed: each file serves one photo. */
  private readonly listedKeys = new Set<string>();
  /** Photo files read and checked with their spot; finish() sums the rest. */
  private readonly checkedFiles = new Set<string>();
  private count = 0;

  constructor(
    private readonly zip: BackupZip,
    private readonly backup: OpenedBackup,
    private readonly limits: RestoreLimits,
    /** Called between steps: gives other requests their turn (time-slice.ts). */
    private readonly pause: () => Promise<void>,
  ) {}

  /**
   * The spots that pass, in the journal's order, read as the journal inflates; throws at the
   * first limit crossed, and at the end if the journal's SHA-256 or size is not the manifest's
   * (nothing is committed before then).
   */
  async *spots(): AsyncGenerator<ReadSpot> {
    let sawLocations = false;
    const cutter = new JournalCutter({
      maxDepth: maxJournalDepth,
      maxElementBytes: maxSpotBytes,
      maxMemberBytes,
    });
    const hash = createHash('sha256');
    let size = 0;
    const stream = await this.zip.journalStream();
    const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    try {
      for (;;) {
        const next = await chunks.next().catch((error: unknown) => {
          throw importError(
            `${journalPath} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
        if (next.done) break;
        hash.update(next.value);
        size += next.value.length;
        for (const part of cutter.push(next.value)) {
          await this.pause();
          if ('arrayStarts' in part) {
            sawLocations = true;
            // The writer puts the version first: a journal of another version is refused
            // before its spots are read as this version's.
            if ('version' in this.head) this.checkVersion();
            continue;
          }
          if ('key' in part) {
            if (part.key === 'version' || part.key === 'preferences' || part.key === 'searches')
              this.head[part.key] = parseJson(part.value, journalPath);
            if (part.key === 'locations')
              throw importError(`${journalPath}: locations: not an array`);
            continue;
          }
          yield* this.spotOf(part.element);
        }
      }
    } finally {
      stream.destroy();
    }
    cutter.end();
    const expected = this.backup.files[journalPath];
    if (hash.digest('hex') !== expected?.sha256 || size !== expected.bytes)
      throw importError(`${journalPath}: its SHA-256 does not match the manifest's`);
    if (!sawLocations)
      throw importError(
        `${journalPath}: locations: Invalid input: expected array, received undefined`,
      );
  }

  /**
   * Once spots() is done: the journal's preferences (its version and preferences checked), and
   * every file no spot's photo was read from (thumbnails, files no spot lists) summed against
   * the manifest.
   */
  async finish(): Promise<JournalHead> {
    const head = journalHeadSchema.safeParse(this.head);
    if (!head.success) throw importError(`${journalPath}: ${firstIssue(head.error)}`);
    for (const name of this.zip.names()) {
      if (name === journalPath || this.checkedFiles.has(name)) continue;
      const expected = this.backup.files[name];
      const sum = await this.zip.sum(name);
      if (sum.sha256 !== expected?.sha256 || sum.bytes !== expected.bytes)
        throw importError(`${name}: its SHA-256 does not match the manifest's`);
    }
    return head.data;
  }

  private checkVersion(): void {
    const version = journalHeadSchema.shape.version.safeParse(this.head.version);
    if (!version.success)
      throw importError(`${journalPath}: version: ${firstIssue(version.error)}`);
  }

  /**
   * One spot of the journal, checked, with the photos that pass; nothing when it is a problem. A
   * spot past `largeSpotBytes` comes in slices of its entries (largeSpot).
   */
  private async *spotOf(json: Buffer): AsyncGenerator<ReadSpot> {
    const { limits, problems } = this;
    this.count += 1;
    const at = `spot ${this.count}`;
    if (this.count > limits.maxSpots)
      throw quotaError(
        `${journalPath} holds more than ${limits.maxSpots} spots; an account holds at most ${limits.maxSpots}`,
      );
    if (json.length > largeSpotBytes && json[0] === 0x7b) {
      yield* this.largeSpot(json, at);
      return;
    }
    const raw = parseJson(json, `${journalPath} (${at})`);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw importError(`${journalPath}: locations.${this.count - 1}: not an object`);
    const fields = raw as Record<string, unknown>;
    if (Array.isArray(fields.entries) && fields.entries.length > limits.maxEntriesPerSpot)
      throw quotaError(
        `${journalPath}: ${at} has ${fields.entries.length} entries; a spot holds at most ${limits.maxEntriesPerSpot}`,
      );
    const checked = checkSpot(at, fields);
    if ('problem' in checked) {
      problems.push(checked.problem);
      return;
    }
    const rawEntries = Array.isArray(fields.entries) ? (fields.entries as unknown[]) : [];
    const entries: RestoredEntry[] = [];
    for (const [index, entry] of checked.spot.entries.entries())
      entries.push({ ...entry, photos: await this.photosOf(rawEntries[index], index, at) });
    yield { spot: { ...checked.spot, entries }, jsonBytes: json.length, continues: false };
  }

  /**
   * A large spot (up to 16 MB, 10,000 entries), never parsed whole: its JSON is cut into its
   * members and its entries, and read twice, an entry at a time. First every entry is checked
   * (a spot with a bad entry is a problem, as checkSpot has it), then the entries are read again
   * with their photos and handed on in slices of `sliceEntries`, the later ones marked as
   * continuing the spot. Only the spot's JSON and one slice are held.
   */
  private async *largeSpot(json: Buffer, at: string): AsyncGenerator<ReadSpot> {
    const { limits, problems } = this;
    const cut = () =>
      new JournalCutter(
        { maxDepth: maxJournalDepth, maxElementBytes: maxSpotBytes, maxMemberBytes: maxSpotBytes },
        { arrayKey: 'entries', around: 2, elementName: (n) => `${at}, entry ${n}` },
      );
    const what = `${journalPath} (${at})`;
    const fields: Record<string, unknown> = {};
    let count = 0;
    let entryProblem: ImportProblem | undefined;
    const first = cut();
    for (const part of first.push(json)) {
      await this.pause();
      if ('key' in part) fields[part.key] = parseJson(part.value, what);
      if (!('element' in part)) continue;
      count += 1;
      if (count > limits.maxEntriesPerSpot)
        throw quotaError(
          `${journalPath}: ${at} has more than ${limits.maxEntriesPerSpot} entries; a spot holds at most ${limits.maxEntriesPerSpot}`,
        );
      if (entryProblem) continue;
      const checked = checkEntry(at, parseJson(part.element, what), count - 1);
      if ('problem' in checked) entryProblem = checked.problem;
    }
    first.end();
    const head = checkSpot(at, fields);
    if ('problem' in head || entryProblem) {
      problems.push('problem' in head ? head.problem : (entryProblem as ImportProblem));
      return;
    }
    let slice: RestoredEntry[] = [];
    let sliceBytes = 0;
    let continues = false;
    let index = 0;
    for (const part of cut().push(json)) {
      if (!('element' in part)) continue;
      await this.pause();
      const raw = parseJson(part.element, what);
      const checked = checkEntry(at, raw, index);
      if ('problem' in checked) throw importError(`${what}: ${checked.problem.message}`);
      slice.push({ ...checked.entry, photos: await this.photosOf(raw, index, at) });
      sliceBytes += part.element.length;
      index += 1;
      if (slice.length === sliceEntries) {
        yield { spot: { ...head.spot, entries: slice }, jsonBytes: sliceBytes, continues };
        continues = true;
        slice = [];
        sliceBytes = 0;
      }
    }
    if (slice.length > 0 || !continues)
      yield { spot: { ...head.spot, entries: slice }, jsonBytes: sliceBytes, continues };
  }

  /** The entry's photos that pass: listed well (photosOfEntry), and their files checked. */
  private async photosOf(entry: unknown, index: number, at: string): Promise<BackupPhoto[]> {
    const photos: BackupPhoto[] = [];
    for (const photo of photosOfEntry(entry, index, at, this.zip, this.listedKeys, this.problems))
      if (await this.photoPasses(photo, at)) photos.push(photo);
    return photos;
  }

  /**
   * The photo's file against the manifest, and its header as an upload's is checked (a
   * supported image within the pixel limit): a photo that fails is a problem, and left out. The
   * thumbnail is made again from the photo when it is restored.
   */
  private async photoPasses(photo: BackupPhoto, at: string): Promise<boolean> {
    const name = photoPath(photo.filePath);
    this.checkedFiles.add(name);
    const expected = this.backup.files[name];
    const { bytes, sha256 } = await this.zip.bytesAndSum(name, Number.POSITIVE_INFINITY);
    if (sha256 !== expected?.sha256 || bytes.length !== expected.bytes)
      throw importError(`${name}: its SHA-256 does not match the manifest's`);
    try {
      await this.limits.inspectPhoto(bytes);
      return true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.problems.push({ at, message: `${name}: ${error.message.replace(/^file: /, '')}` });
      return false;
    }
  }
}

/**
 * Opens a backup (docs/behaviour.md#restore): its manifest is ours and of a version this server
 * reads, and it lists exactly the files the ZIP holds. The journal and the photos are read
 * after, by JournalReader, as they are restored, each checked against the manifest.
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
