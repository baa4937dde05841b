import type { Find } from '@fj/contract/finds';
import type { Location } from '@fj/contract/locations';
import type { SeasonSummary, SpeciesSeason } from '@fj/contract/seasonality';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, fieldsOf, type Call } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const kg = (species: string, quantity: number): Find => ({ species, quantity, unit: 'kg' });
const named = (species: string): Find => ({ species });

/** Spot name → its entries: a date and its finds, or 'nothing' (a visit that found nothing). */
const journal: Record<string, [string, Find[] | 'nothing'][]> = {
  Glade: [
    ['2023-09-10', [kg('Chanterelle', 1.2), { species: 'Cèpe', quantity: 3, unit: 'count' }]],
    ['2023-09-24', [kg('chanterelle', 0.3)]],
    ['2023-10-02', 'nothing'],
    [
      '2024-09-15',
      [
        { species: 'Chanterelle', quantity: 250, unit: 'g' },
        { species: 'cepe', quantity: 2.5 },
      ],
    ],
    ['2024-07-01', []],
  ],
  Bog: [
    ['2024-09-20', [kg('Chanterelle', 0.1)]],
    ['2024-05-01', 'nothing'],
  ],
  Ridge: [
    ['2024-04-20', [{ species: 'Morel', quantity: 14, unit: 'count' }]],
    ['2022-12-01', 'nothing'],
  ],
  Winter: [
    ['2020-12-10', [named('Velvet shank')]],
    ['2021-01-05', [named('velvet shank')]],
    ['2019-02-20', [named('Velvet shank')]],
    ['2021-06-01', []],
    ['2024-02-29', [named('Hedgehog')]],
  ],
};

async function seedJournal(t: TestApp, who: TestUser): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [name, entries] of Object.entries(journal)) {
    const location = await seedLocation(t, who, { name });
    ids[name] = location.id;
    for (const [date, finds] of entries)
      await seedEntry(
        t,
        who,
        location.id,
        finds === 'nothing' ? { date, nothingFound: true } : { date, finds },
      );
  }
  return ids;
}

const month = (m: number, visits = 0, found = 0, quantity = {}) => ({
  month: m,
  visits,
  found,
  quantity,
});
const months = (...given: ReturnType<typeof month>[]) =>
  Array.from({ length: 12 }, (_, i) => given.find((m) => m.month === i + 1) ?? month(i + 1));

const expectedList: SeasonSummary[] = [
  { species: 'cepe', visits: 5, found: 2, window: { from: '09-10', to: '09-15' }, peakMonth: 9 },
  {
    species: 'Chanterelle',
    visits: 7,
    found: 4,
    window: { from: '09-10', to: '09-24' },
    peakMonth: 9,
  },
  {
    species: 'Hedgehog',
    visits: 5,
    found: 1,
    window: { from: '02-28', to: '02-28' },
    peakMonth: 2,
  },
  { species: 'Morel', visits: 2, found: 1, window: { from: '04-20', to: '04-20' }, peakMonth: 4 },
  {
    species: 'velvet shank',
    visits: 5,
    found: 3,
    window: { from: '12-10', to: '02-20' },
    peakMonth: 1,
  },
];

const chanterelle: SpeciesSeason = {
  species: 'Chanterelle',
  visits: 7,
  found: 4,
  window: { from: '09-10', to: '09-24' },
  months: months(month(5, 1), month(7, 1), month(9, 4, 4, { kg: 1.6, g: 250 }), month(10, 1)),
  years: [
    { year: 2023, visits: 3, found: 2, first: '2023-09-10', last: '2023-09-24' },
    { year: 2024, visits: 4, found: 2, first: '2024-09-15', last: '2024-09-20' },
  ],
};

const velvetShank: SpeciesSeason = {
  species: 'velvet shank',
  visits: 5,
  found: 3,
  window: { from: '12-10', to: '02-20' },
  months: months(month(1, 1, 1), month(2, 2, 1), month(6, 1), month(12, 1, 1)),
  years: [
    { year: 2019, visits: 1, found: 1, first: '2019-02-20', last: '2019-02-20' },
    { year: 2020, visits: 1, found: 1, first: '2020-12-10', last: '2020-12-10' },
    { year: 2021, visits: 2, found: 1, first: '2021-01-05', last: '2021-01-05' },
    { year: 2024, visits: 1, found: 0, first: null, last: null },
  ],
};

const zeros = (species: string): SpeciesSeason => ({
  species,
  visits: 0,
  found: 0,
  window: null,
  months: months(),
  years: [],
});

