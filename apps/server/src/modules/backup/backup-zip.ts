import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { importError } from '../../lib/import-error.ts';
import { isSafeKey } from '../../storage/photo-storage.ts';
import { journalPath } from './manifest.ts';

export interface BackupZipLimits {
  /** Files the ZIP may list (RESTORE_MAX_FILES). */
  maxFiles: number;
  /** What they may inflate to in all: declared sizes summed first, then counted by yauzl. */
  maxInflatedBytes: number;
  /** The names it may hold; an account backup's by default (the instance backup has its own). */
  accepts?: (name: string) => boolean;
  /**
   * An account backup's limits per file, read from the central directory before a byte is
   * inflated (the instance backup, an administrator's own file, has none): the largest photo
   * (MAX_UPLOAD_BYTES, as an upload), besides the manifest's and journal's own, and the ratio.
   */
  perFile?: { maxPhotoBytes: number };
}

/** One file's bytes are read whole (manifest, journal, a photo); past these it is refused. */
const maxManifestBytes = 64 * 1024 * 1024;
/**
 * The journal is read as it inflates, a spot at a time: 32 MB of JSON is some 100,000 entries
 * with notes, and bounds how long a restore holds its transaction (docs/files.md#restore).
 */
export const maxJournalBytes = 32 * 1024 * 1024;
const maxPhotoBytes = 64 * 1024 * 1024;
/**
 * The most a file may inflate per byte stored: a backup's JSON deflates 5 to 20 times, its WebP
 * photos not at all, a zip bomb about 1,000 times.
 */
const maxRatio = 100;
/** Below this a file's ratio is not looked at: a small file costs nothing whatever it claims. */
const ratioFloorBytes = 64 * 1024;

const manifestName = 'manifest.json';
const photoPrefix = 'photos/';
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The most this file of an account backup may inflate to, by its kind. */
function maxBytesOf(name: string, maxPhoto: number): number {
  if (name === manifestName) return maxManifestBytes;
  if (name === journalPath) return maxJournalBytes;
  return maxPhoto;
}

/**
 * The central directory's word on one file, checked before it is inflated: its size within its
 * kind's limit and, past 64 kB, at most `maxRatio` bytes inflated per byte stored.
 */
function checkDeclared(entry: Entry, perFile: NonNullable<BackupZipLimits['perFile']>): void {
  const name = entry.fileName;
  const max = maxBytesOf(name, perFile.maxPhotoBytes);
  if (entry.uncompressedSize > max)
    throw importError(`${name} is larger than ${megabytes(max)}: it is not read`);
  if (
    entry.uncompressedSize > ratioFloorBytes &&
    entry.uncompressedSize > maxRatio * entry.compressedSize
  )
    throw importError(
      `${name} inflates more than ${maxRatio} times (${entry.compressedSize} bytes to ${entry.uncompressedSize}): it is not read`,
    );
}

/** A name the backup may hold: the manifest, the journal, or a photo under photos/ by a safe key. */
function isKnownName(name: string): boolean {
  if (name === manifestName || name === journalPath) return true;
  return name.startsWith(photoPrefix) && isSafeKey(name.slice(photoPrefix.length));
}

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // strictFileNames: a backslash is refused, not read as a folder separator; yauzl also refuses
    // absolute names and `..` segments. autoClose off: files are read after the listing ends.
    yauzl.open(
      file,
      { lazyEntries: true, strictFileNames: true, validateEntrySizes: true, autoClose: false },
      (error, zip) =>
        error
          ? reject(importError(`The backup is not a readable ZIP: ${error.message}`))
          : resolve(zip),
    );
  });
}

function listEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    // yauzl names the file at fault: "invalid relative path: ../x", "invalid characters in fileName".
    zip.on('error', (error: Error) =>
      reject(importError(`The backup is not a readable ZIP: ${error.message}`)),
    );
    zip.readEntry();
  });
}

/**
 * An account's backup ZIP on disk, opened with every name and size checked before a byte is
 * inflated (docs/files.md#restore): at most maxFiles files, only the names a backup holds
 * (no path can leave its folder), each file's declared size and ratio within `perFile`, and
 * declared sizes within maxInflatedBytes in all. Declared sizes may lie: yauzl
 * (validateEntrySizes) fails a file the moment it inflates past its declared size.
 */
