import type { Entry } from '@fj/contract/entries';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today as YYYY-MM-DD in the forager's own time zone (toISOString would give UTC's day). */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const formatter = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A YYYY-MM-DD date read as a calendar day, not as midnight UTC (which shifts it west of UTC). */
export function formatEntryDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  return formatter.format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** Newest visit first; entries of the same day, the one written last first. */
export function newestFirst(entries: readonly Entry[]): Entry[] {
  return [...entries].sort(
    (a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt),
  );
}
