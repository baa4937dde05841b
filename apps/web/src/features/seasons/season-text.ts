import type { SeasonWindow } from '@fj/contract/seasonality';
import { formatVisitDate } from '../../lib/dates.ts';

export const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** "07-10" → "Jul 10". */
export function formatMonthDay(monthDay: string): string {
  const [month, day] = monthDay.split('-').map(Number);
  return `${monthNames[(month ?? 1) - 1] ?? '?'} ${day ?? '?'}`;
}

/** "Jul 10 – Oct 2"; one day alone is that day. */
export function windowText(window: SeasonWindow): string {
  if (!window) return 'No finds yet';
  if (window.from === window.to) return formatMonthDay(window.from);
  return `${formatMonthDay(window.from)} – ${formatMonthDay(window.to)}`;
}

/** A find's day, in the app's one visit-date format (lib/dates.ts). */
export const formatDate = formatVisitDate;

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** How many years ago, in words: "A year ago", "2 years ago". */
export const yearsAgo = (years: number) => (years === 1 ? 'A year ago' : `${years} years ago`);

/** Where a month-day falls on a 366-day strip, from 0 (Jan 1) to 365 (Dec 31). */
export function stripDay(monthDay: string): number {
  const [month = 1, day = 1] = monthDay.split('-').map(Number);
  const index = Math.min(Math.max(month, 1), 12) - 1;
  return (cumulativeDays[index] ?? 0) + Math.min(day, monthLengths[index] ?? 31) - 1;
}

/** A leap year's months: the strip has room for Feb 29. */
export const monthLengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
export const cumulativeDays = monthLengths.reduce<number[]>(
  (starts, length, index) => [...starts, (starts[index] ?? 0) + length],
  [0],
);
export const STRIP_DAYS = 366;

/** The window as spans of the strip: two when it wraps over the new year. */
export function windowSpans(window: SeasonWindow): { start: number; end: number }[] {
  if (!window) return [];
  const start = stripDay(window.from);
  const end = stripDay(window.to) + 1;
  if (start < end) return [{ start, end }];
  return [
    { start, end: STRIP_DAYS },
    { start: 0, end },
  ];
}