describe.each(databaseKinds)('seasonality on $name', (kind) => {
  const t = useTestApp(kind);
  let asA: Call;
  let asB: Call;
  let spotsOfA: Record<string, string>;
  let spotsOfB: Record<string, string>;

  beforeAll(async () => {
    const [a, b] = [await t.signUp(), await t.signUp()];
    asA = apiClient(t.app, a.auth);
    asB = apiClient(t.app, b.auth);
    // B's journal is A's, to the day: none of it may show in A's numbers, nor A's in B's.
    spotsOfA = await seedJournal(t, a);
    spotsOfB = await seedJournal(t, b);
  });

  const data = async (call: Call, query: string) => {
    const res = await call('GET', `/seasonality${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: unknown }>().data;
  };

  it('lists every species found, by name, with visits, finds, window and peak month', async () => {
    expect(await data(asA, '')).toEqual(expectedList);
    expect(await data(asB, '')).toEqual(expectedList);
  });

  it("answers one species' months, quantities per unit, window and years", async () => {
    expect(await data(asA, '?species=CHANTERELLE')).toEqual(chanterelle);
    expect(await data(asA, `?species=${encodeURIComponent('velvet  shank')}`)).toEqual(velvetShank);
    expect(await data(asB, '?species=chanterelle')).toEqual(chanterelle);
    // A quantity without a unit is not summed; the spelling shown is the latest find's.
    expect(await data(asA, `?species=${encodeURIComponent('Cèpe')}`)).toMatchObject({
      species: 'cepe',
      months: months(month(7, 1), month(9, 3, 2, { count: 3 }), month(10, 1)),
    });
    expect(await data(asA, '?species=hedgehog')).toMatchObject({
      window: { from: '02-28', to: '02-28' },
      years: velvetShank.years.map((y) =>
        y.year === 2024
          ? { ...y, found: 1, first: '2024-02-29', last: '2024-02-29' }
          : { ...y, found: 0, first: null, last: null },
      ),
    });
  });

  it('keeps to one location and to the years from-to', async () => {
    const bog = await data(
      asA,
      `?species=chanterelle&locationId=${spotsOfA.Bog}&from=2024&to=2024`,
    );
    expect(bog).toEqual({
      ...chanterelle,
      visits: 2,
      found: 1,
      window: { from: '09-20', to: '09-20' },
      months: months(month(5, 1), month(9, 1, 1, { kg: 0.1 })),
      years: [{ year: 2024, visits: 2, found: 1, first: '2024-09-20', last: '2024-09-20' }],
    });
    const until2023 = await data(asA, '?species=chanterelle&to=2023');
    expect(until2023).toMatchObject({ visits: 3, found: 2, years: [chanterelle.years[0]] });
    expect(await data(asA, '?species=velvet%20shank&from=2020&to=2021')).toMatchObject({
      visits: 3,
      found: 2,
      window: { from: '12-10', to: '01-05' },
    });
  });

  it("gives zeros for a species never found, elsewhere than asked, or another user's location", async () => {
    expect(await data(asA, '?species=Puffball')).toEqual(zeros('Puffball'));
    expect(await data(asA, `?species=Morel&locationId=${spotsOfA.Glade}`)).toEqual(zeros('Morel'));
    expect(await data(asA, `?species=Morel&locationId=${spotsOfB.Ridge}`)).toEqual(zeros('Morel'));
    expect(await data(asA, '?species=Morel&locationId=nowhere')).toEqual(zeros('Morel'));
  });

  it('answers a bad parameter with a 400 naming it, and nothing without a session', async () => {
    const bad: [string, string][] = [
      ['?species=', 'species'],
      [`?species=${'x'.repeat(81)}`, 'species'],
      ['?species=cep&from=soon', 'from'],
      ['?species=cep&to=20245', 'to'],
      ['?from=2025&to=2024', 'to'],
      [`?locationId=${'x'.repeat(101)}`, 'locationId'],
    ];
    for (const [query, field] of bad) {
      const res = await asA('GET', `/seasonality${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(fieldsOf(res), query).toEqual([`querystring.${field}`]);
    }
    expect((await apiClient(t.app)('GET', '/seasonality')).statusCode).toBe(401);
  });

  it('follows the journal: a changed find moves the numbers', async () => {
    const res = await asA('GET', `/locations/${spotsOfA.Ridge}`);
    const ridge = res.json<Location>();
    const morel = ridge.entries.find((entry) => entry.date === '2024-04-20');
    const url = `/locations/${ridge.id}/entries/${morel?.id ?? ''}`;
    expect((await asA('PUT', url, { date: '2025-03-30' })).statusCode).toBe(200);
    expect(await data(asA, '?species=morel')).toMatchObject({
      window: { from: '03-30', to: '03-30' },
      years: [
        { year: 2022, visits: 1, found: 0, first: null, last: null },
        { year: 2025, visits: 1, found: 1, first: '2025-03-30', last: '2025-03-30' },
      ],
    });
    expect(await data(asB, '?species=morel')).toMatchObject({
      window: { from: '04-20', to: '04-20' },
    });
  });
});
