// A spot too large to parse whole is read an entry at a time and handed on in slices.
import { importError } from '../../lib/import-error.ts';
import { checkEntry, checkSpot, type ImportProblem } from '../../lib/imported-spot.ts';
import { parseJson } from './backup-json.ts';
import { JournalCutter } from './journal-scan.ts';
import {
  maxJournalDepth,
  maxSpotBytes,
  quotaError,
  type ReadSpot,
  type RestoredEntry,
} from './journal-reading.ts';
import { journalPath } from './manifest.ts';
import type { ProblemList } from './problem-list.ts';
import type { BackupPhoto } from './restore-photos.ts';

/** A spot larger than this is cut into its entries rather than parsed whole (largeSpot). */
export const largeSpotBytes = 256 * 1024;
/** A large spot's entries are handed on this many at a time. */
const sliceEntries = 500;

/** What largeSpot needs of the JournalReader reading it. */
export interface SpotReading {
  maxEntriesPerSpot: number;
  problems: ProblemList;
  /** Gives other requests their turn (time-slice.ts). */
  pause: () => Promise<void>;
  /** The entry's photos that pass (RestorePhotos.of). */
  photosOf: (entry: unknown, index: number, at: string) => Promise<BackupPhoto[]>;
}

/**
 * A large spot (up to 16 MB, 10,000 entries), never parsed whole: its JSON is cut into its
 * members and its entries, and read twice, an entry at a time. First every entry is checked
 * (a spot with a bad entry is a problem, as checkSpot has it), then the entries are read again
 * with their photos and handed on in slices of `sliceEntries`, the later ones marked as
 * continuing the spot. Only the spot's JSON and one slice are held.
 */
export async function* largeSpot(
  json: Buffer,
  at: string,
  reading: SpotReading,
): AsyncGenerator<ReadSpot> {
  const { maxEntriesPerSpot, problems, pause } = reading;
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
    await pause();
    if ('key' in part) fields[part.key] = parseJson(part.value, what);
    if (!('element' in part)) continue;
    count += 1;
    if (count > maxEntriesPerSpot)
      throw quotaError(
        `${journalPath}: ${at} has more than ${maxEntriesPerSpot} entries; a spot holds at most ${maxEntriesPerSpot}`,
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
    await pause();
    const raw = parseJson(part.element, what);
    const checked = checkEntry(at, raw, index);
    if ('problem' in checked) throw importError(`${what}: ${checked.problem.message}`);
    slice.push({ ...checked.entry, photos: await reading.photosOf(raw, index, at) });
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
