import { randomUUID } from 'node:crypto';
import type { Location } from '@fj/contract/locations';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { seedJournal, type SearchSpot } from './helpers/search-journal.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** Short names for the ids, so the expectations read like the journal below. */
const names = ['a', 'a1', 'a2', 'a3', 'b', 'b1', 'b2', 'c'] as const;
type Name = (typeof names)[number];
const idOf = Object.fromEntries(names.map((name) => [name, randomUUID()])) as Record<Name, string>;
// The answer orders ties by id: give the spots ids in their names' order.
idOf.a = `00000000-0000-4000-8000-00000000000a`;
idOf.b = `00000000-0000-4000-8000-00000000000b`;
idOf.c = `00000000-0000-4000-8000-00000000000c`;
const nameOf = new Map(Object.entries(idOf).map(([name, id]) => [id, name]));

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ] as [number, number][],
  ],
};

const journal: SearchSpot[] = [
  {
    fields: {
      id: idOf.a,
      name: 'Old oak wood',
      position: { lat: 50, lng: 5 },
      treeTypes: ['Oak'],
      terrainType: 'Forest',
      categories: ['Fungi'],
    },
    entries: [
      {
        id: idOf.a1,
        date: '2023-08-10',
        finds: [{ species: 'Chanterelle', quantity: 2, unit: 'kg' }],
      },
      {
        id: idOf.a2,
        date: '2024-05-01',
        finds: [{ species: 'Morel' }],
        notes: 'Under the ÉCHELLE',
      },
      { id: idOf.a3, date: '2024-12-20', species: ['Chanterelle'] },
    ],
  },
  {
    fields: {
      id: idOf.b,
      name: 'Ash patch',
      position: { lat: 10, lng: 179 },
      treeTypes: ['ash', 'OAK'],
      area: square,
      favorite: true,
      access: { status: 'ask', note: 'Ring the Cèpe farm' },
    },
    entries: [
      {
        id: idOf.b1,
        date: '2024-04-20',
        finds: [{ species: 'Morel', quantity: 12, unit: 'count' }],
      },
      {
        id: idOf.b2,
        date: '2022-09-01',
        finds: [{ species: 'chanterelle', quantity: 500, unit: 'g' }],
      },
    ],
  },
  {
    fields: {
      id: idOf.c,
      name: 'Meadow',
      position: { lat: 50, lng: 5 },
      description: 'c++ and 100% _odd_ \\ "quotes" NEAR( it\'s 🍄',
    },
    entries: [],
  },
];

type Expected = [Name, Name[]][];

