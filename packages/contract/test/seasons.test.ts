import { describe, expect, it } from 'vitest';
import { speciesSeasonSchema, seasonSummarySchema } from '../src/seasonality.ts';
import {
  dayOfYear,
  inSeason,
  monthDayOf,
  nextSeasonStart,
  seasonSummaries,
  speciesSeason,
  type SeasonVisit,
} from '../src/seasons.ts';

const visit = (
  locationId: string,
  date: string,
  ...finds: SeasonVisit['finds'][number][]
): SeasonVisit => ({ locationId, date, finds });
const find = (
  species: string,
  quantity: number | null = null,
  unit: 'count' | 'g' | 'kg' | 'l' | null = null,
) => ({
  species,
  quantity,
  unit,
});
const noQuantity = {};
const emptyMonths = Array.from({ length: 12 }, (_, index) => ({
  month: index + 1,
  visits: 0,
  found: 0,
  quantity: noQuantity,
}));
const withMonths = (
  changes: Record<number, { visits: number; found: number; quantity?: object }>,
) =>
  emptyMonths.map((month) => {
    const change = changes[month.month];
    return change ? { ...month, quantity: noQuantity, ...change } : month;
  });

describe('days of the year', () => {
  it('lays every year on a leap year, Feb 29 as Feb 28', () => {
    expect(dayOfYear('2023-01-01')).toBe(1);
    expect(dayOfYear('2023-02-28')).toBe(59);
    expect(dayOfYear('2024-02-29')).toBe(59);
    expect(dayOfYear('2023-03-01')).toBe(61);
    expect(dayOfYear('2024-03-01')).toBe(61);
    expect(dayOfYear('2023-12-31')).toBe(366);
    expect(dayOfYear('12-10')).toBe(345);
    expect(monthDayOf(345)).toBe('12-10');
    expect(monthDayOf(59)).toBe('02-28');
    expect(monthDayOf(61)).toBe('03-01');
    expect(monthDayOf(1)).toBe('01-01');
    expect(monthDayOf(366)).toBe('12-31');
  });
});

describe('the window', () => {
  const windowOf = (...dates: string[]) =>
    speciesSeason(
      dates.map((date) => visit('a', date, find('Morel'))),
      'morel',
    ).window;

  it('wraps over the new year when that is the shorter arc', () => {
    expect(windowOf('2020-12-10', '2021-01-05', '2019-02-20')).toEqual({
      from: '12-10',
      to: '02-20',
    });
    expect(windowOf('2020-09-01', '2021-10-15', '2019-09-20')).toEqual({
      from: '09-01',
      to: '10-15',
    });
  });
  it('is one day for one find, and null with none', () => {
    expect(windowOf('2021-06-03')).toEqual({ from: '06-03', to: '06-03' });
    expect(windowOf('2021-06-03', '2015-06-03')).toEqual({ from: '06-03', to: '06-03' });
    expect(windowOf()).toBeNull();
  });
  it('counts Feb 29 as Feb 28', () => {
    expect(windowOf('2024-02-29', '2023-02-28')).toEqual({ from: '02-28', to: '02-28' });
    expect(windowOf('2024-02-29', '2023-03-02')).toEqual({ from: '02-28', to: '03-02' });
  });
  it('takes the earliest from between arcs equally short', () => {
    // Jan 1 and Jul 2 (day 184) are 183 days apart both ways round a 366-day year.
    expect(windowOf('2021-07-02', '2021-01-01')).toEqual({ from: '01-01', to: '07-02' });
  });
  it('tells whether a date is inside and when it next opens', () => {
    const wrapping = { from: '12-10', to: '02-20' };
    expect(inSeason(wrapping, '2026-01-31')).toBe(true);
    expect(inSeason(wrapping, '2026-12-10')).toBe(true);
    expect(inSeason(wrapping, '2026-02-21')).toBe(false);
    expect(inSeason(null, '2026-02-21')).toBe(false);
    expect(nextSeasonStart(wrapping, '2026-02-21')).toBe('2026-12-10');
    expect(nextSeasonStart(wrapping, '2026-02-20')).toBe('2026-02-20');
    const summer = { from: '06-01', to: '08-31' };
    expect(nextSeasonStart(summer, '2026-09-01')).toBe('2027-06-01');
    expect(nextSeasonStart(summer, '2026-05-31')).toBe('2026-06-01');
    expect(inSeason({ from: '02-28', to: '02-28' }, '2028-02-29')).toBe(true);
    expect(nextSeasonStart(null, '2026-05-31')).toBeNull();
  });
});

