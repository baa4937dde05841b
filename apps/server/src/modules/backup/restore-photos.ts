// A backup's photos pass as uploads do: listed well, each file once, matching the manifest, a known image.
import { limits as contractLimits } from '@fj/contract/limits';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { importError } from '../../lib/import-error.ts';
import { isSafeKey } from '../../storage/photo-storage.ts';
import type { BackupZip } from './backup-zip.ts';
import { firstIssue } from './backup-json.ts';
import { photoPath } from './manifest.ts';
import type { OpenedBackup } from './open-backup.ts';
import type { ProblemList } from './problem-list.ts';

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
 * The photos of a journal's entries, as JournalReader reads them: each listed photo checked
 * (photosOfEntry), then its file against the manifest and its header as an upload's.
 */
export class RestorePhotos {
  /** Photo keys (photos and thumbnails) a spot has listed: each file serves one photo. */
  private readonly listedKeys = new Set<string>();
  /** Photo files read and checked with their spot; JournalReader.finish() sums the rest. */
  private readonly checkedFiles = new Set<string>();

  constructor(
    private readonly zip: BackupZip,
    private readonly backup: OpenedBackup,
    /** An upload's header check (format, pixels) of a photo's bytes; throws an AppError. */
    private readonly inspectPhoto: (bytes: Buffer) => Promise<void>,
    private readonly problems: ProblemList,
  ) {}

  /** Whether a photo's file was read and checked already (and need not be summed again). */
  checked(name: string): boolean {
    return this.checkedFiles.has(name);
  }

  /** The entry's photos that pass: listed well (photosOfEntry), and their files checked. */
  async of(entry: unknown, index: number, at: string): Promise<BackupPhoto[]> {
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
      await this.inspectPhoto(bytes);
      return true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.problems.push({ at, message: `${name}: ${error.message.replace(/^file: /, '')}` });
      return false;
    }
  }
}
