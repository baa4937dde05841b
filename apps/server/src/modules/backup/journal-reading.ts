// What reading a backup's journal hands on, and the limits it reads within (journal-reader.ts, large-spot.ts).
import { AppError } from '../../errors.ts';
import type { ImportedEntry, ImportedSpot } from '../../lib/imported-spot.ts';
import type { BackupPhoto } from './restore-photos.ts';

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
export const maxJournalDepth = 16;
export const maxSpotBytes = 16 * 1024 * 1024;

export const quotaError = (message: string) => new AppError('QUOTA_EXCEEDED', message);
