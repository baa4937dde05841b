import { setImmediate } from 'node:timers/promises';
import { importError } from '../../lib/import-error.ts';
import { importLimits } from './limits.ts';
import {
  checkSpot,
  type ImportProblem,
  type ImportedSpot,
  type Place,
} from '../../lib/imported-spot.ts';

/** Lets the event loop run when the work has held it long enough; called between batches. */
export type Pace = () => Promise<void>;

/** Work held the event loop at most about this long between two yields (then others run). */
const sliceMs = 20;

export function createPace(): Pace {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await setImmediate();
    since = performance.now();
  };
}

/** The bytes as UTF-8 text, chunk by chunk; 400 at the first byte that is not (a BOM is dropped). */
export async function* textChunks(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of source) yield decoder.decode(chunk, { stream: true });
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof TypeError) throw importError('The file is not UTF-8 text');
    throw error;
  }
}

/** Problems as an answer lists them: the first few, and how many more there were. */
export class ProblemList {
  readonly listed: ImportProblem[] = [];
  more = 0;
  push(problem: ImportProblem): void {
    if (this.listed.length < importLimits.problemsListed) this.listed.push(problem);
    else this.more += 1;
  }
  /** The answer's `problems`, and `moreProblems` when some were not listed. */
  answer(): { problems: ImportProblem[]; moreProblems?: number } {
    return this.more > 0
      ? { problems: this.listed, moreProblems: this.more }
      : { problems: this.listed };
  }
}

/** What a format's reader gives back: the spots it could read, and why it skipped the rest. */
export interface ReadFile {
  spots: ImportedSpot[];
  problems: ProblemList;
}

/** How many corners a patch's rings list, whatever else is wrong with it. */
function cornersOf(area: unknown): number {
  const rings = (area as { coordinates?: unknown } | null | undefined)?.coordinates;
  if (!Array.isArray(rings)) return 0;
  let count = 0;
  for (const ring of rings) if (Array.isArray(ring)) count += ring.length;
  return count;
}

/**
 * The spots a reader finds, checked one by one as they come and counted against the file's
 * limits (importLimits): the first crossed is a 400 naming it. `kind` names the file's spots in
 * that message ("features", "waypoints", "placemarks", "spots").
 */
export function createSpotCollector(kind: string, maxFeatures = importLimits.features) {
  const file: ReadFile = { spots: [], problems: new ProblemList() };
  let features = 0;
  let entries = 0;
  let corners = 0;
  return {
    file,
    /** Counts one more of the file's spots, read or not; past the limit, 400. */
    count(): void {
      features += 1;
      if (features > maxFeatures)
        throw importError(
          `The file has more than ${maxFeatures} ${kind}; at most ${maxFeatures} can be imported at once`,
        );
    },
    /** Counts entries as they are read; past the limit, 400. */
    countEntries(count: number): void {
      entries += count;
      if (entries > importLimits.entries)
        throw importError(
          `The file has more than ${importLimits.entries} entries; at most ${importLimits.entries} can be imported at once`,
        );
    },
    problem(at: Place, message: string): void {
      file.problems.push({ at, message });
    },
    /**
     * A spot's fields (by our names), checked: kept, or listed as a problem. Its entries are
     * counted here unless the reader counted them as it read them.
     */
    add(at: Place, fields: Record<string, unknown>, entriesCounted = false): void {
      if (!entriesCounted && Array.isArray(fields.entries))
        this.countEntries(fields.entries.length);
      corners += cornersOf(fields.area);
      if (corners > importLimits.patchCorners)
        throw importError(
          `The file's patches have more than ${importLimits.patchCorners} corners in all; at most ${importLimits.patchCorners} can be imported at once`,
        );
      const checked = checkSpot(at, fields);
      if ('problem' in checked) file.problems.push(checked.problem);
      else file.spots.push(checked.spot);
    },
  };
}
export type SpotCollector = ReturnType<typeof createSpotCollector>;
