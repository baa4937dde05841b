import type { Entry } from '@fj/contract/entries';
import { formatVisitDate } from '../../lib/dates.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today as YYYY-MM-DD in the forager's own time zone (toISOString would give UTC's day). */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An entry's date, in the app's one visit-date format (lib/dates.ts). */
export const formatEntryDate = formatVisitDate;

/** Newest visit first; entries of the same day, the one written last first. */
export function newestFirst(entries: readonly Entry[]): Entry[] {
  return [...entries].sort(
    (a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt),
  );
}
