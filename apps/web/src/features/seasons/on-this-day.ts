import type { Location } from '@fj/contract/locations';
import { findsOf } from '../../lib/finds-text.ts';

/** How far from today's date, either way, a find still counts as "on this day". */
export const ON_THIS_DAY_DAYS = 3;

/** One find of an earlier year near today's date. */
export interface Memory {
  years: number;
  /** The find fell on today's month and day. */
  sameDay: boolean;
  species: string;
  locationId: string;
  locationName: string;
  date: string;
}

/** The device's calendar date, "YYYY-MM-DD" (not UTC's: a find is on the forager's day). */
export function localIsoDate(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const DAY_MS = 86_400_000;
const utcDay = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day);

/** The date moved to another year (Feb 29 becomes Feb 28 where there is none). */
function inYear(month: number, day: number, year: number): number {
  const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
  return utcDay(year, month, month === 2 && day === 29 && !leap ? 28 : day);
}

/** Whole years back, when the date's anniversary is within ON_THIS_DAY_DAYS of today. */
export function anniversary(date: string, today: string): { years: number; offset: number } | null {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [thisYear = 0, thisMonth = 1, thisDay = 1] = today.split('-').map(Number);
  const now = utcDay(thisYear, thisMonth, thisDay);
  // Around the new year the anniversary may fall in the year before or after today's.
  for (const candidate of [thisYear - 1, thisYear, thisYear + 1]) {
    const years = candidate - year;
    if (years < 1) continue;
    const offset = Math.round((inYear(month, day, candidate) - now) / DAY_MS);
    if (Math.abs(offset) <= ON_THIS_DAY_DAYS) return { years, offset };
  }
  return null;
}

/** Finds of earlier years within ±3 days of today's date: the closest days first, then the latest years. */
export function memoriesOn(locations: readonly Location[], today: string): Memory[] {
  const memories: (Memory & { offset: number })[] = [];
  for (const location of locations)
    for (const entry of location.entries) {
      if (entry.nothingFound) continue;
      const when = anniversary(entry.date, today);
      if (!when) continue;
      for (const find of findsOf(entry))
        memories.push({
          years: when.years,
          sameDay: when.offset === 0,
          offset: when.offset,
          species: find.species,
          locationId: location.id,
          locationName: location.name,
          date: entry.date,
        });
    }
  return memories
    .sort((a, b) => Math.abs(a.offset) - Math.abs(b.offset) || a.years - b.years)
    .map(({ offset: _offset, ...memory }) => memory);
}
