import type { SeasonWindow } from './seasonality.ts';

/*
 * The calendar year as a circle of 366 days (docs/behaviour.md#seasons): every year is laid on a
 * leap year's days, and Feb 29 counts as Feb 28, so a find's day is the same in every year and
 * the window of a species wraps over the new year like the seasons do.
 */

/** Days of a leap year before each month. */
const DAYS_BEFORE_MONTH = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];
export const DAYS_IN_CIRCLE = 366;

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;

/**
 * The day of the year, 1 (Jan 1) to 366 (Dec 31), of a 'YYYY-MM-DD' date or an 'MM-DD' day (its
 * last five characters are read); Feb 29 is Feb 28's day, 59, and 60 is no day's.
 */
export function dayOfYear(date: string): number {
  const at = date.length - 5;
  const month = digit(date, at) * 10 + digit(date, at + 1);
  const day = digit(date, at + 3) * 10 + digit(date, at + 4);
  return (DAYS_BEFORE_MONTH[month - 1] ?? 0) + (month === 2 && day === 29 ? 28 : day);
}

const twoDigits = (value: number) => (value < 10 ? `0${value}` : `${value}`);

/** The 'MM-DD' of a day of the year (the inverse of dayOfYear). */
export function monthDayOf(day: number): string {
  let month = 12;
  while (month > 1 && (DAYS_BEFORE_MONTH[month - 1] ?? 0) >= day) month -= 1;
  return `${twoDigits(month)}-${twoDigits(day - (DAYS_BEFORE_MONTH[month - 1] ?? 0))}`;
}

/**
 * The shortest arc of the circle holding every marked day (`marked[day]` truthy, days 1-366):
 * it leaves out the longest run of unmarked days; of equally long runs, the one giving the
 * earliest `from`. Null when no day is marked; one day gives from = to.
 */
export function windowOfDays(marked: ArrayLike<number>): SeasonWindow {
  let first = 0;
  let last = 0;
  for (let day = 1; day <= DAYS_IN_CIRCLE; day += 1) {
    if (!marked[day]) continue;
    if (first === 0) first = day;
    last = day;
  }
  if (first === 0) return null;
  // The gap before `first` wraps over the new year; the others are between marked days.
  let bestGap = first + DAYS_IN_CIRCLE - last;
  let from = first;
  let to = last;
  let previous = first;
  for (let day = first + 1; day <= last; day += 1) {
    if (!marked[day]) continue;
    if (day - previous > bestGap) {
      bestGap = day - previous;
      from = day;
      to = previous;
    }
    previous = day;
  }
  return { from: monthDayOf(from), to: monthDayOf(to) };
}

/** Whether the day of `date` ('YYYY-MM-DD' or 'MM-DD') is inside the window (ends included). */
export function inSeason(window: SeasonWindow, date: string): boolean {
  if (!window) return false;
  const day = dayOfYear(date);
  const from = dayOfYear(window.from);
  const to = dayOfYear(window.to);
  return from <= to ? day >= from && day <= to : day >= from || day <= to;
}

/**
 * The 'YYYY-MM-DD' date the window next opens on or after `date` ('YYYY-MM-DD'): `date` itself
 * when it is inside the window; null when there is no window.
 */
export function nextSeasonStart(window: SeasonWindow, date: string): string | null {
  if (!window) return null;
  if (inSeason(window, date)) return date;
  const year = Number(date.slice(0, 4));
  const opensThisYear = dayOfYear(window.from) > dayOfYear(date);
  return `${opensThisYear ? year : year + 1}-${window.from}`;
}
