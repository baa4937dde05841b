import type { FindUnit } from '@fj/contract/finds';
import { findUnits } from '@fj/contract/finds';
import { DAYS_IN_CIRCLE, dayOfYear, windowOfDays } from '@fj/contract/season-window';
import type { SeasonalityQuery, SeasonSummary, SpeciesSeason } from '@fj/contract/seasonality';
import { laterSpelling, peakMonthOf } from '@fj/contract/seasons';
import { speciesKey } from '@fj/contract/text-fold';
import type { Db, Executor } from '../../db/executor.ts';
import {
  seasonalityRepository as repository,
  type MonthFindsRow,
  type SpeciesScope,
} from './repository.ts';

/*
 * GET /seasonality (docs/behaviour.md#seasons): the counts and sums by SQL GROUP BYs
 * (repository.ts), laid out here as the contract's seasons.ts lays them out from the visits
 * (the device's computation, which test/seasonality.test.ts holds this equal to), and the
 * window from the distinct days by the same season-window.ts.
 */

/** The spelling shown: the latest find's, ties the smaller text (seasons.ts' laterSpelling). */
function spellingOf(rows: Iterable<{ species: string; last: string }>): string | undefined {
  let name: string | undefined;
  let nameDate = '';
  for (const row of rows)
    if (name === undefined || laterSpelling(name, nameDate, row.species, row.last)) {
      name = row.species;
      nameDate = row.last;
    }
  return name;
}

const markedDays = (days: Iterable<string>) => {
  const marked = new Uint8Array(DAYS_IN_CIRCLE + 1);
  for (const day of days) marked[dayOfYear(day)] = 1;
  return marked;
};

/** The months' quantities: each unit's sum of thousandths (exact integers), in findUnits order. */
function quantitiesOf(
  rows: readonly MonthFindsRow[],
): Map<number, Partial<Record<FindUnit, number>>> {
  const sums = new Map<number, Map<string, number>>();
  for (const row of rows) {
    if (row.thousandths === null || row.unit === null) continue;
    const month = Number(row.month.slice(5, 7));
    let units = sums.get(month);
    if (!units) sums.set(month, (units = new Map()));
    units.set(row.unit, (units.get(row.unit) ?? 0) + Number(row.thousandths));
  }
  return new Map(
    [...sums].map(([month, units]) => [
      month,
      Object.fromEntries(
        findUnits.flatMap((unit) => {
          const sum = units.get(unit);
          return sum === undefined ? [] : [[unit, sum / 1000]];
        }),
      ),
    ]),
  );
}

async function speciesSeasonOf(db: Executor, scope: SpeciesScope, asked: string) {
  const visitRows = await repository.monthVisits(db, scope);
  const findRows = await repository.monthFinds(db, scope);
  const dayRows = await repository.findDaysOf(db, scope);
  const months = Array.from({ length: 12 }, (_, index) => ({
    month: index + 1,
    visits: 0,
    found: 0,
  }));
  const years = new Map<number, SpeciesSeason['years'][number]>();
  const yearOf = (month: string) => {
    const year = Number(month.slice(0, 4));
    let tally = years.get(year);
    if (!tally) years.set(year, (tally = { year, visits: 0, found: 0, first: null, last: null }));
    return tally;
  };
  for (const row of visitRows) {
    const month = months[Number(row.month.slice(5, 7)) - 1];
    if (!month) continue; // not a date: never so from the API
    month.visits += Number(row.visits);
    yearOf(row.month).visits += Number(row.visits);
  }
  for (const row of findRows) {
    const month = months[Number(row.month.slice(5, 7)) - 1];
    if (!month) continue;
    const year = yearOf(row.month);
    month.found += Number(row.found);
    year.found += Number(row.found);
    if (year.first === null || row.first < year.first) year.first = row.first;
    if (year.last === null || row.last > year.last) year.last = row.last;
  }
  const quantities = quantitiesOf(findRows);
  const found = months.reduce((sum, month) => sum + month.found, 0);
  return {
    species: spellingOf(findRows) ?? asked.trim(),
    visits: months.reduce((sum, month) => sum + month.visits, 0),
    found,
    window: windowOfDays(markedDays(dayRows.map((row) => row.day))),
    months: months.map((month) => ({ ...month, quantity: quantities.get(month.month) ?? {} })),
    years: [...years.values()].sort((a, b) => a.year - b.year),
  };
}

interface SpeciesTally {
  spellings: { species: string; last: string }[];
  found: number;
  days: Uint8Array;
  foundByMonth: Int32Array;
}

async function summariesOf(db: Executor, userId: string): Promise<SeasonSummary[]> {
  const spellingRows = await repository.spellingDays(db, userId);
  const visitRows = await repository.spotVisits(db, userId);
  const tallies = new Map<string, SpeciesTally>();
  for (const row of spellingRows) {
    let tally = tallies.get(row.species_key);
    if (!tally) {
      tally = {
        spellings: [],
        found: 0,
        days: new Uint8Array(DAYS_IN_CIRCLE + 1),
        foundByMonth: new Int32Array(13),
      };
      tallies.set(row.species_key, tally);
    }
    tally.spellings.push({ species: row.species, last: row.last });
    tally.found += Number(row.found);
    // 'MM-DD,MM-DD,…', a day for each find.
    const { days, foundByMonth } = tally;
    const text = row.days;
    for (let at = 0; at < text.length; at += 6) {
      const day = text.slice(at, at + 5);
      days[dayOfYear(day)] = 1;
      const month = (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
      foundByMonth[month] = (foundByMonth[month] ?? 0) + 1;
    }
  }
  const visitsOf = new Map(visitRows.map((row) => [row.species_key, Number(row.visits)]));
  // Ordered by speciesKey as JavaScript compares strings (seasonSummaries' order).
  return [...tallies.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, tally]) => ({
      species: spellingOf(tally.spellings) ?? key,
      visits: visitsOf.get(key) ?? 0,
      found: tally.found,
      window: windowOfDays(tally.days),
      peakMonth: peakMonthOf(tally.foundByMonth),
    }));
}

/** Reads that agree with each other: one snapshot (SQLite: one connection, in turn). */
const snapshot = <T>(db: Db, read: (trx: Executor) => Promise<T>) =>
  db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);

export function createSeasonalityService(db: Db) {
  return {
    species(userId: string, query: SeasonalityQuery & { species: string }): Promise<SpeciesSeason> {
      const scope: SpeciesScope = {
        userId,
        key: speciesKey(query.species),
        ...(query.locationId !== undefined ? { locationId: query.locationId } : {}),
        ...(query.from !== undefined ? { from: query.from } : {}),
        ...(query.to !== undefined ? { to: query.to } : {}),
      };
      return snapshot(db, (trx) => speciesSeasonOf(trx, scope, query.species));
    },
    all(userId: string): Promise<SeasonSummary[]> {
      return snapshot(db, (trx) => summariesOf(trx, userId));
    },
  };
}

export type SeasonalityService = ReturnType<typeof createSeasonalityService>;
