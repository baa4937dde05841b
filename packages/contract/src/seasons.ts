import type { Find, FindUnit } from './finds.ts';
import { dayOfYear, windowOfDays, DAYS_IN_CIRCLE } from './season-window.ts';
import type { SeasonSummary, SpeciesSeason } from './seasonality.ts';
import { speciesKey } from './text-fold.ts';

export { dayOfYear, inSeason, monthDayOf, nextSeasonStart } from './season-window.ts';

/*
 * Seasons from the user's own journal (docs/behaviour.md#seasons), the one computation behind
 * GET /api/v1/seasonality and the device's offline pages, so both give the same numbers.
 */

/** One entry as the seasons see it: where, when ('YYYY-MM-DD'), what it found (maybe nothing). */
export interface SeasonVisit {
  locationId: string;
  date: string;
  finds: readonly Pick<Find, 'species' | 'quantity' | 'unit'>[];
}

/** Which visits of a species count: one location's, and the years from-to (both included). */
export interface SeasonOptions {
  locationId?: string;
  from?: number;
  to?: number;
}

/** speciesKey of each spelling, worked out once: folding is most of the time otherwise. */
function keyCache(): (species: string) => string {
  const keys = new Map<string, string>();
  return (species) => {
    let key = keys.get(species);
    if (key === undefined) keys.set(species, (key = speciesKey(species)));
    return key;
  };
}

/** The spelling a species is shown by: its latest find's (ties: the smaller text), any order. */
export const laterSpelling = (name: string, nameDate: string, species: string, date: string) =>
  date > nameDate || (date === nameDate && species < name);

const monthOf = (date: string) => (date.charCodeAt(5) - 48) * 10 + date.charCodeAt(6) - 48;

/** The month with the most visits that found it (ties: the earliest); null with none. */
export function peakMonthOf(foundByMonth: ArrayLike<number>): number | null {
  let peak = 0;
  for (let month = 1; month <= 12; month += 1)
    if ((foundByMonth[month] ?? 0) > (foundByMonth[peak] ?? 0)) peak = month;
  return peak === 0 ? null : peak;
}

interface SpeciesTally {
  name: string;
  nameDate: string;
  lastVisit: number;
  found: number;
  locations: Set<string>;
  days: Uint8Array;
  foundByMonth: Int32Array;
}

/** Every species found in `visits`, ordered by speciesKey: the list of GET /seasonality. */
export function seasonSummaries(visits: readonly SeasonVisit[]): SeasonSummary[] {
  const keyOf = keyCache();
  const visitsAt = new Map<string, number>();
  const tallies = new Map<string, SpeciesTally>();
  let index = -1;
  for (const visit of visits) {
    index += 1;
    visitsAt.set(visit.locationId, (visitsAt.get(visit.locationId) ?? 0) + 1);
    if (visit.finds.length === 0) continue;
    const day = dayOfYear(visit.date);
    const month = monthOf(visit.date);
    for (const find of visit.finds) {
      const key = keyOf(find.species);
      let tally = tallies.get(key);
      if (!tally) {
        tally = {
          name: find.species,
          nameDate: visit.date,
          lastVisit: -1,
          found: 0,
          locations: new Set(),
          days: new Uint8Array(DAYS_IN_CIRCLE + 1),
          foundByMonth: new Int32Array(13),
        };
        tallies.set(key, tally);
      } else if (laterSpelling(tally.name, tally.nameDate, find.species, visit.date)) {
        tally.name = find.species;
        tally.nameDate = visit.date;
      }
      if (tally.lastVisit === index) continue; // one visit finds a species once
      tally.lastVisit = index;
      tally.found += 1;
      tally.days[day] = 1;
      tally.foundByMonth[month] = (tally.foundByMonth[month] ?? 0) + 1;
      tally.locations.add(visit.locationId);
    }
  }
  return [...tallies.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, tally]) => {
      let spotVisits = 0;
      for (const locationId of tally.locations) spotVisits += visitsAt.get(locationId) ?? 0;
      return {
        species: tally.name,
        visits: spotVisits,
        found: tally.found,
        window: windowOfDays(tally.days),
        peakMonth: peakMonthOf(tally.foundByMonth),
      };
    });
}

/** Quantities summed in thousandths (finds have at most 3 decimals), so any order sums alike. */
type Thousandths = Partial<Record<FindUnit, number>>;

const quantityOf = (sums: Thousandths) =>
  Object.fromEntries(Object.entries(sums).map(([unit, sum]) => [unit, sum / 1000]));

interface YearTally {
  year: number;
  visits: number;
  found: number;
  first: string | null;
  last: string | null;
}

/**
 * One species' season (GET /seasonality?species=): the visits to the locations where it was
 * ever found (of `options.locationId` alone when given; of the years `from`-`to`), by month and
 * year, and its window. A species never found gives zeros. Its spots are those of any year, so
 * a year without finds still counts its visits there.
 */
export function speciesSeason(
  visits: readonly SeasonVisit[],
  species: string,
  options: SeasonOptions = {},
): SpeciesSeason {
  const keyOf = keyCache();
  const wanted = speciesKey(species);
  const findOf = (visit: SeasonVisit) => visit.finds.find((find) => keyOf(find.species) === wanted);
  const spots = new Set<string>();
  for (const visit of visits) {
    if (options.locationId !== undefined && visit.locationId !== options.locationId) continue;
    if (findOf(visit)) spots.add(visit.locationId);
  }
  // Shown as its latest counted find spells it; as asked when no visit counted found it.
  let name = species.trim();
  let nameDate = '';
  const months = Array.from({ length: 12 }, (_, index) => {
    const sums: Thousandths = {};
    return { month: index + 1, visits: 0, found: 0, sums };
  });
  const years = new Map<number, YearTally>();
  const days = new Uint8Array(DAYS_IN_CIRCLE + 1);
  let visitCount = 0;
  let found = 0;
  for (const visit of visits) {
    if (!spots.has(visit.locationId)) continue;
    const year = Number(visit.date.slice(0, 4));
    if ((options.from !== undefined && year < options.from) || year > (options.to ?? year))
      continue;
    const month = months[monthOf(visit.date) - 1];
    if (!month) continue; // not a date: never so from the API
    let yearTally = years.get(year);
    if (!yearTally)
      years.set(year, (yearTally = { year, visits: 0, found: 0, first: null, last: null }));
    visitCount += 1;
    month.visits += 1;
    yearTally.visits += 1;
    const find = findOf(visit);
    if (!find) continue;
    if (nameDate === '' || laterSpelling(name, nameDate, find.species, visit.date)) {
      name = find.species;
      nameDate = visit.date;
    }
    found += 1;
    month.found += 1;
    yearTally.found += 1;
    if (yearTally.first === null || visit.date < yearTally.first) yearTally.first = visit.date;
    if (yearTally.last === null || visit.date > yearTally.last) yearTally.last = visit.date;
    days[dayOfYear(visit.date)] = 1;
    if (find.quantity != null && find.unit != null)
      month.sums[find.unit] = (month.sums[find.unit] ?? 0) + Math.round(find.quantity * 1000);
  }
  return {
    species: name,
    visits: visitCount,
    found,
    window: windowOfDays(days),
    months: months.map(({ sums, ...month }) => ({ ...month, quantity: quantityOf(sums) })),
    years: [...years.values()].sort((a, b) => a.year - b.year),
  };
}