const journal: SeasonVisit[] = [
  visit('glade', '2023-09-10', find('Chanterelle', 1.2, 'kg'), find('Cèpe', 3, 'count')),
  visit('glade', '2023-09-24', find('chanterelle', 0.3, 'kg')),
  visit('glade', '2023-10-02'),
  visit('glade', '2024-09-15', find('Chanterelle', 250, 'g'), find('cepe', 2.5)),
  visit('glade', '2024-07-01'),
  visit('bog', '2024-09-20', find('Chanterelle', 0.1, 'kg')),
  visit('bog', '2024-05-01'),
  visit('ridge', '2024-04-20', find('Morel', 14, 'count')),
  visit('ridge', '2022-12-01'),
];

describe('one species', () => {
  it('counts visits to its spots by month and year, quantities summed per unit', () => {
    const season = speciesSeason(journal, 'CHANTERELLE');
    expect(speciesSeasonSchema.parse(season)).toEqual(season);
    expect(season).toEqual({
      species: 'Chanterelle',
      visits: 7,
      found: 4,
      window: { from: '09-10', to: '09-24' },
      months: withMonths({
        5: { visits: 1, found: 0 },
        7: { visits: 1, found: 0 },
        9: { visits: 4, found: 4, quantity: { kg: 1.6, g: 250 } },
        10: { visits: 1, found: 0 },
      }),
      years: [
        { year: 2023, visits: 3, found: 2, first: '2023-09-10', last: '2023-09-24' },
        { year: 2024, visits: 4, found: 2, first: '2024-09-15', last: '2024-09-20' },
      ],
    });
  });
  it('keeps to one location and to the years asked', () => {
    const season = speciesSeason(journal, 'chanterelle', {
      locationId: 'bog',
      from: 2024,
      to: 2024,
    });
    expect(season.visits).toBe(2);
    expect(season.found).toBe(1);
    expect(season.years).toEqual([
      { year: 2024, visits: 2, found: 1, first: '2024-09-20', last: '2024-09-20' },
    ]);
    const early = speciesSeason(journal, 'chanterelle', { to: 2023 });
    expect(early.years.map((year) => year.year)).toEqual([2023]);
    expect(early.months[8]).toEqual({ month: 9, visits: 2, found: 2, quantity: { kg: 1.5 } });
    // A quantity without a unit is not summed; the spelling shown is the latest find's.
    const cepe = speciesSeason(journal, 'CEPE');
    expect(cepe.species).toBe('cepe');
    expect(cepe.months[8]?.quantity).toEqual({ count: 3 });
  });
  it('gives zeros for a species never found, or not at that location', () => {
    const expected = {
      species: 'Puffball',
      visits: 0,
      found: 0,
      window: null,
      months: emptyMonths,
      years: [],
    };
    expect(speciesSeason(journal, ' Puffball ')).toEqual(expected);
    expect(speciesSeason(journal, 'Morel', { locationId: 'glade' })).toMatchObject({
      visits: 0,
      found: 0,
    });
  });
  it('sums thousandths so the order of the visits does not change a sum', () => {
    const visits = [0.1, 0.2, 0.3].map((kg) => visit('a', '2024-01-01', find('x', kg, 'kg')));
    expect(speciesSeason(visits, 'x').months[0]?.quantity).toEqual({ kg: 0.6 });
    expect(speciesSeason(visits.reverse(), 'x').months[0]?.quantity).toEqual({ kg: 0.6 });
  });
});

describe('every species', () => {
  it('lists each species found, by name, with its window and peak month', () => {
    const summaries = seasonSummaries(journal);
    for (const summary of summaries) expect(seasonSummarySchema.parse(summary)).toEqual(summary);
    expect(summaries).toEqual([
      {
        species: 'cepe',
        visits: 5,
        found: 2,
        window: { from: '09-10', to: '09-15' },
        peakMonth: 9,
      },
      {
        species: 'Chanterelle',
        visits: 7,
        found: 4,
        window: { from: '09-10', to: '09-24' },
        peakMonth: 9,
      },
      {
        species: 'Morel',
        visits: 2,
        found: 1,
        window: { from: '04-20', to: '04-20' },
        peakMonth: 4,
      },
    ]);
  });
  it('agrees with one species at a time, the earliest month on a tie', () => {
    const visits = [
      visit('a', '2020-12-10', find('x')),
      visit('a', '2021-01-05', find('x')),
      visit('b', '2021-02-20', find('x'), find('X')),
      visit('b', '2021-03-20'),
    ];
    const [summary] = seasonSummaries(visits);
    expect(summary).toEqual({
      species: 'X',
      visits: 4,
      found: 3,
      window: { from: '12-10', to: '02-20' },
      peakMonth: 1,
    });
    const season = speciesSeason(visits, 'x');
    expect([season.visits, season.found, season.window]).toEqual([4, 3, summary?.window]);
  });
  it('is empty for a journal without finds', () => {
    expect(seasonSummaries([visit('a', '2024-01-01')])).toEqual([]);
  });
});
