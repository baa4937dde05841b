import type { ImportProblem } from '../../lib/imported-spot.ts';

/** The answer lists this many problems; the rest are counted, not kept. */
export const listedProblems = 20;

/**
 * A restore's problems, bounded however many the file has: the first 20 are kept, the rest
 * only counted, and the answer ends with one line saying how many more there were.
 */
export class ProblemList {
  private readonly kept: ImportProblem[] = [];
  private more = 0;

  push(problem: ImportProblem): void {
    if (this.kept.length < listedProblems) this.kept.push(problem);
    else this.more += 1;
  }

  get count(): number {
    return this.kept.length + this.more;
  }

  /** What the answer's `problems` holds: the first 20, then "and N more problems" if any. */
  listed(): ImportProblem[] {
    if (this.more === 0) return [...this.kept];
    return [
      ...this.kept,
      {
        at: 'backup',
        message: `and ${this.more} more ${this.more === 1 ? 'problem' : 'problems'}, not listed`,
      },
    ];
  }
}