export class BackupZip {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: ReadonlyMap<string, Entry>,
  ) {}

  static async open(file: string, limits: BackupZipLimits): Promise<BackupZip> {
    const zip = await openZip(file);
    try {
      if (zip.entryCount > limits.maxFiles)
        throw importError(
          `The backup lists ${zip.entryCount} files; at most ${limits.maxFiles} are read`,
        );
      const entries = new Map<string, Entry>();
      let declared = 0;
      for (const entry of await listEntries(zip)) {
        const name = entry.fileName;
        if (!(limits.accepts ?? isKnownName)(name))
          throw importError(`The backup holds an unexpected file: ${name}`);
        if (entries.has(name)) throw importError(`The backup holds ${name} twice`);
        if (limits.perFile) checkDeclared(entry, limits.perFile);
        declared += entry.uncompressedSize;
        if (declared > limits.maxInflatedBytes)
          throw importError(`The backup inflates past ${megabytes(limits.maxInflatedBytes)}`);
        entries.set(name, entry);
      }
      if (!entries.has(manifestName))
        throw importError('The ZIP has no manifest.json: it is not a Foraging Journal backup');
      return new BackupZip(zip, entries);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** Every file but the manifest. */
  names(): string[] {
    return [...this.entries.keys()].filter((name) => name !== manifestName);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  manifestBytes(): Promise<Buffer> {
    return this.read(manifestName, maxManifestBytes);
  }

  /** The journal as it inflates, refused past its limit; yauzl stops it past its declared size. */
  journalStream(): Promise<Readable> {
    const declared = this.entries.get(journalPath)?.uncompressedSize ?? 0;
    if (declared > maxJournalBytes)
      return Promise.reject(
        importError(`${journalPath} is larger than ${megabytes(maxJournalBytes)}`),
      );
    return this.stream(journalPath);
  }

  photoBytes(name: string): Promise<Buffer> {
    return this.read(name, maxPhotoBytes);
  }

  /** The file's bytes, and their SHA-256 (hex) from the same pass. */
  async bytesAndSum(name: string, max: number): Promise<{ bytes: Buffer; sha256: string }> {
    const hash = createHash('sha256');
    const bytes = await this.read(name, max, (chunk) => hash.update(chunk));
    return { bytes, sha256: hash.digest('hex') };
  }

  /** The file's SHA-256 (hex) and size, read through without keeping it. */
  async sum(name: string): Promise<{ sha256: string; bytes: number }> {
    const hash = createHash('sha256');
    let bytes = 0;
    await this.each(name, Number.POSITIVE_INFINITY, (chunk) => {
      hash.update(chunk);
      bytes += chunk.length;
    });
    return { sha256: hash.digest('hex'), bytes };
  }

  /** The file as a stream, for a copy of any size (yauzl still checks its declared size). */
  stream(name: string): Promise<Readable> {
    const entry = this.entries.get(name);
    if (!entry) return Promise.reject(importError(`The backup has no ${name}`));
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(entry, (error, stream) =>
        error ? reject(importError(`${name} cannot be read: ${error.message}`)) : resolve(stream),
      );
    });
  }

  close(): void {
    this.zip.close();
  }

  /**
   * The file's bytes, copied into one buffer of its declared size as they inflate: never the
   * chunks and their copy at once (twice the file). yauzl fails a file that inflates to more or
   * less than it declared, so the buffer is filled exactly.
   */
  private async read(
    name: string,
    max: number,
    onChunk: (chunk: Buffer) => void = () => {},
  ): Promise<Buffer> {
    const size = this.entries.get(name)?.uncompressedSize ?? 0;
    const bytes = Buffer.allocUnsafe(Math.min(size, max));
    let filled = 0;
    await this.each(name, max, (chunk) => {
      onChunk(chunk);
      filled += chunk.copy(bytes, filled);
    });
    return bytes.subarray(0, filled);
  }

  /** Inflates the file a chunk at a time; yauzl errors if it inflates to other than its declared size. */
  private each(name: string, max: number, onChunk: (chunk: Buffer) => void): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry) return Promise.reject(importError(`The backup has no ${name}`));
    if (entry.uncompressedSize > max)
      return Promise.reject(importError(`${name} is larger than ${megabytes(max)}`));
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(importError(`${name} cannot be read: ${error.message}`));
        stream.on('data', onChunk);
        stream.on('error', (streamError: Error) =>
          reject(importError(`${name} cannot be read: ${streamError.message}`)),
        );
        stream.on('end', () => resolve());
        return undefined;
      });
    });
  }
}

/** Whether the file starts as a ZIP does (a local file header). */
export function looksLikeZip(head: Buffer): boolean {
  return head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;
}
