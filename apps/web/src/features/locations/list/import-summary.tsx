import type { ImportPreview, ImportResult } from '@fj/contract/import';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 spots, 5 entries will be created, 1 skipped as duplicates". */
export function previewLine({ create, duplicates }: ImportPreview): string {
  return `${count(create.spots, 'spot', 'spots')}, ${count(create.entries, 'entry', 'entries')} will be created, ${duplicates} skipped as ${duplicates === 1 ? 'a duplicate' : 'duplicates'}`;
}

/** "Imported 3 spots and 5 entries; 1 skipped as a duplicate." */
export function resultLine({ created, duplicates }: ImportResult): string {
  return `Imported ${count(created.spots, 'spot', 'spots')} and ${count(created.entries, 'entry', 'entries')}; ${duplicates} skipped as ${duplicates === 1 ? 'a duplicate' : 'duplicates'}.`;
}

/**
 * The spots the import will create, by name with their entries (the server names the first 100
 * and counts the rest in `moreSpots`), so the user sees what is coming before importing.
 */
export function ImportSpots({ spots, moreSpots = 0 }: Pick<ImportPreview, 'spots' | 'moreSpots'>) {
  if (!spots || spots.length === 0) return null;
  return (
    <div className="import-spots">
      <h3>Spots to create</h3>
      <ul aria-label="Spots to create">
        {spots.map((spot, index) => (
          <li key={index}>
            {spot.name}
            {spot.entries > 0 && (
              <span className="inline-hint"> · {count(spot.entries, 'entry', 'entries')}</span>
            )}
          </li>
        ))}
      </ul>
      {moreSpots > 0 && <p>…and {moreSpots} more.</p>}
    </div>
  );
}

/** A file may list thousands; the first ones say what is wrong, the count says how much. */
const shownProblems = 100;

/**
 * What could not be read, each with its place in the file ("feature 3", "line 12"); the server
 * lists the first few and counts the rest (`moreProblems`).
 */
export function ImportProblems({
  problems,
  moreProblems = 0,
}: Pick<ImportPreview, 'problems' | 'moreProblems'>) {
  if (problems.length === 0) return null;
  const total = problems.length + moreProblems;
  const more = total - Math.min(problems.length, shownProblems);
  return (
    <div className="import-problems">
      <h3>{count(total, 'spot', 'spots')} could not be read and will be skipped</h3>
      <ul aria-label="Problems">
        {problems.slice(0, shownProblems).map((problem, index) => (
          <li key={index}>
            <strong>{problem.at}</strong>: {problem.message}
          </li>
        ))}
      </ul>
      {more > 0 && <p>…and {more} more.</p>}
    </div>
  );
}