describe.each(databaseKinds)('GET /search on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [user, other] = [await t.signUp(), await t.signUp()];
    await seedJournal(t, user, journal);
  });

  const search = (query: string, who = user) =>
    t.app.inject({ method: 'GET', url: `/api/v1/search?${query}`, headers: who.auth });
  const found = async (query: string, who = user) => {
    const res = await search(query, who);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: { location: Location; entryIds: string[] }[]; total: number }>();
    expect(body.total).toBe(body.data.length);
    return body.data.map(({ location, entryIds }) => [
      nameOf.get(location.id),
      entryIds.map((id) => nameOf.get(id)),
    ]);
  };

  it.each<[string, string, Expected]>([
    [
      'nothing asked: every spot, newest visit first',
      '',
      [
        ['a', []],
        ['b', []],
        ['c', []],
      ],
    ],
    [
      'species, on visits',
      'species=chanterelle',
      [
        ['a', ['a3', 'a1']],
        ['b', ['b2']],
      ],
    ],
    [
      'two species: either',
      'species=Morel&species=cep',
      [
        ['a', ['a2']],
        ['b', ['b1']],
      ],
    ],
    [
      'tree, any of the labels',
      'tree=oak',
      [
        ['a', []],
        ['b', []],
      ],
    ],
    ['terrain', 'terrain=FOREST', [['a', []]]],
    ['category', 'category=fungi', [['a', []]]],
    [
      'months',
      'months=4-5',
      [
        ['a', ['a2']],
        ['b', ['b1']],
      ],
    ],
    ['months that wrap', 'months=11-2', [['a', ['a3']]]],
    ['year', 'year=2022', [['b', ['b2']]]],
    ['minQuantity with unit', 'minQuantity=10&unit=count', [['b', ['b1']]]],
    ['minQuantity of a species', 'species=Morel&minQuantity=1', [['b', ['b1']]]],
    [
      'minQuantity, any unit',
      'minQuantity=2',
      [
        ['b', ['b1', 'b2']],
        ['a', ['a1']],
      ],
    ],
    ['access', 'access=ask&access=closed', [['b', []]]],
    ['kind patch', 'kind=patch', [['b', []]]],
    [
      'kind point',
      'kind=point',
      [
        ['a', []],
        ['c', []],
      ],
    ],
    ['favorite', 'favorite=true', [['b', []]]],
    [
      'not favorite',
      'favorite=false',
      [
        ['a', []],
        ['c', []],
      ],
    ],
    ['bbox across 180°', 'bbox=170,0,-170,20', [['b', []]]],
    [
      'bbox',
      'bbox=4,49,6,51',
      [
        ['a', []],
        ['c', []],
      ],
    ],
    ['a word in a name', 'text=ash', [['b', []]]],
    ['a word in the notes, folded', 'text=echelle', [['a', ['a2']]]],
    ['accents ignored: cèpe finds Cèpe', `text=${encodeURIComponent('CÈPE')}`, [['b', []]]],
    ['words split between spot and visit', 'text=oak&text=morel', [['a', ['a2']]]],
    [
      'excluded in the spot text',
      'exclude=ash',
      [
        ['a', []],
        ['c', []],
      ],
    ],
    ['excluded in a visit', 'species=morel&exclude=echelle', [['b', ['b1']]]],
    ['combined', 'tree=oak&months=7-9&species=chanterelle&kind=point', [['a', ['a1']]]],
    ['no match', 'text=truffle', []],
  ])('%s', async (_, query, expected) => {
    expect(await found(query)).toEqual(expected);
  });

  it.each<[string, Expected]>([
    [
      'chanterelle tree:oak month:jul-sep',
      [
        ['a', ['a1']],
        ['b', ['b2']],
      ],
    ],
    ['species:morel is:favorite', [['b', ['b1']]]],
    ['cèpe', [['b', []]]],
    ['Cepe', [['b', []]]],
    ['"old oak" -ash', [['a', []]]],
    ['c++ NEAR( 100% _odd_ \\ "quotes" it\'s 🍄', [['c', []]]],
    ['% _ \' "', [['c', []]]],
  ])('the query box: %s', async (q, expected) => {
    expect(await found(`q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  it('answers pages: limit and offset, total counting all', async () => {
    const first = (await search('limit=2')).json<{
      data: { location: Location }[];
      total: number;
    }>();
    expect(first.total).toBe(3);
    expect(first.data.map((match) => nameOf.get(match.location.id))).toEqual(['a', 'b']);
    const rest = (await search('limit=2&offset=2')).json<{ data: { location: Location }[] }>();
    expect(rest.data.map((match) => nameOf.get(match.location.id))).toEqual(['c']);
    const past = (await search('offset=10')).json<{ data: unknown[]; total: number }>();
    expect(past).toEqual({ data: [], total: 3 });
  });

  it('answers each location as GET /locations lists it', async () => {
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: user.auth })
    ).json<{ data: Location[] }>().data;
    const body = (await search('')).json<{ data: { location: Location }[] }>();
    for (const { location } of body.data) {
      expect(location).toEqual(list.find((listed) => listed.id === location.id));
    }
  });

  it('names the bad facet in a 400', async () => {
    for (const [query, field] of [
      ['months=13', 'querystring.months'],
      ['year=20', 'querystring.year'],
      ['kind=line', 'querystring.kind'],
      ['bbox=1,2', 'querystring.bbox'],
      ['limit=1001', 'querystring.limit'],
      [`q=${encodeURIComponent('month:never')}`, 'querystring.q'],
    ]) {
      const res = await search(query ?? '');
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json<{ error: { fields: object } }>().error.fields)).toContain(field);
    }
  });

  it('asks for a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/search?q=oak' });
    expect(res.statusCode).toBe(401);
  });

  it('never searches another user’s identical journal', async () => {
    expect(await found('', other)).toEqual([]);
    // The same spots under other ids, for the other user: each sees their own only.
    const again = journal.map((spot) => ({
      fields: { ...spot.fields, id: randomUUID() },
      entries: spot.entries.map((entry) => ({ ...entry, id: randomUUID() })),
    }));
    await seedJournal(t, other, again);
    const mine = await found('q=chanterelle');
    expect(mine).toEqual([
      ['a', ['a3', 'a1']],
      ['b', ['b2']],
    ]);
    const theirs = (await search('q=chanterelle', other)).json<{
      data: { location: Location }[];
    }>();
    const theirIds = new Set<string>(again.map((spot) => spot.fields.id));
    expect(theirs.data.map((match) => theirIds.has(match.location.id))).toEqual([true, true]);
  });

  it('follows every write: update, entry change and delete, location delete', async () => {
    const who = await t.signUp();
    const id = randomUUID();
    const entryId = randomUUID();
    await seedJournal(t, who, [
      {
        fields: { id, name: 'Birch hill' },
        entries: [{ id: entryId, date: '2024-06-01', notes: 'ceps' }],
      },
    ]);
    const names = async (query: string) =>
      (await search(query, who))
        .json<{ data: { location: Location; entryIds: string[] }[] }>()
        .data.map(({ location, entryIds }) => [location.name, entryIds.length]);
    expect(await names('q=ceps')).toEqual([['Birch hill', 1]]);
    const call = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: who.auth,
        ...(payload ? { payload } : {}),
      });
    await call('PUT', `/locations/${id}`, { name: 'Pine hill' });
    expect(await names('q=birch')).toEqual([]);
    expect(await names('q=pine')).toEqual([['Pine hill', 0]]);
    await call('PUT', `/locations/${id}/entries/${entryId}`, { notes: 'morels' });
    expect(await names('q=ceps')).toEqual([]);
    expect(await names('q=morels')).toEqual([['Pine hill', 1]]);
    await call('DELETE', `/locations/${id}/entries/${entryId}`);
    expect(await names('q=morels')).toEqual([]);
    await call('DELETE', `/locations/${id}`);
    expect(await names('')).toEqual([]);
  });

  it('answers any text without a 5xx', async () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 1_000 }),
      fc.string({ unit: 'grapheme', maxLength: 100 }),
      fc
        .array(
          fc.constantFrom(
            '"',
            'c++',
            'NEAR(',
            '-oak',
            '%',
            '_',
            "'",
            '\\',
            '🍄',
            'tree:',
            '\u0000',
            ' ',
          ),
          {
            maxLength: 30,
          },
        )
        .map((parts) => parts.join('')),
    );
    await fc.assert(
      fc.asyncProperty(
        hostile,
        fc.constantFrom('q', 'text', 'exclude', 'species', 'tree'),
        async (text, key) => {
          const res = await search(`${key}=${encodeURIComponent(text)}`);
          expect(res.statusCode, `${key}=${JSON.stringify(text)}: ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
