/** What names a file as one of ours, and the layout's version (docs/files.md#backup). */
export const backupFormat = 'foraging-journal-backup';
export const backupVersion = 1;

/** The journal's data inside the ZIP; photos go under `photos/` by their storage key. */
export const journalPath = 'data/journal.json';
export const photoPath = (key: string): string => `photos/${key}`;

export interface FileSum {
  sha256: string;
  bytes: number;
}

export interface BackupManifest {
  format: typeof backupFormat;
  version: typeof backupVersion;
  createdAt: string;
  counts: { locations: number; entries: number; photos: number };
  /** Every other file of the ZIP with its SHA-256 (hex) and size. */
  files: Record<string, FileSum>;
  /** Photo files the storage no longer had: named, not in the ZIP. */
  missing: string[];
}
